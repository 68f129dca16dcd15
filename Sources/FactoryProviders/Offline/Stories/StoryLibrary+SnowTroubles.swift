import FactoryCore

/// More snowy titles, beginnings and troubles, so a weekly snow series has a new title and a new
/// premise for a quarter of a year (the content memory refuses repeats within 12 weeks).
extension StoryLibrary {
    static let snowTitles = [
        "{hero} Digs a Den for a Polar Cub", "A Mitten Nest Made by {hero}", "{hero} Leads the Ducks to the Warm Spring",
        "The Reindeer Bell {hero} Found", "A Husky Puppy's First Run with {hero}", "{hero} and the Elf's Spilled Sack",
        "{hero} Shows a Goat Kid the Way Down", "Frost Patterns Painted for {hero}", "{hero} Saves the Smallest Snowman",
        "A Lantern Lit by {hero} on the Mountain",
    ]

    static let snowSetups = [
        StoryPart("snow-setup-sleigh", core: [
            "In a farmhouse at the foot of a white mountain lived {hero}, who was {age} years old.",
            "On snowy evenings, Grandpa hitched the old pony to a little sleigh, and {hero} and {companion} climbed in under the rugs.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The sleigh had bells on its harness that jingled softly with every step the pony took.",
            "\"Once round the frozen meadow,\" said Grandpa, \"and home for warm milk and bed.\"",
            "The runners hissed over the snow, and the farmhouse windows glowed behind them like golden squares.",
        ]),
        StoryPart("snow-setup-igloo", core: [
            "There was once a child called {hero}, {age} years old, who had built a small snow house in the garden with {companion}.",
            "Tonight, wrapped in the warmest coats, they were allowed to sit in it for a while before bed, with a lantern.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "Inside, the snow walls glowed blue and gold in the lantern light, and it was surprisingly cosy.",
            "\"Come in when your nose gets cold,\" called Mum from the kitchen door.",
            "But first, they crawled out again to look at the snowy world, which was glittering under the moon.",
        ]),
    ]

