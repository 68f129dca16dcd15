import FactoryCore

extension StoryLibrary {
    /// A snowy evening near a mountain cabin: sledges, snow hares, a reindeer, the northern lights.
    static let snow = StoryFamily(
        id: "snow",
        keywords: ["snow", "snowy", "winter", "ice", "icy", "frost", "christmas", "penguin", "polar", "bear", "reindeer",
                   "mountain", "mountains", "sledge", "sled", "snowman", "north", "arctic", "igloo", "cold", "skating",
                   "santa", "elf", "cabin"],
        titles: ["A Hushed White Evening for {hero}", "{hero} and the Northern Lights", "The Night {hero} Followed the Snowflakes",
                 "Stars Over {hero}'s Mountain"] + snowTitles,
        setups: [
            StoryPart("snow-setup-cabin", core: [
                "In a wooden cabin high in the mountains lived {hero}, who was {age} years old.",
                "Fresh snow had fallen, and {hero} and {companion} were allowed one last walk before bed.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "They put on warm boots, woolly hats and the thickest mittens, until only their noses peeped out.",
                "\"Just to the big pine tree and back,\" said Mum from the doorway, with the warm light spilling out behind her.",
                "The snow went crunch, crunch under their boots as they set off into the blue, sparkling evening.",
            ]),
            StoryPart("snow-setup-snowglobe", core: [
                "Once upon a time, in a snowy village, there lived a {age}-year-old called {hero}.",
                "{hero} and {companion} loved the snow, especially at night, when it sparkled under the moon.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "Tonight the whole village looked like the inside of a snow globe, still and white and glittering.",
                "Dad pulled {hero} on the little wooden sledge, and {friend} rode along too, wrapped in a scarf.",
                "Their breath made little clouds in the cold air, and the stars were coming out one by one.",
            ]),
        ] + snowSetups,
        troubles: [
            StoryTrouble(problem: StoryPart("snow-problem-hare", core: [
                "Then, beside the path, they found a little snow hare with one ear drooping.",
                "\"The snow covered my tracks,\" it said, \"and I can't find my burrow.\"",
            ], extras: [
                "Its fur was as white as the snow, so white that they had almost walked right past it.",
                "It shivered a little, and its nose twitched as it looked this way and that.",
                "{hero} crouched down and said softly, \"We'll help you find your home.\"",
            ]), resolution: StoryPart("snow-resolve-hare", core: [
                "{giftLine}",
                "{hero} spotted a curl of warm air rising from a snowy bank, and there was the burrow's round door.",
            ], extras: [
                "It was the breath of sleeping hares, and the little hare's family was peeping out, looking for it.",
                "The little hare bounded inside, and all the hares snuggled together in a soft, furry heap.",
                "\"Thank you,\" said the mother hare. \"Now we are all warm and all together.\"",
                "{hero} brushed the snow back over the doorway, just enough to keep the wind out.",
            ]), summary: "{hero} and {friend} help a little snow hare find its way back to its warm burrow on a snowy night."),
            StoryTrouble(problem: StoryPart("snow-problem-snowman", core: [
                "In the meadow stood a snowman whose scarf had blown away.",
                "\"I'm not cold,\" it said politely, \"but I do miss my scarf.\"",
            ], extras: [
                "It had a carrot nose, two pebble eyes and a smile made of little pine cones.",
                "High up in the branches of a pine tree, a long red scarf was fluttering in the breeze.",
                "\"That's it,\" said the snowman. \"That's my favourite scarf.\"",
            ]), resolution: StoryPart("snow-resolve-snowman", core: [
                "{giftLine}",
                "{hero} gently unhooked the scarf from the pine tree and tied it around the snowman's neck.",
            ], extras: [
                "It went twice around, with a neat, soft bow at the front.",
                "The snowman beamed so widely that one of its pine-cone smiles nearly fell off.",
                "\"Perfect,\" it said. \"Now I can stand here all night and watch the stars in comfort.\"",
                "{hero} patted the snowman's round tummy, and {friend} straightened its hat.",
            ]), summary: "{hero} and {friend} rescue a friendly snowman's favourite scarf from the top of a pine tree."),
        ] + snowTroubles,
        episodes: [
            StoryPart("snow-flakes", core: [
                "Big, soft snowflakes began to drift down, slowly, as if they had all the time in the world.",
                "{hero} held out a mitten and caught one, and looked at its tiny, perfect star shape.",
            ], extras: [
                "\"No two snowflakes are the same,\" said {hero}, \"just like people.\"",
                "{friend} caught one on the tip of a nose and laughed as it melted.",
                "They stood with their faces turned up, letting the snowflakes land on their cheeks like little kisses.",
                "It was so quiet that they could almost hear the snow falling, a whisper as soft as a sigh.",
            ]),
            StoryPart("snow-sledge", core: [
                "At the top of a gentle little slope, they found the old wooden sledge waiting.",
                "They climbed on together, and whoosh, they slid down, slow and smooth, to the soft snow at the bottom.",
            ], extras: [
                "They laughed all the way down and lay in the snow at the bottom, looking up.",
                "\"Once more?\" asked {friend}, and they pulled the sledge back up and slid down one more time, even slower.",
                "The second time, they held on tight and watched the stars go gliding by above them.",
                "Then they made two snow angels side by side, flapping their arms like sleepy wings.",
            ]),
            StoryPart("snow-reindeer", core: [
                "Between the pine trees, a reindeer stood quietly, its breath puffing like smoke in the cold air.",
                "It had great branching antlers and a soft brown coat frosted with snow.",
            ], extras: [
                "It lowered its head and let {hero} stroke its warm, velvety nose.",
                "\"I'm on my way to the valley,\" said the reindeer, \"where my herd sleeps under the big pines.\"",
                "It walked beside them for a while, its hooves making soft crunching sounds in the snow.",
                "Then, with a nod of its great head, it turned and went off to join its family for the night.",
            ]),
            StoryPart("snow-lights", core: [
                "Then the sky began to glow with ribbons of green and violet light, rippling like curtains in a gentle breeze.",
                "\"The northern lights,\" breathed {hero}, standing very still.",
            ], extras: [
                "The lights swirled and swayed slowly, folding and unfolding across the whole wide sky.",
                "{friend} said it looked as if the sky were dancing a very slow dance.",
                "The snow below glowed green and violet too, as if it were joining in.",
                "They watched for a long, peaceful time, until the lights faded softly, like a song ending.",
            ]),
            StoryPart("snow-penguin", core: [
                "Down by the frozen pond, a little penguin was sliding about on its tummy, round and round.",
                "\"I'm practising,\" it said, a little out of breath, \"for the big slide tomorrow.\"",
            ], extras: [
                "{hero} showed it how to glide along slowly and gracefully instead of fast.",
                "The penguin tried it, and it worked beautifully; it slid in a long, smooth curve all the way across the pond.",
                "\"Thank you,\" said the penguin, flapping its little wings. \"Now I'll dream about sliding.\"",
                "And it waddled off to its snowy bed, still smiling.",
            ]),
            StoryPart("snow-icicles", core: [
                "Along the edge of an old barn roof hung a row of icicles, long and thin and glittering.",
                "When the breeze touched them, they tinkled softly, like tiny bells.",
            ], extras: [
                "{hero} tapped one gently with a mitten, and it made a clear, high note, ting.",
                "Then another, lower, tong, and another in between, tang.",
                "Together, {hero} and {friend} played a little tune on the icicles, very softly.",
                "It was a lullaby for the barn animals, who sighed and shuffled and settled down to sleep inside.",
            ]),
            StoryPart("snow-owl", core: [
                "On a snowy branch sat a white owl, round and fluffy, with golden eyes half closed.",
                "\"Hoo,\" it said softly. \"Lovely night for a quiet walk.\"",
            ], extras: [
                "{hero} whispered back, \"Lovely night for sleeping, too.\"",
                "The owl blinked slowly, which is how owls smile.",
                "A little snow slid off the branch and landed on {friend}'s hat, and they all laughed quietly.",
                "Then the owl fluffed its feathers until it looked like a snowball, and closed its eyes.",
            ]),
            StoryPart("snow-cocoa", core: [
                "By the big pine tree, they stopped for the flask of hot cocoa they had brought along, still warm in its woolly cover.",
                "They sat on a snowy log and shared it, sip by sip, warming their hands on the cups.",
            ], extras: [
                "The cocoa was sweet and creamy, with a tiny marshmallow floating in each cup.",
                "Steam curled up from it and disappeared into the cold, starry air.",
                "\"Cocoa tastes best in the snow,\" said {hero}, and {friend} agreed with a chocolatey smile.",
                "When the cups were empty, their tummies were warm and their eyes were getting sleepy.",
            ]),
        ],
        words: ["place": "the snowy valley", "path": "the snowy path", "lights": "twinkling icicles",
                "sound": "the snow falling softly on the pines", "soft": "a snowy log under a pine tree",
                "home": "the wooden cabin with the red door", "creature": "a family of snow hares",
                "smell": "pine trees and woodsmoke", "colour": "rose and pale gold", "treasure": "smooth white pebble"],
        defaultFriend: (name: "Puff", intro: "a little white snow hare called Puff"),
        scene: "walking through a snowy pine forest at night, soft snowflakes falling, a wooden cabin with a warm window and green northern lights in the sky."
    )
}
