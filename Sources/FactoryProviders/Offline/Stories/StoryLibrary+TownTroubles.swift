import FactoryCore

/// More town titles, beginnings and troubles, so a weekly town series has a new title and a new
/// premise for a quarter of a year (the content memory refuses repeats within 12 weeks).
extension StoryLibrary {
    static let townTitles = [
        "{hero} Rescues a Book from the Rain", "The Dough That Waited for {hero}", "A Letter Blown Down Baker Street, by {hero}",
        "{hero} at the Fountain After Dark", "The Sparrows Thank {hero}", "{hero} Finds the Station Whistle",
        "Window Boxes Watered by {hero}", "A Carousel Lullaby for {hero}", "The Clockwork Mouse and {hero}",
        "{hero} Turns the Weathervane",
    ]

    static let townSetups = [
        StoryPart("town-setup-shop", core: [
            "Above a toy shop on the corner of the market square lived {hero}, who was {age} years old.",
            "When the shop closed each evening, {hero} and {companion} went out to help Aunt Jo lock up the shutters.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The square was emptying, and the last market stall was folding its striped awning.",
            "\"A little stroll round the square,\" said Aunt Jo, \"and then up to bed with you both.\"",
            "The cobbles still held the warmth of the day, and the first lanterns were blinking on.",
        ]),
        StoryPart("town-setup-bicycle", core: [
            "In a narrow house with a bright green door, on a hill above the town, lived {hero}, who was {age} years old.",
            "Every evening after bath time, Dad wheeled the old bicycle out, and {hero} and {companion} rode in the basket down to the square.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The bicycle bell went ting-ting as they passed the neighbours, who waved from their doorsteps.",
            "\"One slow lap of the town,\" said Dad, \"and home before the church bell rings.\"",
            "The wheels hummed on the cobbles, and the evening air smelled of warm bread and blossom.",
        ]),
    ]