    static let snowTroubles = [
        StoryTrouble(problem: StoryPart("snow-problem-polar-cub", core: [
            "Beside a snowdrift sat a polar bear cub, patting the snow with her big soft paws.",
            "\"Mama says I'm old enough to dig my own den tonight,\" she said, \"but mine keeps falling in.\"",
        ], extras: [
            "Three lumpy hollows showed where she had tried already.",
            "Her mother was watching from a little way off, smiling, letting her learn.",
        ]), resolution: StoryPart("snow-resolve-polar-cub", core: [
            "{giftLine}",
            "{hero} showed her how to pat the walls firm as she dug, and to make the door small to keep the warmth in.",
        ], extras: [
            "Together they scooped and patted until there was a round, snug den with a tiny doorway.",
            "The cub crawled in, turned round twice, and poked her nose out to say it was perfect.",
            "Her mother came over, sniffed the den approvingly, and lay down across the doorway to keep watch.",
        ]), summary: "A polar bear cub digging her first den learns from {hero} to pat the walls firm so it stays up."),
        StoryTrouble(problem: StoryPart("snow-problem-robin", core: [
            "On the fence post sat a robin, puffed up like a little red ball, shivering.",
            "\"My nest blew down in the wind,\" he said, \"and every branch is covered in snow.\"",
        ], extras: [
            "His tiny feet were tucked up into his feathers, one at a time.",
            "\"I just need somewhere small and warm till morning,\" he said.",
        ]), resolution: StoryPart("snow-resolve-robin", core: [
            "{giftLine}",
            "{hero} took off one woolly mitten, stuffed it with dry straw from the barn, and tucked it into the hollow of the fence post.",
        ], extras: [
            "The robin hopped inside and wriggled until only his red chest and bright eyes showed.",
            "\"A mitten nest,\" he chirped. \"The warmest bed a robin ever had.\"",
            "{hero} walked home with one hand in a pocket, not minding the cold at all.",
        ]), summary: "A shivering robin's nest blows down, so {hero}'s woolly mitten stuffed with straw becomes his bed for the night."),
        StoryTrouble(problem: StoryPart("snow-problem-ducks", core: [
            "At the edge of the pond, a family of ducks stood on the ice, looking puzzled.",
            "The water they usually floated on had frozen hard, and they had nowhere to sleep.",
        ], extras: [
            "The ducklings kept sliding on their orange feet, bumping into each other.",
            "\"Is there any water left anywhere?\" quacked the mother duck.",
        ]), resolution: StoryPart("snow-resolve-ducks", core: [
            "{giftLine}",
            "{hero} remembered the little spring behind the mill, where the water bubbles up warm from the ground and never freezes.",
        ], extras: [
            "They led the ducks there in a line, slowly, ducklings waddling in the footprints.",
            "The spring steamed gently in the cold air, and the ducks slid in with happy quacks.",
            "Soon they were floating in a cosy circle, heads tucked under wings, in the only warm water in the valley.",
        ]), summary: "When their pond freezes hard, {hero} leads a duck family in a line to the warm spring behind the mill."),
        StoryTrouble(problem: StoryPart("snow-problem-reindeer-bell", core: [
            "A young reindeer was nosing through the snow under the pines, snorting softly.",
            "\"I've lost the silver bell from my collar,\" he said, \"and my herd finds me by its sound.\"",
        ], extras: [
            "The snow was deep and soft, and a little bell could be anywhere beneath it.",
            "He was the youngest of the herd, and they would be missing him.",
        ]), resolution: StoryPart("snow-resolve-reindeer-bell", core: [
            "{giftLine}",
            "{hero} asked everyone to stand very still and listen, and in the quiet they heard a faint tinkle as the wind stirred the snow.",
        ], extras: [
            "There it was, hanging on a low twig, half hidden in a puff of snow.",
            "{hero} tied it back on the collar with a good strong knot, and the reindeer shook his head to make it ring.",
            "From far across the valley came an answering chorus of bells, and he trotted off to join his family.",
        ]), summary: "Standing still and listening, {hero} hears the faint tinkle of a young reindeer's lost silver bell."),
        StoryTrouble(problem: StoryPart("snow-problem-husky", core: [
            "At the top of the sledging slope, a husky puppy was sitting with his ears flat.",
            "\"Tomorrow I pull the sled with the big dogs,\" he whimpered, \"but the hill looks so steep.\"",
        ], extras: [
            "He had one blue eye and one brown eye, and both of them looked worried.",
            "The big dogs were already asleep in the kennel, curled like furry doughnuts.",
        ]), resolution: StoryPart("snow-resolve-husky", core: [
            "{giftLine}",
            "{hero} suggested a practice with the little wooden sledge on the gentle slope, just the three of them.",
        ], extras: [
            "The puppy pulled, {hero} steered, and {friend} cheered, and they glided down in a slow, happy line.",
            "They did it again, and again, until the puppy's tail was wagging the whole time.",
            "Then he trotted to the kennel, squeezed in between the big dogs, and fell asleep still smiling.",
        ]), summary: "A nervous husky puppy practises with {hero} on the gentle slope before his first real run."),
        StoryTrouble(problem: StoryPart("snow-problem-elf-sack", core: [
            "Under a tall pine, a little elf in a green hat was kneeling in the snow, gathering things up in a hurry.",
            "Her sack had split, and wooden toys were scattered everywhere, half buried in white.",
        ], extras: [
            "\"They're for the children in the valley,\" she said, \"and they have to be wrapped by morning.\"",
            "A wooden train poked out of one drift, and a painted top out of another.",
        ]), resolution: StoryPart("snow-resolve-elf-sack", core: [
            "{giftLine}",
            "{hero} and {friend} searched the snow carefully and found every toy, while the elf stitched her sack with a silver needle.",
        ], extras: [
            "They counted them back in: a train, a top, a doll, a drum, a tiny boat and a spinning star.",
            "The elf tied the sack with a red ribbon and bowed a very deep bow.",
            "\"One of these might find its way to your house,\" she winked, and vanished between the pines.",
        ]), summary: "A hurrying elf's sack splits in the snow, and {hero} finds every wooden toy while she stitches it up."),
        StoryTrouble(problem: StoryPart("snow-problem-goat-kid", core: [
            "High on a snowy rock stood a mountain goat kid, bleating softly and looking down.",
            "She had skipped up easily, but going down looked much harder, and the snow had hidden the footholds.",
        ], extras: [
            "Her mother called from the bottom, but the kid would not move.",
            "\"I don't know where to put my hooves,\" she bleated.",
        ]), resolution: StoryPart("snow-resolve-goat-kid", core: [
            "{giftLine}",
            "{hero} brushed the snow from the rocky ledges one by one, so the kid could see each step like a little staircase.",
        ], extras: [
            "Hop, and hop, and hop, she came down neatly and landed beside her mother.",
            "The mother goat licked her ears, and the kid leaned into her woolly side.",
            "Then the two of them picked their way home to a sheltered hollow under the cliff.",
        ]), summary: "{hero} brushes snow off the ledges to turn a steep rock into a staircase for a mountain goat kid."),
        StoryTrouble(problem: StoryPart("snow-problem-frost-brush", core: [
            "By the cabin window, a tiny frost painter was searching the snow, wringing her icy hands.",
            "\"I've dropped my brush,\" she said, \"and without it, the windows will have no frost pictures in the morning.\"",
        ], extras: [
            "She was no bigger than a teaspoon, with a coat of glittering white.",
            "Every night she painted ferns and feathers and stars on the glass for the children to find.",
        ]), resolution: StoryPart("snow-resolve-frost-brush", core: [
            "{giftLine}",
            "{hero} spotted a sparkle on the windowsill, a brush as thin as a pine needle, its tip glittering.",
        ], extras: [
            "The frost painter took it with delight and began at once, painting swirls and feathers on the glass.",
            "She painted a special picture on {hero}'s window: a tiny portrait of {friend}, made of frost.",
            "\"Look for it at sunrise,\" she whispered, \"before it melts.\"",
        ]), summary: "A tiny frost painter drops her needle-thin brush and cannot paint the windows until {hero} spots it on a sill."),
        StoryTrouble(problem: StoryPart("snow-problem-little-snowman", core: [
            "In a garden stood a family of snowmen, and the littlest one was right next to a warm kitchen window.",
            "\"I'm getting soft,\" he said, and a drip ran down his round cheek.",
        ], extras: [
            "His carrot nose was starting to droop, and his coal buttons were sliding.",
            "The bigger snowmen could not move to help him, for snowmen cannot walk.",
        ]), resolution: StoryPart("snow-resolve-little-snowman", core: [
            "{giftLine}",
            "{hero} rolled the little snowman carefully into the cool shade of the barn, next to his family.",
        ], extras: [
            "They patted fresh snow onto him until he was round and firm again.",
            "{friend} straightened his nose and put his buttons back in a neat line.",
            "\"Much better,\" he said, and the whole snowman family beamed their pebble smiles.",
        ]), summary: "The littlest snowman starts to drip by a warm kitchen window, so {hero} rolls him into the cool shade of the barn."),
        StoryTrouble(problem: StoryPart("snow-problem-igloo-door", core: [
            "They came upon a round snow house with its doorway tumbled in, and a family of arctic foxes outside it.",
            "\"The roof of our doorway fell in,\" said the father fox, \"and the wind blows straight into our bedroom.\"",
        ], extras: [
            "The little foxes were pressed together in a fluffy heap, tails over noses.",
            "A heap of broken snow blocks lay where the door had been.",
        ]), resolution: StoryPart("snow-resolve-igloo-door", core: [
            "{giftLine}",
            "{hero} cut new blocks from the firm snow and built the doorway up again, leaning each block against the next.",
        ], extras: [
            "{Friend} smoothed the cracks with soft snow, so not a breath of wind could get through.",
            "The foxes crept in, and their snow house glowed faintly with the warmth of them.",
            "\"Snug as a den,\" said the father fox, and curled around his little ones.",
        ]), summary: "Arctic foxes shiver when their snow house doorway falls in, until {hero} cuts and stacks new blocks."),
        StoryTrouble(problem: StoryPart("snow-problem-hut-lantern", core: [
            "Up on the mountainside, the lantern of the walkers' hut had gone out.",
            "It was the light that showed late walkers the way to shelter, and two tired climbers were still coming down.",
        ], extras: [
            "They could see the climbers' small torches bobbing far above, looking this way and that.",
            "The hut was dark and quiet, and the lantern hung cold on its hook.",
        ]), resolution: StoryPart("snow-resolve-hut-lantern", core: [
            "{giftLine}",
            "{hero} climbed the short path to the hut with Grandpa's matches and lit the lantern with a careful hand.",
        ], extras: [
            "It glowed warm and gold on the mountainside, a small bright star on the snow.",
            "The torches above turned towards it at once and came down, steady and sure.",
            "The climbers reached the hut, stamped the snow off their boots, and waved a thank-you down the valley.",
        ]), summary: "The mountain hut's lantern goes out while two climbers are still coming down, and {hero} relights it."),
        StoryTrouble(problem: StoryPart("snow-problem-walrus", core: [
            "On the icy shore lay a row of walruses, snoring so loudly that the icicles trembled.",
            "The smallest walrus was wide awake in the middle of them, with a flipper over each ear.",
        ], extras: [
            "\"Every night it's the same,\" he groaned. \"Grandpa snores like a foghorn.\"",
            "Grandpa Walrus gave a huge snore right then, and a little drift of snow slid off a rock.",
        ]), resolution: StoryPart("snow-resolve-walrus", core: [
            "{giftLine}",
            "{hero} gathered two soft tufts of moss from under the snow and tucked them gently over the little walrus's ears, like earmuffs.",
        ], extras: [
            "The snoring turned into a faraway hum, as soft as a cat purring.",
            "The little walrus smiled, snuggled against his grandpa's warm side and closed his eyes.",
            "Soon he was snoring too, a tiny snore, like a kettle just beginning to sing.",
        ]), summary: "Grandpa Walrus snores like a foghorn, so {hero} makes the smallest walrus moss earmuffs."),
    ]
}
