import FactoryCore

/// More forest titles, beginnings and troubles, so a weekly forest series has a new title and a
/// new premise for a quarter of a year (the content memory refuses repeats within 12 weeks).
extension StoryLibrary {
    static let forestTitles = [
        "{hero} Sings to the Old Oak", "{hero} on Bramble Hill After Sunset", "Where {hero} Found the Glow-Worms",
        "{hero}'s Quiet Walk Among the Ferns", "The Beavers Meet {hero}", "Twelve Hazelnuts for {hero} to Find",
        "{hero}'s Ribbon in the Spider's Web", "{hero} Hushes the Hiccups", "The Little Wren Who Waited for {hero}",
        "{hero} Mends a Mushroom Roof",
    ]

    static let forestSetups = [
        StoryPart("forest-setup-boots", core: [
            "At the end of a winding lane, where the garden fence met the trees, there lived {hero}, who was {age} years old.",
            "After supper, {hero} pulled on a pair of green boots and went to find {companion}.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The wood was turning blue and silver in the dusk, and a blackbird was singing its last song of the day.",
            "\"One little walk,\" said Mum, tucking a scarf around {hero}'s neck, \"and home before the owls begin their stories.\"",
            "So the two friends opened the gate, which squeaked hello, and followed the path in among the trees.",
        ]),
        StoryPart("forest-setup-basket", core: [
            "There was once a child named {hero}, {age} years old, who lived in a crooked house beside a kindly wood.",
            "Every evening {hero} carried a small basket into the wood with {companion}, in case anyone needed a hand.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "In the basket were a napkin, a piece of string, a ribbon and a little jar of honey, because you never know.",
            "The evening smelled of warm bark and wild mint, and the sky above the treetops was the colour of peaches.",
            "\"Back by moonrise,\" Grandpa called, and {hero} waved the basket to show it was a promise.",
        ]),
    ]

