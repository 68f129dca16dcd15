import FactoryCore

extension StoryLibrary {
    /// A dream ride among the clouds and stars on a soft cloud boat: the moon, comets, a gentle dragon.
    static let sky = StoryFamily(
        id: "sky",
        keywords: ["sky", "star", "stars", "moon", "space", "rocket", "planet", "planets", "cloud", "clouds", "fly",
                   "flying", "dragon", "dream", "dreams", "balloon", "comet", "astronaut", "galaxy", "rainbow",
                   "bird", "birds", "wings", "unicorn"],
        titles: ["{hero} and the Cloud Boat", "{hero} Among the Stars", "The Night {hero} Visited the Moon",
                 "Sleepy Lullabies for {hero}"] + skyTitles,
        setups: [
            StoryPart("sky-setup-window", core: [
                "{hero}, who was {age}, had a window by the bed that looked out on the stars.",
                "One evening, as {hero} and {companion} looked out, a soft little cloud drifted down to the glass.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "The cloud was shaped like a little boat, with a puffy white seat and a curl of mist at the front.",
                "\"It's a cloud boat,\" whispered {hero}. \"It has come to take us for a ride, just a short one, before sleep.\"",
                "So they climbed aboard, wrapped in a blanket, and the cloud boat rose gently, gently, into the starry sky.",
            ]),
            StoryPart("sky-setup-dream", core: [
                "Once upon a time, there was a {age}-year-old called {hero} who loved the stars more than anything.",
                "Every night, {hero} and {companion} said goodnight to the moon before closing their eyes.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "But tonight, as soon as they closed their eyes, they found themselves in a lovely dream.",
                "They were sitting on a soft cloud, high above the rooftops, with the town asleep below.",
                "The cloud felt like the fluffiest pillow, and it floated off slowly towards the stars.",
            ]),
        ] + skySetups,
        troubles: [
            StoryTrouble(problem: StoryPart("sky-problem-star", core: [
                "Then they heard a tiny sniffle from a little star sitting on a cloud.",
                "\"I slipped out of my place,\" it said, \"and now there is a gap in the sky.\"",
            ], extras: [
                "Its light had gone pale and flickery, the way a candle flickers in a draught.",
                "Far above, they could see the pattern of stars with one empty space in it, like a missing tooth.",
                "\"We'll take you back,\" said {hero} gently. \"The sky wouldn't be the same without you.\"",
            ]), resolution: StoryPart("sky-resolve-star", core: [
                "{giftLine}",
                "{hero} steered the cloud boat up to the empty place, and the little star hopped back into its spot.",
            ], extras: [
                "At once its light grew warm and bright again, right where it belonged.",
                "All the stars of the constellation twinkled together, happy to be whole.",
                "\"Thank you,\" sang the little star. \"Whenever you look up, I'll be twinkling for you.\"",
                "{hero} waved, and the little star winked back, the brightest of them all.",
            ]), summary: "{hero} and {friend} ride a cloud boat to carry a little lost star back to its place in the sky."),
            StoryTrouble(problem: StoryPart("sky-problem-dragon", core: [
                "Behind a silver cloud, they found a young dragon with soft green scales, sighing.",
                "\"I can't fall asleep,\" it said. \"My eyes will not stay closed.\"",
            ], extras: [
                "It was a gentle dragon, no bigger than a pony, with a round tummy and little wings that drooped.",
                "When it yawned, only a warm puff of pink smoke came out, which smelled a little like toast.",
                "\"We know all about falling asleep,\" said {hero}. \"Let us help.\"",
            ]), resolution: StoryPart("sky-resolve-dragon", core: [
                "{giftLine}",
                "{hero} tucked a cloud around the dragon like a blanket and sang softly until it fell fast asleep.",
            ], extras: [
                "The dragon's eyes had grown heavier and heavier, and it gave one last warm, contented sigh.",
                "It snored very quietly, and each snore made a tiny pink cloud that floated away.",
                "{friend} tiptoed around it, tucking the cloud blanket in at the edges.",
                "\"Sweet dreams, little dragon,\" whispered {hero}, and they floated away so as not to wake it.",
            ]), summary: "{hero} and {friend} help a gentle young dragon fall asleep on a cloud high in the night sky."),
        ] + skyTroubles,
        episodes: [
            StoryPart("sky-rooftops", core: [
                "Below them, the rooftops of the town slid slowly by, with chimneys like sleepy sentries.",
                "Here and there a window glowed, and {hero} imagined the families inside, getting ready for bed.",
            ], extras: [
                "A cat on a roof looked up and watched the cloud boat pass, its tail curling with surprise.",
                "{hero} waved to it, and the cat, after thinking about it, gave one slow blink.",
                "One by one, the lights in the windows went out, like candles being blown out for the night.",
                "Soon the whole town was dark and cosy and fast asleep.",
            ]),
            StoryPart("sky-moon", core: [
                "Then the moon came close, big and round and pearly white, with a face that seemed to smile.",
                "\"Good evening, travellers,\" said the moon in a voice as soft as milk.",
            ], extras: [
                "{hero} asked the moon whether it ever got tired, shining all night long.",
                "\"Oh, I rest in the daytime,\" said the moon, \"when the sun takes a turn. Everyone needs their sleep.\"",
                "The moon let them touch its surface, which was cool and smooth, like the inside of a shell.",
                "They said goodbye, and the moon's glow followed them, lighting their way like a lamp.",
            ]),
            StoryPart("sky-comet", core: [
                "A little comet whooshed past, slowly for a comet, with a long sparkly tail behind it.",
                "It circled back when it saw them and said, \"Would you like a ride on my tail?\"",
            ], extras: [
                "{hero} and {friend} held onto the glittery tail, and it was soft, like holding a silk ribbon.",
                "They swooped in a gentle loop, not too fast, with the stars spinning slowly around them.",
                "When the comet set them back in their cloud boat, there was stardust all over their pyjamas.",
                "It glittered for a moment, and then it faded away, leaving them warm and giggly.",
            ]),
            StoryPart("sky-rainbow-bridge", core: [
                "Ahead of them stretched a moonbow, a rainbow made of moonlight, pale and shimmering.",
                "Its colours were soft and misty: lavender, silver, pale gold and the gentlest blue.",
            ], extras: [
                "The cloud boat floated along its curve, up one side and slowly down the other.",
                "At the very top, {hero} reached out and felt the colours, cool as a breeze.",
                "\"It feels like the inside of a dream,\" said {hero}.",
                "{friend} said that it probably was, and they both smiled.",
            ]),
            StoryPart("sky-owl", core: [
                "A wise old owl flew beside them for a while, its great wings beating without a sound.",
                "\"I fly here every night,\" said the owl, \"to make sure the sky is peaceful.\"",
            ], extras: [
                "{hero} asked what the owl saw on its rounds.",
                "\"Sleeping children,\" said the owl. \"Sleeping birds in their nests. Sleeping foxes in their dens. Everyone safe and sound.\"",
                "Then the owl dipped one wing in a slow goodbye and glided away over the hills.",
                "Its words stayed with {hero}, warm and comforting: everyone safe and sound.",
            ]),
            StoryPart("sky-star-music", core: [
                "As they floated further, {hero} noticed that the stars were making a sound, very faint and sweet.",
                "Each star was humming its own single note, and together the notes made a lullaby.",
            ], extras: [
                "Some notes were high and tinkly, and some were low and warm, like a cello.",
                "{friend} closed both eyes to listen, and {hero} did the same.",
                "The music rose and fell like breathing, slow and even and kind.",
                "It was the most peaceful song in the whole universe, and it was playing just for them.",
            ]),
            StoryPart("sky-cloud-sheep", core: [
                "They drifted past a meadow of little cloud sheep, fluffy and white, grazing on the mist.",
                "A shepherd made of moonlight was counting them, one by one, as they jumped over a silver gate.",
            ], extras: [
                "\"Would you like to help?\" asked the shepherd, and {hero} nodded.",
                "So {hero} counted too: one sheep, two sheep, three sheep, four.",
                "Each sheep gave a soft little baa as it jumped, and then settled down in the mist to sleep.",
                "By the time they reached twenty, {hero} had to blink hard to stay awake.",
            ]),
            StoryPart("sky-planet", core: [
                "Far away, a small purple planet turned slowly, with a ring around it like a hula hoop.",
                "The cloud boat sailed around the ring, which was made of tiny, sparkling pebbles of ice.",
            ], extras: [
                "{hero} caught one of the pebbles, and it melted into a cool drop that tasted of peppermint.",
                "On the planet below, they could see little lights and soft, round hills.",
                "\"Everyone there is asleep too,\" said {friend}. \"Even on faraway planets, it's bedtime.\"",
                "They waved goodnight to the little purple planet and sailed on.",
            ]),
        ],
        words: ["place": "the starry sky", "path": "the silver trail of the Milky Way", "lights": "stars",
                "sound": "the soft hum of the stars", "soft": "the fluffy edge of the cloud boat",
                "home": "the bedroom by the window", "creature": "a family of little night birds",
                "smell": "cool night air and faraway rain", "colour": "lavender and silver", "treasure": "tiny silver feather"],
        defaultFriend: (name: "Wisp", intro: "a small, cheerful cloud called Wisp"),
        scene: "sitting in a little cloud boat floating among twinkling stars, a big smiling moon nearby and sleeping rooftops far below."
    )
}