    static let townTroubles = [
        StoryTrouble(problem: StoryPart("town-problem-rainy-book", core: [
            "On a bench by the library steps lay a storybook, left open, with the first drops of a shower falling on it.",
            "The library was already closed, and its windows were dark.",
        ], extras: [
            "\"Someone has forgotten it,\" said {friend}, \"and the pictures will get soggy.\"",
            "It was a book about a bear who went sailing, and its pages were fluttering in the breeze.",
        ]), resolution: StoryPart("town-resolve-rainy-book", core: [
            "{giftLine}",
            "{hero} closed the book, tucked it under a coat, and carried it to the library's little night box by the door.",
        ], extras: [
            "It slid inside with a soft thump, dry and safe.",
            "On a slip of paper, {hero} wrote: found on the bench, please keep warm, it's a very good story.",
            "Inside the dark library, it almost seemed that the books on the shelves gave a sleepy sigh of relief.",
        ]), summary: "A storybook left on a bench in the rain is carried dry by {hero} to the library's night box."),
        StoryTrouble(problem: StoryPart("town-problem-dough", core: [
            "Through the bakery window, they saw the baker frowning at a big bowl of dough.",
            "\"It won't rise,\" he said, opening the door. \"The oven's broken, the kitchen's cold, and the town needs bread tomorrow.\"",
        ], extras: [
            "The dough sat flat and sulky in its bowl, not puffing up at all.",
            "\"Bread dough likes to be warm and cosy,\" he explained, \"just like children at bedtime.\"",
        ]), resolution: StoryPart("town-resolve-dough", core: [
            "{giftLine}",
            "{hero} suggested wrapping the bowl in the baker's thick wool blanket and setting it beside the warm chimney breast.",
        ], extras: [
            "They tucked it in like a baby, and {friend} sang it a little song for good measure.",
            "Slowly, slowly, the dough began to swell, round and soft, until it peeped over the top of the bowl.",
            "The baker laughed and said there would be a special loaf with {hero}'s name on it in the morning.",
        ]), summary: "When the bakery's kitchen turns cold, {hero} tucks a flat bowl of dough in a wool blanket by the chimney until it rises."),
        StoryTrouble(problem: StoryPart("town-problem-letter", core: [
            "A gust of wind came round the corner and sent an envelope skipping along the cobbles.",
            "It had a bright stamp and was addressed in careful capitals to Granny Rose, Number Nine, Mill Lane.",
        ], extras: [
            "The postman had already gone home, and his bicycle was leaning outside his house.",
            "\"It might be a birthday card,\" said {friend}. \"Birthday cards should never be late.\"",
        ]), resolution: StoryPart("town-resolve-letter", core: [
            "{giftLine}",
            "{hero} caught the envelope under one foot, smoothed it out, and carried it to Mill Lane.",
        ], extras: [
            "Number Nine had a knocker shaped like a fox and a light still on in the window.",
            "{hero} slipped the letter gently through the letterbox, and a moment later they heard a delighted little gasp.",
            "\"A card from my grandson!\" called Granny Rose. \"Thank you, whoever you are!\"",
        ]), summary: "A windblown envelope skips down the cobbles, and {hero} delivers it by hand to Granny Rose on Mill Lane."),
        StoryTrouble(problem: StoryPart("town-problem-fountain-ball", core: [
            "In the square, a small scruffy dog was standing on the edge of the fountain, whining softly.",
            "His red ball was floating in the very middle, going round and round where he could not reach it.",
        ], extras: [
            "\"It's my bedtime ball,\" he said. \"I sleep with my chin on it.\"",
            "The fountain burbled, and the ball bobbed just out of reach every time.",
        ]), resolution: StoryPart("town-resolve-fountain-ball", core: [
            "{giftLine}",
            "{hero} floated a leaf boat across the water, and the gentle ripples nudged the ball slowly towards the edge.",
        ], extras: [
            "{Friend} reached out and scooped it up, dripping and shiny.",
            "The dog wagged his whole back half and trotted off home with the ball in his mouth.",
            "At his door, he dropped it on his mat, lay down with his chin on top, and sighed the happiest sigh.",
        ]), summary: "A scruffy dog's red bedtime ball floats in the middle of the fountain until {hero}'s ripples bring it back."),
        StoryTrouble(problem: StoryPart("town-problem-sparrow-nest", core: [
            "On the pavement below the eaves lay a little nest of straw, tipped on its side.",
            "Above it, two sparrows were chirping anxiously, for their three small chicks were huddled in the straw.",
        ], extras: [
            "The wind had loosened it from its corner under the roof.",
            "\"Our babies can't fly yet,\" chirped the mother sparrow. \"How will we get them home?\"",
        ]), resolution: StoryPart("town-resolve-sparrow-nest", core: [
            "{giftLine}",
            "{hero} knocked at the house, and the kind old man who lived there brought out his ladder.",
        ], extras: [
            "{hero} handed up the nest, chicks and all, and he wedged it safely back in its corner with a bit of string.",
            "The parents fluttered in at once and spread their wings over the chicks.",
            "All along the eaves, the other sparrows chirped a soft goodnight.",
        ]), summary: "A sparrows' nest tumbles from the eaves with three chicks in it, and {hero} borrows a neighbour's ladder to put it back."),
        StoryTrouble(problem: StoryPart("town-problem-whistle", core: [
            "At the little railway station, the stationmaster was patting all her pockets.",
            "\"My whistle,\" she said. \"The last train can't leave until I blow it, and everyone on board wants to go home.\"",
        ], extras: [
            "Through the carriage windows, sleepy passengers were yawning and looking at their watches.",
            "\"I had it when I checked the tickets,\" she said, \"and now it's gone.\"",
        ]), resolution: StoryPart("town-resolve-whistle", core: [
            "{giftLine}",
            "{hero} retraced her steps along the platform and found the shiny whistle hanging from the ticket-office door handle.",
        ], extras: [
            "The stationmaster blew it, one clear, cheerful note, and waved her flag.",
            "The last train puffed slowly out of the station, its windows glowing like a string of lanterns.",
            "\"You'd make a fine stationmaster,\" she said, and let {hero} give the whistle one tiny toot.",
        ]), summary: "The last train can't leave until {hero} finds the stationmaster's whistle, hanging from a door handle."),
        StoryTrouble(problem: StoryPart("town-problem-window-boxes", core: [
            "All along Flower Row, the window boxes were drooping, their petals hanging down like sleepy heads.",
            "Mrs Pym, who watered them every evening, had a sore wrist and could not lift her watering can.",
        ], extras: [
            "\"The geraniums will be so thirsty by morning,\" she said from her doorstep.",
            "There were eleven window boxes, all the way to the end of the row.",
        ]), resolution: StoryPart("town-resolve-window-boxes", core: [
            "{giftLine}",
            "{hero} and {friend} filled the little watering can at the pump and watered every box, one after another.",
        ], extras: [
            "By the time they reached the eleventh, the first ones were already lifting their heads.",
            "The whole row smelled green and fresh, and a moth came to visit the open petals.",
            "Mrs Pym gave them each a sugared almond and said the flowers would dream of rain.",
        ]), summary: "Eleven drooping window boxes get their evening water from {hero} while Mrs Pym rests her wrist."),
        StoryTrouble(problem: StoryPart("town-problem-carousel", core: [
            "In the park, the old carousel stood silent, its painted horses frozen mid-gallop.",
            "Every night it played one slow tune to send the town to sleep, but tonight its music key had fallen out.",
        ], extras: [
            "The carousel man was searching the grass with a torch, shaking his head.",
            "\"Without the tune,\" he said, \"the town will toss and turn all night.\"",
        ]), resolution: StoryPart("town-resolve-carousel", core: [
            "{giftLine}",
            "{hero} spotted a glint of brass in the straw of the wooden horse's manger and held it up: the key.",
        ], extras: [
            "The man fitted it, turned it three times, and the carousel began to turn, gently, gently.",
            "Its music floated over the rooftops, a tinkling lullaby that every window seemed to listen to.",
            "{hero} and {friend} rode one slow round on a white horse named Clover, and then it was time for bed.",
        ]), summary: "The old carousel plays the town to sleep each night, but first {hero} must find its lost brass music key."),
        StoryTrouble(problem: StoryPart("town-problem-clockwork-mouse", core: [
            "By the toy shop door sat a little clockwork mouse, stopped halfway across the step.",
            "\"I rolled out when the door opened,\" it said in a slow, wound-down voice, \"and now I can't get back to my shelf.\"",
        ], extras: [
            "Its key stood still in its side, and its whiskers had stopped twitching.",
            "Through the window, they could see the empty space on the shelf where it lived.",
        ]), resolution: StoryPart("town-resolve-clockwork-mouse", core: [
            "{giftLine}",
            "{hero} gave the little key five careful turns, and the mouse whirred back to life.",
        ], extras: [
            "The toymaker opened the door, laughed to see it, and set it back on its shelf beside the wooden ducks.",
            "The mouse gave one last happy whirr and then settled down, perfectly still, to sleep among the toys.",
            "All the toys in the window seemed to smile, as toys do when everyone is home.",
        ]), summary: "A wound-down clockwork mouse rolls out of the toy shop and needs five turns of its key from {hero} to whirr home."),
        StoryTrouble(problem: StoryPart("town-problem-weathervane", core: [
            "On top of the town hall, the golden weathervane rooster was pointing the wrong way and looking cross about it.",
            "A gust had spun him round, and now he was stuck facing the hill instead of the sea.",
        ], extras: [
            "\"The fishermen look at me to know the wind,\" he crowed softly, \"and tonight I'm telling them fibs.\"",
            "His golden tail glinted in the lantern light.",
        ]), resolution: StoryPart("town-resolve-weathervane", core: [
            "{giftLine}",
            "{hero} told the caretaker, who climbed the little stairs inside the tower while {hero} called directions from below.",
        ], extras: [
            "\"A bit more, a bit more, stop!\" called {hero}, and the rooster turned to face the sea breeze once more.",
            "He shook his golden feathers and gave a quiet, satisfied cluck.",
            "Down at the harbour, a fisherman looked up, nodded, and tied his boat up for the night.",
        ]), summary: "The golden rooster on the town hall spins the wrong way, and {hero} calls from below to help turn him back to the sea."),
        StoryTrouble(problem: StoryPart("town-problem-washing", core: [
            "A breeze had tugged the washing off Mr Tibbs's line, and socks and shirts were scattered across the lane.",
            "Mr Tibbs was very old and very slow, and he was only halfway down his garden path.",
        ], extras: [
            "A blue shirt was draped over the postbox, and a stripy sock was hanging from a lamp post.",
            "\"Oh my,\" he said mildly, \"my washing has gone for a walk.\"",
        ]), resolution: StoryPart("town-resolve-washing", core: [
            "{giftLine}",
            "{hero} and {friend} gathered every piece, the shirt, the towels, and all seven socks, and folded them into his basket.",
        ], extras: [
            "They pegged them back on the line with double pegs, so the breeze could not play tricks again.",
            "Mr Tibbs gave them a lemon drop each and told them a story about his own boyhood.",
            "Then he went inside, and his kitchen light went out, and the washing swayed gently in the dark.",
        ]), summary: "Old Mr Tibbs's washing blows across the lane, and {hero} gathers every sock and shirt and pegs them back up."),
        StoryTrouble(problem: StoryPart("town-problem-tortoise", core: [
            "On the pavement outside the pet shop, a tortoise was making her way very slowly down the street.",
            "\"I only meant to sniff the strawberries at the greengrocer's,\" she said, \"but now it's dark and I'm far from my box.\"",
        ], extras: [
            "At her speed, the pet shop was a whole evening away.",
            "Her name, Dorothy, was painted neatly on her shell.",
        ]), resolution: StoryPart("town-resolve-tortoise", core: [
            "{giftLine}",
            "{hero} lifted Dorothy carefully in both hands, holding her level like a cup of cocoa, and carried her back to the shop.",
        ], extras: [
            "The pet-shop lady opened the door in her dressing gown and laughed softly.",
            "\"She goes on an adventure every week,\" she said, tucking Dorothy into a box of hay.",
            "Dorothy pulled her head into her shell, pleased with her outing, and began to snore.",
        ]), summary: "Dorothy the tortoise wanders off to sniff strawberries, and {hero} carries her, level as a cup of cocoa, back to the pet shop."),
    ]
}
