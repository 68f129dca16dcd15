import FactoryCore

/// More seaside titles, beginnings and troubles, so a weekly sea series has a new title and a
/// new premise for a quarter of a year (the content memory refuses repeats within 12 weeks).
extension StoryLibrary {
    static let seaTitles = [
        "{hero} Finds a Bottle on the Shore", "A Shell Big Enough for {hero}'s Crab", "Where the Puffins Sleep, by {hero}",
        "{hero} Climbs a Hundred Steps", "The Whale Who Sang with {hero}", "{hero}'s Evening at Otter Cove",
        "A Comb for the Mermaid, Found by {hero}", "{hero} Ties Up the Runaway Boat", "The Octopus Who Wanted {hero}'s Help",
        "{hero} Hears the Crab's Whistle",
    ]

    static let seaSetups = [
        StoryPart("sea-setup-cove", core: [
            "Down a sandy lane, in a cottage with a round window that looked out to sea, lived {hero}, who was {age} years old.",
            "After supper, {hero} and {companion} always went to the little cove to watch the tide come in.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "Tonight the evening was warm, and the sea was painting the sand with thin, lacy edges of foam.",
            "\"Only as far as the big striped rock,\" said Dad, handing {hero} a jumper for when the breeze came.",
            "So off they went, barefoot, leaving two rows of footprints behind them on the wet sand.",
        ]),
        StoryPart("sea-setup-pier", core: [
            "There was once a child called {hero}, {age} years old, who lived in a seaside town with a long wooden pier.",
            "At the end of every day, {hero} walked along the pier with {companion} to wave goodnight to the fishing boats.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The planks of the pier were warm under their feet, and gulls were settling on the rails.",
            "\"Back by the time the lighthouse blinks ten times,\" said Gran, and she began to count.",
            "The boats were already coming home, their little lamps bobbing across the darkening water.",
        ]),
    ]

