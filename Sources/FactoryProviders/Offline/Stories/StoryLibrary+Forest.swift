import FactoryCore

extension StoryLibrary {
    /// An evening walk in a friendly wood behind the cottage: fireflies, moss, owls and a moonlit pond.
    static let forest = StoryFamily(
        id: "forest",
        keywords: ["forest", "wood", "woods", "tree", "trees", "owl", "fox", "deer", "badger", "hedgehog", "mushroom",
                   "fairy", "fairies", "elf", "elves", "woodland", "jungle", "leaf", "leaves", "garden", "park", "camping"],
        titles: ["{hero} and the Whispering Wood", "Firefly Lanterns Light {hero}'s Way", "The Night {hero} Walked in the Wood",
                 "A Moonlit Path for {hero}"] + forestTitles,
        setups: [
            StoryPart("forest-setup-cottage", core: [
                "In a little cottage at the edge of the Whispering Wood lived {hero}, who was {age} years old.",
                "Every evening before bed, {hero} took a short walk under the trees with {companion}.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "Tonight the air was warm and still, and the first fireflies were already blinking between the ferns.",
                "Grandma waved from the porch. \"Stay on the mossy path,\" she said, \"and come back when the moon is over the old oak.\"",
                "So off they went, side by side, into the soft green evening.",
            ]),
            StoryPart("forest-setup-lantern", core: [
                "Once upon a time, in a cottage beside a friendly old wood, lived a {age}-year-old called {hero}.",
                "{hero}'s best friend in all the world was {companion}, and the two of them did everything together.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "One summer evening, just as the sky turned pink and gold, {hero} lit a little paper lantern.",
                "\"Just a short walk in the wood,\" said Dad, smiling from the doorway, \"and then it is bedtime.\"",
                "{hero} promised, and the two friends stepped onto the mossy path with the lantern swinging gently.",
            ]),
        ] + forestSetups,
        troubles: [
            StoryTrouble(problem: StoryPart("forest-problem-owlet", core: [
                "Then they heard a small, worried hoot from a bramble bush.",
                "A baby owl had fluttered out of its nest and could not find the way back.",
            ], extras: [
                "The owlet's feathers were fluffy and grey, and its round eyes blinked at {hero} and {friend}.",
                "\"My nest is up in the tallest tree,\" it said, \"but all the trees look tall to me.\"",
                "{hero} knelt down and said, \"Don't worry. We will help you get home.\"",
            ]), resolution: StoryPart("forest-resolve-owlet", core: [
                "{giftLine}",
                "{hero} listened for Mother Owl's answering hoot, and together they carried the owlet back to her tree.",
            ], extras: [
                "She was waiting on the lowest branch of the tallest tree of all, and {hero} lifted the owlet gently up beside her.",
                "The owlet hopped from branch to branch, up and up, until it tumbled happily into its cosy nest.",
                "Mother Owl wrapped a wing around her little one and gave {hero} a slow, grateful blink.",
                "\"Thank you,\" hooted the owlet sleepily. \"Goodnight, {hero}. Goodnight, {friend}.\"",
            ]), summary: "{hero} and {friend} help a baby owl find its way back to its nest in the Whispering Wood."),
            StoryTrouble(problem: StoryPart("forest-problem-fireflies", core: [
                "By the old oak, the fireflies were buzzing in a worried little cloud.",
                "Their queen's light had grown dim, and she was too tired to lead them home.",
            ], extras: [
                "Without her, the fireflies did not know which way to go, and they bumped gently into each other in the dark.",
                "\"Oh dear,\" said the smallest firefly. \"We always fly home together.\"",
                "{hero} looked at {friend}, and {friend} looked at {hero}, and they both knew they wanted to help.",
            ]), resolution: StoryPart("forest-resolve-fireflies", core: [
                "{giftLine}",
                "{hero} cupped both hands around the tired queen until she rested, and slowly her light came back.",
            ], extras: [
                "Soon she was glowing again, gold and bright, and the fireflies cheered in tiny, twinkling voices.",
                "The queen rose into the air and led her fireflies home in a long, shining line, like a necklace across the dark.",
                "As they passed, each firefly blinked twice, which is firefly for thank you.",
                "{hero} and {friend} watched until the very last light had floated away between the trees.",
            ]), summary: "{hero} and {friend} help a tired firefly queen find her glow and lead her fireflies home."),
        ] + forestTroubles,
        episodes: [
            StoryPart("forest-ferns", core: [
                "The mossy path wound between tall ferns that brushed {hero}'s arms like soft feathers.",
                "Here and there, little mushrooms with spotted caps peeped out, as if they wanted to see who was passing.",
            ], extras: [
                "{friend} counted them: a red one, a brown one, and a tiny white one no bigger than a button.",
                "\"They look like little umbrellas for beetles,\" said {hero}.",
                "Under one of them, a beetle really was sheltering, fast asleep already.",
                "They tiptoed past so as not to wake it.",
            ]),
            StoryPart("forest-stream", core: [
                "Soon they came to a little stream that sang to itself as it hopped over the stones.",
                "Stepping stones crossed it, flat and round like biscuits, and {hero} crossed them one by one.",
            ], extras: [
                "{friend} followed carefully, stone, stone, stone, and then the soft bank on the other side.",
                "They stopped to look at the water, where silver moonlight was dancing in little pieces.",
                "A small frog on a lily pad gave one sleepy croak, as if to say good evening.",
                "\"Good evening, frog,\" said {hero}, and the frog closed its eyes and smiled.",
            ]),
            StoryPart("forest-badger", core: [
                "By a hollow tree, they met an old badger sweeping the leaves from his doorstep with a little broom.",
                "\"Tidying up before bed,\" he explained. \"A tidy doorstep makes for sweet dreams.\"",
            ], extras: [
                "{hero} helped him gather the last few leaves into a neat pile.",
                "The badger was so pleased that he offered them each a blackberry from his basket.",
                "They were the sweetest, juiciest blackberries {hero} had ever tasted.",
                "\"Thank you, Mister Badger,\" said {hero}, and the badger bowed and went inside to his warm burrow.",
            ]),
            StoryPart("forest-deer", core: [
                "In a clearing full of long grass, a mother deer and her fawn were nibbling the last of the clover.",
                "{hero} and {friend} stood very still, so still that the fawn came a few steps closer to look at them.",
            ], extras: [
                "Its coat was dappled with pale spots, like sunlight on the forest floor.",
                "The fawn sniffed the air, twitched its ears, and then gave a tiny, curious hop.",
                "\"Hello,\" whispered {hero}, as softly as a falling leaf.",
                "Then the mother deer called gently, and the two of them walked off together into the ferns to find their bed.",
            ]),
            StoryPart("forest-oak", core: [
                "At the heart of the wood stood the old oak tree, so wide that it would take ten children holding hands to reach around it.",
                "{hero} put a hand on its rough bark and felt how calm and steady it was.",
            ], extras: [
                "\"How old do you think it is?\" asked {friend}.",
                "\"Older than Grandma's grandma,\" said {hero}. \"It has seen a thousand bedtimes.\"",
                "The oak's leaves rustled softly, as if it were chuckling at that.",
                "They sat for a while between its big roots, which made a perfect, cosy seat.",
            ]),
            StoryPart("forest-moonpond", core: [
                "Then the path opened onto a small round pond, and in the middle of it floated the moon.",
                "Of course, it was only the moon's reflection, but it looked close enough to touch.",
            ], extras: [
                "{hero} dipped a finger in the water, and the moon wobbled and broke into silver ripples.",
                "Slowly, the ripples went still, and the moon came back together, round and whole again.",
                "\"The moon is having a bath,\" said {friend}, and {hero} giggled.",
                "They watched it for a long time, the water so still and the night so quiet.",
            ]),
            StoryPart("forest-squirrel", core: [
                "High in a beech tree, a squirrel was busy tucking nuts into a hole in the trunk.",
                "\"One for the morning, one for lunch, and one for a midnight snack,\" it chattered to itself.",
            ], extras: [
                "When it saw {hero}, it dropped a hazelnut down as a present.",
                "{hero} caught it and said thank you, and the squirrel flicked its bushy tail.",
                "Then it curled up in its leafy nest, wrapped its tail around itself like a scarf, and yawned.",
                "Even squirrels, it seemed, were getting ready for bed.",
            ]),
            StoryPart("forest-glowstones", core: [
                "Beside the path, {hero} noticed a ring of smooth stones glowing faintly green, like tiny night-lights.",
                "\"Glow stones,\" whispered {friend}. \"They soak up the sunshine all day and give it back at night.\"",
            ], extras: [
                "{hero} held a hand over one and felt a little warmth, like a mug of cocoa.",
                "The stones lit the way gently, one after another, as far as they could see.",
                "They followed the glowing trail, step by quiet step.",
                "It felt like the wood itself was showing them the way.",
            ]),
        ],
        words: ["place": "the Whispering Wood", "path": "the mossy path", "lights": "fireflies",
                "sound": "the leaves whispering overhead", "soft": "a patch of soft green moss",
                "home": "the little cottage at the edge of the wood", "creature": "a family of rabbits",
                "smell": "pine needles and wild mint", "colour": "pink and gold", "treasure": "perfect little acorn"],
        defaultFriend: (name: "Bramble", intro: "a small, round hedgehog called Bramble"),
        scene: "walking along a mossy path through a friendly moonlit wood, fireflies glowing among the ferns and an old oak tree behind them."
    )
}