    static let forestTroubles = [
        StoryTrouble(problem: StoryPart("forest-problem-hedgehog", core: [
            "At the bottom of a grassy slope they found a hedgehog, curled into a tight, prickly ball.",
            "It had rolled all the way down from its bed of leaves and was too muddled to find the way back up.",
        ], extras: [
            "\"Everything is upside down,\" it sniffled from inside its prickles.",
            "{hero} sat down beside it and said, \"Take your time. We will wait with you.\"",
        ]), resolution: StoryPart("forest-resolve-hedgehog", core: [
            "{giftLine}",
            "{hero} laid a soft scarf on the grass, and the hedgehog uncurled onto it, one little nose at a time.",
        ], extras: [
            "Holding the corners like a hammock, {hero} and {friend} carried it slowly up the slope.",
            "Its bed of leaves was right where it had left it, under a bramble, warm and crackly.",
            "The hedgehog burrowed in with a happy snuffle and was snoring before they had even said goodnight.",
        ]), summary: "A muddled hedgehog rolls down a grassy slope, and {hero} carries it back up in a scarf hammock."),
        StoryTrouble(problem: StoryPart("forest-problem-mouse-roof", core: [
            "Under a tree root, a family of wood mice were looking sadly at a broken mushroom.",
            "It had been their roof, and a clumsy deer had stepped on it on the way to bed.",
        ], extras: [
            "\"If it rains tonight, our beds will be soggy,\" said the smallest mouse, twitching her whiskers.",
            "{hero} looked around the clearing for something that could make a new roof.",
        ]), resolution: StoryPart("forest-resolve-mouse-roof", core: [
            "{giftLine}",
            "{hero} found a wide, dry dock leaf and tied it over the mice's doorway with a blade of grass.",
        ], extras: [
            "{Friend} patted the edges down so not a drop of rain could sneak in.",
            "The mice ran in and out, testing it, and declared it the finest roof in the whole wood.",
            "They squeaked a tiny thank-you song, and then all six of them climbed into bed in a row.",
        ]), summary: "Wood mice lose their mushroom roof, so {hero} ties a wide dock leaf over their little doorway."),
        StoryTrouble(problem: StoryPart("forest-problem-hazelnuts", core: [
            "Near the hazel bushes, a squirrel was hopping round and round in a fluster.",
            "A gust of wind had knocked her basket over, and her hazelnuts lay scattered through the grass.",
        ], extras: [
            "\"Those are for my children's breakfast,\" she said, \"and now I can't count them all.\"",
            "{hero} crouched down and peered into the grass, where little brown shapes were hiding.",
        ]), resolution: StoryPart("forest-resolve-hazelnuts", core: [
            "{giftLine}",
            "{hero} and {friend} searched slowly, side by side, and dropped each nut back into the basket.",
        ], extras: [
            "They counted aloud as they went: one, two, three, all the way up to twelve.",
            "\"Twelve!\" cried the squirrel. \"That is exactly the right number.\"",
            "She carried the basket up her tree, and soon three sleepy little faces peeped out to wave.",
        ]), summary: "Twelve spilled hazelnuts are gathered by {hero}, one by one, so a squirrel's children will have breakfast."),
        StoryTrouble(problem: StoryPart("forest-problem-hiccups", core: [
            "From a hollow log came a funny little sound: hic! hic! hic!",
            "Inside was a fox cub who could not get to sleep, because the hiccups kept bouncing him awake.",
        ], extras: [
            "\"I've tried holding my breath,\" he said, \"but then I just hiccup even louder.\"",
            "{friend} giggled kindly, and {hero} sat down by the log to think.",
        ]), resolution: StoryPart("forest-resolve-hiccups", core: [
            "{giftLine}",
            "{hero} showed the cub how to breathe slowly, in through the nose and out like blowing on soup.",
        ], extras: [
            "Then they all hummed a low, slow tune together, as quiet as a bee in a flower.",
            "One more small hic came, then a smaller one, and then no more at all.",
            "The fox cub curled his bushy tail over his nose and sighed, \"Thank you. That's much better.\"",
        ]), summary: "Slow breathing and {hero}'s humming tune cure the hiccups keeping a fox cub awake in a hollow log."),
        StoryTrouble(problem: StoryPart("forest-problem-beaver-dam", core: [
            "By the stream, two beavers were working as fast as their paws could go.",
            "A little gap had opened in their dam, and the water of their pond was trickling away.",
        ], extras: [
            "\"We need more sticks,\" said the father beaver, \"and we need them before the moon is up.\"",
            "{hero} rolled up both sleeves, ready to help.",
        ]), resolution: StoryPart("forest-resolve-beaver-dam", core: [
            "{giftLine}",
            "{hero} and {friend} fetched twigs from under the trees and passed them to the beavers one by one.",
        ], extras: [
            "The beavers pressed each twig into place and patted it with cool, soft mud.",
            "Bit by bit the trickle grew smaller, until the pond lay smooth and full again.",
            "The beavers slapped their flat tails on the water, which is how beavers say hooray.",
        ]), summary: "Passing twigs to two busy beavers, {hero} helps mend a gap in the dam before moonrise."),
        StoryTrouble(problem: StoryPart("forest-problem-web", core: [
            "Between two branches by the gate hung a spider's web with a long tear across the middle.",
            "A careless breeze had pulled it, and the little spider who lived there was looking at it with a sigh.",
        ], extras: [
            "\"It took me all afternoon,\" she said, \"and I am too sleepy to spin it all again.\"",
            "In the moonlight, the torn threads shone like silver hair.",
        ]), resolution: StoryPart("forest-resolve-web", core: [
            "{giftLine}",
            "{hero} took the thinnest ribbon from a pocket and held the torn edges close, very gently, so the spider could join them.",
        ], extras: [
            "The spider ran back and forth, stitching quickly, and the web grew whole again.",
            "She left {hero}'s ribbon woven into one corner, like a little flag.",
            "\"Now everyone will know a friend helped,\" she said, and tucked herself into the middle to rest.",
        ]), summary: "With a thin ribbon and steady hands, {hero} holds a torn spider's web together while it is mended."),
        StoryTrouble(problem: StoryPart("forest-problem-woodpecker", core: [
            "Every night, an old woodpecker taps a soft rhythm on a tree to tell the wood it is bedtime.",
            "But tonight he sat on his branch, scratching his red cap, because he had forgotten how the tapping went.",
        ], extras: [
            "Without the bedtime rhythm, the rabbits were still hopping and the birds were still chattering.",
            "\"Was it tap-tap-tap?\" he wondered. \"Or tap, tap-tap?\"",
        ]), resolution: StoryPart("forest-resolve-woodpecker", core: [
            "{giftLine}",
            "{hero} remembered hearing it from the cottage window every night, and clapped it softly: tap, tap, taaap.",
        ], extras: [
            "\"That's it!\" said the woodpecker, and tapped it on his tree, slow and gentle.",
            "All around them, the wood began to hush, one creature at a time.",
            "The woodpecker tapped it once more, just for {hero}, and then tucked his head under his wing.",
        ]), summary: "An old woodpecker forgets the tapping tune that sends the wood to bed, until {hero} claps it back for him."),
        StoryTrouble(problem: StoryPart("forest-problem-seedling", core: [
            "In a dry, dusty corner by the path stood the tiniest oak tree, no taller than a teacup.",
            "Its two leaves were drooping, because the rain had not reached it for days.",
        ], extras: [
            "\"I would like to grow as big as the old oak one day,\" it whispered, \"but I am so thirsty.\"",
            "The stream was near, but a little seedling cannot walk to a stream.",
        ]), resolution: StoryPart("forest-resolve-seedling", core: [
            "{giftLine}",
            "{hero} carried water from the stream in cupped hands, again and again, and poured it carefully around the seedling.",
        ], extras: [
            "{Friend} helped by patting the soil so the water soaked in.",
            "Slowly, the two small leaves lifted up, bright and green.",
            "\"Come and see me when I am tall,\" said the little oak, \"and I will give you shade.\"",
        ]), summary: "Handful after handful, {hero} carries stream water to a thirsty oak seedling no taller than a teacup."),
        StoryTrouble(problem: StoryPart("forest-problem-snail", core: [
            "On a flat stone in the middle of the path sat a snail, looking very far from home.",
            "She had gone out to find a juicy leaf and somehow ended up a whole hour's crawl from her garden wall.",
        ], extras: [
            "\"At my speed, I will get home next Tuesday,\" she said, very politely.",
            "{hero} could see the garden wall in the distance, pale in the moonlight.",
        ]), resolution: StoryPart("forest-resolve-snail", core: [
            "{giftLine}",
            "{hero} picked a big, smooth leaf and let the snail glide onto it, then carried her like a queen on a cushion.",
        ], extras: [
            "The snail waved her feelers at everything they passed, enjoying the ride enormously.",
            "At the garden wall, {hero} set the leaf down beside a cool, damp crack between the stones.",
            "\"Home at last,\" said the snail, and she slid inside her shell for a long, contented sleep.",
        ]), summary: "A polite snail wanders an hour's crawl from her garden wall and rides home on a leaf {hero} carries."),
        StoryTrouble(problem: StoryPart("forest-problem-branch", core: [
            "At the foot of a bank, the rabbits were hopping about in a worried crowd.",
            "A fallen branch had landed right across the front door of their burrow, and nobody could get in.",
        ], extras: [
            "\"The babies are inside, waiting for their bedtime story,\" said Mother Rabbit.",
            "The branch was too heavy for a rabbit, even for ten rabbits pushing together.",
        ]), resolution: StoryPart("forest-resolve-branch", core: [
            "{giftLine}",
            "{hero} and {friend} took one end each, counted to three, and rolled the branch slowly away from the door.",
        ], extras: [
            "The rabbits cheered in soft, thumping voices.",
            "One by one they hopped home, and the babies squeaked with joy to see them.",
            "Mother Rabbit gave {hero} a clover flower to say thank you, and then the door of the burrow went quiet.",
        ]), summary: "A fallen branch blocks a rabbit burrow's front door until {hero} and {friend} roll it aside."),
        StoryTrouble(problem: StoryPart("forest-problem-glowworm", core: [
            "Tonight was the glow-worms' parade, when they all light up in a long line through the grass.",
            "But one small glow-worm was hiding under a leaf, too shy to switch on her light.",
        ], extras: [
            "\"What if my glow is too small?\" she whispered. \"What if everyone looks at me?\"",
            "{hero} knew that feeling, the wobbly one you get before doing something new.",
        ]), resolution: StoryPart("forest-resolve-glowworm", core: [
            "{giftLine}",
            "{hero} sat close and taught her a little brave song: small lights, soft lights, every light counts.",
        ], extras: [
            "She sang it once in a whisper, and a faint green glow flickered on.",
            "She sang it again, and her light grew steady and warm.",
            "Then she crawled out to join the parade, shining just as brightly as all the others.",
        ]), summary: "A shy glow-worm learns a brave little song from {hero} and finds the courage to shine in the parade."),
        StoryTrouble(problem: StoryPart("forest-problem-wren", core: [
            "On a low branch sat a young wren, fluffing and unfluffing her feathers.",
            "Tomorrow she was meant to fly up to the high branch with her brothers, and she was not sure she could.",
        ], extras: [
            "\"My wings feel wobbly,\" she told {hero}. \"What if I only get halfway?\"",
            "Her brothers were already asleep up high, like three small brown pine cones.",
        ]), resolution: StoryPart("forest-resolve-wren", core: [
            "{giftLine}",
            "{hero} suggested a practice: one little hop to the next twig, with {friend} cheering softly below.",
        ], extras: [
            "She hopped, and it was easy, so she fluttered to the next twig, and the next.",
            "Before she knew it, she was up on the high branch, snuggled between her brothers.",
            "\"I did it tonight,\" she peeped, \"so tomorrow will be easy,\" and she tucked her beak into her feathers.",
        ]), summary: "Twig by twig, with {hero} cheering, a wobbly young wren practises her flight to the high branch where her brothers sleep."),
    ]
}