    static let seaTroubles = [
        StoryTrouble(problem: StoryPart("sea-problem-hermit-crab", core: [
            "Beside a rock pool, a hermit crab was trying to squeeze into its shell and not quite fitting.",
            "\"I've grown,\" it said with a sigh, \"and now my house is too small for me.\"",
        ], extras: [
            "Its back legs stuck out one side and its claws stuck out the other.",
            "\"I can't sleep like this,\" it said. \"My toes get cold.\"",
        ]), resolution: StoryPart("sea-resolve-hermit-crab", core: [
            "{giftLine}",
            "{hero} searched the tideline and found an empty whelk shell, smooth inside and just a little bigger.",
        ], extras: [
            "The crab looked it over, tapped it twice, and scuttled in.",
            "It turned round inside, once, twice, and then peeped out with a very contented face.",
            "\"A perfect fit,\" it said, \"with room for dreams.\"",
        ]), summary: "A hermit crab has outgrown its house, so {hero} searches the tideline for a roomier shell."),
        StoryTrouble(problem: StoryPart("sea-problem-bottle", core: [
            "Bobbing at the water's edge was a green glass bottle with a rolled-up letter inside.",
            "{hero} pulled it out carefully and read the wobbly writing: please give this to my grandpa at the harbour.",
        ], extras: [
            "It was signed by a little girl called Nell, with a drawing of a smiling fish.",
            "\"Her grandpa must be waiting for it,\" said {friend}.",
        ]), resolution: StoryPart("sea-resolve-bottle", core: [
            "{giftLine}",
            "{hero} carried the bottle along the shore to the harbour, where an old fisherman was coiling his ropes.",
        ], extras: [
            "\"From Nell?\" he said, and his whole face crinkled into a smile.",
            "He read the letter twice, then tucked it into his coat pocket, right over his heart.",
            "\"She writes to me every summer,\" he said, \"and the sea always brings it. Tonight the sea had some help.\"",
        ]), summary: "A letter in a green bottle washes ashore, and {hero} delivers it to an old fisherman at the harbour."),
        StoryTrouble(problem: StoryPart("sea-problem-puffin", core: [
            "On the grassy cliff top, a young puffin stood outside its burrow, peering in doubtfully.",
            "\"It's very dark in there,\" it said, \"and I've never slept in it by myself before.\"",
        ], extras: [
            "Its bright orange feet shuffled on the grass.",
            "All around, other puffins were popping into their burrows for the night.",
        ]), resolution: StoryPart("sea-resolve-puffin", core: [
            "{giftLine}",
            "{hero} gathered soft sea pinks and dry grass and helped the puffin line its burrow until it was cosy.",
        ], extras: [
            "Then {hero} told it a secret: the dark is just the night giving everyone a blanket.",
            "The puffin thought about that, nodded, and waddled in.",
            "A moment later, a small sleepy voice came out: \"It's nice in here, actually.\"",
        ]), summary: "Sea pinks, dry grass and a kind secret from {hero} help a young puffin sleep alone in its burrow for the first time."),
        StoryTrouble(problem: StoryPart("sea-problem-lamp", core: [
            "Then the lighthouse light gave a flicker, and another, and grew dim.",
            "Up in the lamp room, the keeper was rubbing his eyes: sea salt had coated the great glass lens.",
        ], extras: [
            "\"The boats need a bright light tonight,\" he called down, \"and my arms are tired from climbing.\"",
            "{hero} looked up at the hundred steps spiralling round and round.",
        ]), resolution: StoryPart("sea-resolve-lamp", core: [
            "{giftLine}",
            "{hero} and {friend} climbed the steps with soft cloths and polished the lens until it shone like water.",
        ], extras: [
            "When the keeper turned the lamp back up, a beam of clear gold swept out across the bay.",
            "Far away, a little fishing boat flashed its own light twice to say thank you.",
            "The keeper gave them each a peppermint from his tin and said they were honorary keepers now.",
        ]), summary: "Salt dims the great lighthouse lens until {hero} climbs up with {friend} and polishes it clear."),
        StoryTrouble(problem: StoryPart("sea-problem-whale-song", core: [
            "Out in the bay, a young whale was trying to sing, but only a small squeak came out.",
            "\"My mother sings me to sleep every night,\" it said, \"and tonight I wanted to sing to her.\"",
        ], extras: [
            "The whale's big, gentle eye looked sad in the moonlight.",
            "\"I keep forgetting how the song starts,\" it said.",
        ]), resolution: StoryPart("sea-resolve-whale-song", core: [
            "{giftLine}",
            "{hero} hummed a low, slow note, and the young whale copied it, long and deep.",
        ], extras: [
            "Then another note, and another, until the whale's song rolled out over the water.",
            "From far out at sea, a great deep voice answered, and the young whale flipped its tail with joy.",
            "The two songs met in the middle of the bay and wrapped around each other like a hug.",
        ]), summary: "One note hummed by {hero} at a time, a young whale remembers the song it wants to sing to its mother."),
        StoryTrouble(problem: StoryPart("sea-problem-otter", core: [
            "In a quiet cove, an otter was diving again and again, coming up each time with an empty paw.",
            "\"My favourite pebble,\" he said. \"I hold it while I sleep, and I've dropped it in the water.\"",
        ], extras: [
            "It was a flat grey pebble with a white stripe, he explained, the smoothest one in the cove.",
            "Without it, his paws did not know what to do at bedtime.",
        ]), resolution: StoryPart("sea-resolve-otter", core: [
            "{giftLine}",
            "{hero} knelt by the clear shallow water, looked patiently, and spotted a white stripe shining between the weeds.",
        ], extras: [
            "The otter dived one more time and came up holding it high, like a prize.",
            "He rolled onto his back, floating, with the pebble held tight against his tummy.",
            "Then he wrapped a strand of seaweed around himself so he would not drift, and closed his eyes.",
        ]), summary: "An otter drops the striped pebble he sleeps holding, and {hero}'s patient eyes spot it among the weeds."),
        StoryTrouble(problem: StoryPart("sea-problem-mermaid-comb", core: [
            "On a rock just off the shore sat a mermaid, looking all around her in dismay.",
            "\"My shell comb,\" she said. \"I can't braid my hair for bed without it, and the waves have hidden it.\"",
        ], extras: [
            "Her long hair was full of little tangles, and there was a starfish caught in one of them.",
            "\"It's pearly pink,\" she said, \"with seven teeth.\"",
        ]), resolution: StoryPart("sea-resolve-mermaid-comb", core: [
            "{giftLine}",
            "{hero} ran a hand gently through the soft sand at the water's edge and felt something with seven little teeth.",
        ], extras: [
            "The mermaid clapped and combed her hair until it shone, and the starfish went home too.",
            "She braided it into one long plait and tied it with a ribbon of seaweed.",
            "\"Goodnight, kind friend,\" she sang, and slipped beneath the waves with hardly a ripple.",
        ]), summary: "Searching the soft sand, {hero} finds the pearly comb a mermaid needs to braid her hair for bed."),
        StoryTrouble(problem: StoryPart("sea-problem-runaway-boat", core: [
            "At the jetty, a little red rowing boat had slipped its rope and was drifting slowly out of reach.",
            "It belonged to the baker's boy, who would be sad to wake up and find it gone.",
        ], extras: [
            "The rope trailed behind it in the water like a long tail.",
            "\"It's only a little way out,\" said {friend}, \"but it's getting further.\"",
        ]), resolution: StoryPart("sea-resolve-runaway-boat", core: [
            "{giftLine}",
            "{hero} lay flat on the jetty, reached with a long fishing pole, and hooked the trailing rope.",
        ], extras: [
            "Together they pulled the little boat back, hand over hand, until it bumped gently against the posts.",
            "{hero} tied it up with the best knot there is, the one Grandpa had taught.",
            "The boat rocked happily in the calm water, as if it were saying sorry for wandering.",
        ]), summary: "A little red rowing boat slips its rope, and {hero} hooks it back to the jetty with a fishing pole."),
        StoryTrouble(problem: StoryPart("sea-problem-octopus", core: [
            "Under a ledge in a deep rock pool, a small octopus was looking at every nook and sighing.",
            "\"I need a bedroom,\" it said, \"somewhere snug, but all the good holes are taken.\"",
        ], extras: [
            "A crab lived in one, a blenny in another, and a very grumpy prawn in a third.",
            "The octopus turned a sad shade of grey, which is what octopuses do when they are sad.",
        ]), resolution: StoryPart("sea-resolve-octopus", core: [
            "{giftLine}",
            "{hero} found an old clay pot half buried in the sand and set it gently in the pool, on its side.",
        ], extras: [
            "The octopus squeezed in, all eight arms folded neatly, and turned a happy shade of pink.",
            "It pulled a few small shells across the opening like a curtain.",
            "\"The best bedroom in the whole pool,\" it said, and its eyes closed slowly.",
        ]), summary: "A small octopus wants a snug bedroom, and the old clay pot {hero} sets in the rock pool becomes its home."),
        StoryTrouble(problem: StoryPart("sea-problem-gull-egg", core: [
            "Near the dunes, a mother gull was calling softly and looking everywhere at once.",
            "A speckled egg had rolled out of her nest in the marram grass, and she could not see where it had gone.",
        ], extras: [
            "\"It must be warm by morning,\" she said, \"or my chick won't be cosy.\"",
            "{hero} looked at the little tracks in the sand that a rolling egg might make.",
        ]), resolution: StoryPart("sea-resolve-gull-egg", core: [
            "{giftLine}",
            "{hero} followed the faint groove down the dune and found the egg resting safely in a soft hollow.",
        ], extras: [
            "Holding it as gently as a soap bubble, {hero} carried it back up to the nest.",
            "The mother gull settled over it and fluffed her feathers until the egg was hidden and warm.",
            "\"Thank you,\" she murmured, already half asleep. \"My chick will hear all about you.\"",
        ]), summary: "A speckled gull's egg rolls away down a dune, and {hero} follows a faint groove in the sand to where it rests."),
        StoryTrouble(problem: StoryPart("sea-problem-tangle", core: [
            "In the shallows, a little silver fish was caught in a tangle of old green string.",
            "It wriggled and wriggled, but the more it wriggled, the tighter the tangle became.",
        ], extras: [
            "\"Keep still, little fish,\" whispered {hero}. \"Wriggling makes knots worse.\"",
            "The fish stopped, and looked up with one round, hopeful eye.",
        ]), resolution: StoryPart("sea-resolve-tangle", core: [
            "{giftLine}",
            "Slowly, loop by loop, {hero} eased the string apart with careful fingers until the fish was free.",
        ], extras: [
            "It darted in a happy circle and flashed silver in the moonlight.",
            "{hero} rolled the old string up and put it in a pocket, so that no other fish would get tangled.",
            "The fish swam off to its family under the seaweed, where the water was calm and dark.",
        ]), summary: "Loop by loop, {hero} frees a little silver fish from a knot of old green string."),
        StoryTrouble(problem: StoryPart("sea-problem-tide-clock", core: [
            "On the sand sat a worried little crab holding a tiny shell whistle.",
            "\"I'm the tide crier,\" she said, \"and I've lost count of the waves, so I don't know when to whistle.\"",
        ], extras: [
            "Every night she whistled once when the tide turned, so the sea creatures knew it was bedtime.",
            "Without her whistle, they would stay up all night.",
        ]), resolution: StoryPart("sea-resolve-tide-clock", core: [
            "{giftLine}",
            "{hero} noticed the wet line on the big striped rock, where the water had stopped climbing and begun to fall.",
        ], extras: [
            "\"The tide has turned,\" said {hero}. \"Look, the sea is starting to go out.\"",
            "The little crab blew her whistle, one long, soft note that carried all along the shore.",
            "Everywhere, small creatures tucked themselves into the sand and under the rocks to sleep.",
        ]), summary: "A small crab who whistles at the turn of the tide loses count, and {hero} reads the moment from a wet line on a rock."),
    ]
}
