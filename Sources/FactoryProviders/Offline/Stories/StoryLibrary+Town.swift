import FactoryCore

extension StoryLibrary {
    /// An evening stroll through a small town closing up for the night: the baker, the library, the clock tower, the last train.
    static let town = StoryFamily(
        id: "town",
        keywords: ["town", "city", "village", "street", "bakery", "baker", "shop", "market", "train", "bus", "library",
                   "book", "books", "school", "friend", "friends", "birthday", "party", "toy", "toys", "cat", "dog",
                   "puppy", "kitten", "grandma", "grandpa", "family", "home", "house", "music", "clock"],
        titles: ["{hero} and the Sleepy Town", "A Lantern Walk with {hero}", "The Night {hero} Tucked In the Streets",
                 "Lamplight Over {hero}'s Quiet Square"] + townTitles,
        setups: [
            StoryPart("town-setup-walk", core: [
                "In a little town with cobbled streets lived {hero}, who was {age} years old.",
                "Every evening, {hero} and {companion} walked with Grandpa to watch the town get ready for bed.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "Tonight the streetlamps were just flickering on, one after another, like a row of friendly eyes.",
                "Grandpa took his walking stick and his old hat and said, \"Just once round the square, and then it's bedtime.\"",
                "So out they went into the cool, quiet evening, their footsteps making a soft tap-tap on the cobbles.",
            ]),
            StoryPart("town-setup-lantern", core: [
                "Once upon a time, in a small and friendly town, there lived a {age}-year-old called {hero}.",
                "{hero} lived above the bookshop with Mum and {companion}, looking out over the town square.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "Tonight was the evening of the lantern walk, when the children of the town carried paper lanterns around the square.",
                "Mum helped {hero} light a round orange lantern that glowed like a small, friendly sun.",
                "\"Stay with the others and I'll be right behind you,\" she said, and they joined the gentle parade.",
            ]),
        ] + townSetups,
        troubles: [
            StoryTrouble(problem: StoryPart("town-problem-kitten", core: [
                "Then they heard a small mew from a flower box on a windowsill.",
                "A little kitten had climbed up after a moth, and now it could not get down.",
            ], extras: [
                "Its fur was orange and white, and its tiny tail was wrapped tightly around its paws.",
                "\"It lives at the bakery,\" said {hero}, \"and the baker will be looking for it.\"",
                "{friend} looked up at the kitten, and the kitten looked down, and everyone wanted very much to help.",
            ]), resolution: StoryPart("town-resolve-kitten", core: [
                "{giftLine}",
                "{hero} helped the kitten down, step by step, and carried it home to the bakery.",
            ], extras: [
                "The baker was standing in the doorway, calling its name into the evening.",
                "\"Oh, thank you,\" said the baker, cuddling the kitten close. \"She's always chasing moths.\"",
                "He gave {hero} a warm cinnamon bun wrapped in paper, still soft from the oven.",
                "The kitten purred and purred, and then curled up in a basket by the warm oven to sleep.",
            ]), summary: "{hero} and {friend} help a little kitten down from a windowsill and bring it home to the bakery."),
            StoryTrouble(problem: StoryPart("town-problem-clock", core: [
                "In the square stood the clock tower, and tonight its bedtime bell had not rung.",
                "The clock keeper was in bed with a cold, and nobody had wound the big clock.",
            ], extras: [
                "\"Oh dear,\" said the baker, who was passing by. \"The whole town listens for that bell.\"",
                "Without the bedtime bell, the pigeons on the roof did not know it was time to sleep.",
                "They shuffled about, cooing in a confused sort of way, wide awake.",
                "\"Could we help?\" asked {hero}, and the baker smiled, because he had the clock keeper's spare key in his apron pocket.",
            ]), resolution: StoryPart("town-resolve-clock", core: [
                "{giftLine}",
                "Up the winding stairs they went, and {hero} turned the big brass key until the clock ticked again.",
            ], extras: [
                "Then the bell rang out, soft and deep, eight gentle times over the rooftops.",
                "At the sound of it, the pigeons tucked their heads under their wings and settled down to sleep.",
                "All over town, people looked up and smiled, because the bedtime bell meant everything was as it should be.",
                "\"Well done,\" said the baker, and he gave {hero} a floury high five.",
            ]), summary: "The bedtime bell stays silent until {hero} winds the town's big clock with {friend}."),
        ] + townTroubles,
        episodes: [
            StoryPart("town-bakery", core: [
                "The first stop was the bakery, where the baker was setting out dough to rise for the morning.",
                "The whole street smelled of warm bread and sugar, and {hero} breathed it in happily.",
            ], extras: [
                "Through the window, they saw rows of round loaves resting under cloths, like babies tucked in.",
                "The baker waved a floury hand and held up a tray of tiny biscuits for them to try.",
                "They were shaped like stars and tasted of honey and vanilla.",
                "\"See you in the morning,\" said the baker, and turned the sign on the door to Closed.",
            ]),
            StoryPart("town-library", core: [
                "Next they passed the library, where the librarian was putting the last books back on the shelves.",
                "\"Every book has its own bed,\" she said, \"and at night they all go home to it.\"",
            ], extras: [
                "{hero} helped slide a big picture book about whales into its place on the bottom shelf.",
                "The librarian showed them a cosy corner with cushions, where the smallest books slept.",
                "\"Goodnight, books,\" whispered {hero}, and it really did seem that the books were settling down.",
                "Then the librarian switched off the lamps one by one and locked the door with a gentle click.",
            ]),
            StoryPart("town-fountain", core: [
                "In the square, the little fountain was splashing softly, catching the light from the lamps.",
                "{hero} sat on its stone edge and trailed a finger in the cool water.",
            ], extras: [
                "Coins glinted at the bottom, each one a wish someone had made.",
                "{hero} did not have a coin, so instead {hero} made a wish without one and whispered it to the water.",
                "It was a wish for everyone in town to have sweet dreams tonight.",
                "The fountain burbled, as if to say it would pass the wish along.",
            ]),
            StoryPart("town-train", core: [
                "From the station came the sound of the last little train of the day, chuffing slowly home.",
                "It pulled in with a long, sleepy sigh of steam, and the driver climbed down and stretched.",
            ], extras: [
                "\"Last run of the day,\" said the driver. \"Now it's bedtime for the train too.\"",
                "He let {hero} ring the little brass bell, ding, ding, and then patted the engine like a good old horse.",
                "The train gave one last puff of steam that floated up towards the stars.",
                "Then it sat quietly in its shed, ticking softly as it cooled, ready for a good night's rest.",
            ]),
            StoryPart("town-musician", core: [
                "On a bench by the park, an old man was playing a soft tune on a violin.",
                "The music was slow and gentle, and it floated down the street like a warm breeze.",
            ], extras: [
                "{hero} and {friend} stopped to listen, swaying a little from side to side.",
                "When the tune ended, {hero} clapped quietly, and the old man bowed.",
                "\"That was a lullaby my mother used to play,\" he said. \"I play it every night for the town.\"",
                "He played it once more, even softer, and it seemed that all the houses were listening.",
            ]),
            StoryPart("town-windows", core: [
                "They walked down a street where every house had a window box full of flowers.",
                "Behind the curtains, lamps glowed warm and yellow, and here and there a shadow moved as someone read a story.",
            ], extras: [
                "In one window, a dog was already asleep on the sofa, its paws twitching in a happy dream.",
                "In another, a baby was being rocked gently back and forth.",
                "{hero} thought it was lovely to think of all the bedtimes happening at once, all over the town.",
                "One by one, the lamps went out, and the street grew softer and darker and quieter.",
            ]),
            StoryPart("town-hedgehog-park", core: [
                "In the little park, under a bush by the gate, a hedgehog was snuffling about for its supper.",
                "It found a fat beetle, munched it happily, and then looked up at them with its bright little eyes.",
            ], extras: [
                "\"Good evening,\" said {hero} in a whisper, and the hedgehog twitched its nose.",
                "Then it trundled off across the grass towards its nest of leaves under the hedge.",
                "They watched it go, a small round shape in the lamplight.",
                "\"Even hedgehogs have a bedtime,\" said {friend}, and {hero} agreed.",
            ]),
            StoryPart("town-lamplighter", core: [
                "At the end of the lane, the lamplighter was climbing her ladder to turn down the oldest lamp in town.",
                "\"This one likes to glow very softly at night,\" she said, \"so it doesn't keep anyone awake.\"",
            ], extras: [
                "She let {hero} turn the little brass knob, and the flame shrank to a gentle, golden glow.",
                "The light fell soft and warm on the cobbles, like a pool of honey.",
                "\"Perfect,\" said the lamplighter. \"Now the whole lane can sleep.\"",
                "She folded her ladder, tipped her hat, and went home whistling a quiet tune.",
            ]),
        ],
        words: ["place": "the little town", "path": "the cobbled street", "lights": "lanterns",
                "sound": "the church bell humming faintly in the tower", "soft": "a wooden bench under a lamp",
                "home": "the house with the blue front door", "creature": "a family of sparrows under the eaves",
                "smell": "warm bread and blossom", "colour": "apricot and rose", "treasure": "shiny brass button"],
        defaultFriend: (name: "Marmalade", intro: "a fluffy orange cat called Marmalade"),
        scene: "in a cosy little town square at dusk, cobbled streets, glowing lanterns and windows, and a clock tower against a violet sky."
    )
}
