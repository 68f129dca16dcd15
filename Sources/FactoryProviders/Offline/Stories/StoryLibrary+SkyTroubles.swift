import FactoryCore

/// More sky titles, beginnings and troubles, so a weekly sky series has a new title and a new
/// premise for a quarter of a year (the content memory refuses repeats within 12 weeks).
extension StoryLibrary {
    static let skyTitles = [
        "A Crescent Caught on a Spire, Freed by {hero}", "A Runaway Kite Comes Home with {hero}", "{hero} Finds a Garden for the Rain",
        "{hero} Helps a Shy Shooting Star", "Seven Colours Again, Thanks to {hero}", "{hero} Tidies the Little Bear",
        "The Unicorn Foal's First Glow, with {hero}", "{hero} Untangles a Comet's Tail", "A Yellow Balloon Finds {hero}",
        "{hero} Calms the Restless Breeze",
    ]

    static let skySetups = [
        StoryPart("sky-setup-balloon", core: [
            "High on a hill, in a house with a telescope in the attic, lived {hero}, who was {age} years old.",
            "On clear nights, {hero} and {companion} climbed into the basket of a little hot-air balloon tied up in the garden.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The balloon was striped in lemon and blue, and it only ever went up as high as the kindest clouds.",
            "\"One gentle float,\" said Mum, checking the long rope, \"and down again for bed.\"",
            "The rope creaked, the basket swayed, and up they rose, slowly, into the deep blue evening.",
        ]),
        StoryPart("sky-setup-ladder", core: [
            "There was once a child called {hero}, {age} years old, who found a silver ladder leaning against the bedroom window.",
            "It went up and up, past the chimney, past the treetops, right into the stars, and {companion} was already on the bottom rung.",
        ], extras: [
            "{looksLine}",
            "{traitsLine}",
            "The rungs were cool and smooth and glowed faintly, like moonlight you could hold.",
            "\"Just a little climb,\" {hero} whispered, \"and then straight back to bed.\"",
            "So up they went, rung by rung, while the house grew small and cosy beneath them.",
        ]),
    ]

    static let skyTroubles = [
        StoryTrouble(problem: StoryPart("sky-problem-crescent", core: [
            "Low over the town, the crescent moon had caught its pointy tip on the top of the church spire.",
            "\"Oh dear,\" said the moon, wriggling gently. \"I was drifting and not looking where I was going.\"",
        ], extras: [
            "It could not climb any higher, and the night was supposed to be getting darker and sleepier.",
            "The church weathercock looked very embarrassed to be holding the moon.",
        ]), resolution: StoryPart("sky-resolve-crescent", core: [
            "{giftLine}",
            "{hero} floated up beside the spire and gave the moon a gentle nudge, lifting its tip free.",
        ], extras: [
            "The moon rose slowly into the sky, rocking a little, like a boat leaving the harbour.",
            "\"Much better,\" it said, and shone a little brighter over {hero}'s house, just to say thank you.",
            "The weathercock gave a relieved creak and turned to face the wind again.",
        ]), summary: "The crescent moon snags its tip on a church spire and needs a gentle nudge from {hero} to float free."),
        StoryTrouble(problem: StoryPart("sky-problem-kite", core: [
            "A blue kite with a long ribbon tail was drifting past all by itself, its string dangling.",
            "\"My string snapped,\" it said, \"and my girl is asleep down there, and she doesn't know I'm gone.\"",
        ], extras: [
            "It had a smiling sun painted on it, a little faded from many windy days.",
            "\"I don't know which garden is hers,\" it said, \"they all look the same from up here.\"",
        ]), resolution: StoryPart("sky-resolve-kite", core: [
            "{giftLine}",
            "{hero} caught the dangling string and looked for the garden with a swing and a washing line of tiny socks.",
        ], extras: [
            "Together they floated down and laid the kite softly on the grass beneath her window.",
            "{hero} tied its string to the swing with a bow, so it would not wander off again.",
            "The kite rustled happily and settled down to wait for morning.",
        ]), summary: "A blue kite whose string snapped is guided down by {hero} to the sleeping girl's garden and tied to her swing."),
        StoryTrouble(problem: StoryPart("sky-problem-raincloud", core: [
            "They met a round grey cloud, puffed up and heavy, sighing over and over.",
            "\"I'm so full of rain,\" it said, \"that I can't float properly, and I'm too uncomfortable to sleep.\"",
        ], extras: [
            "\"But I don't want to rain on anyone's picnic,\" it added. \"That would be rude.\"",
            "{friend} patted its side, and it wobbled like a jelly.",
        ]), resolution: StoryPart("sky-resolve-raincloud", core: [
            "{giftLine}",
            "{hero} pointed down to a vegetable garden where the soil was dry and the lettuces were drooping.",
        ], extras: [
            "The cloud floated over it and let its rain fall gently, pitter-patter, onto every thirsty leaf.",
            "When it was done, it was small and white and fluffy, and light as a feather.",
            "\"Oh, that feels lovely,\" it said, and drifted off to sleep over the hills.",
        ]), summary: "A heavy grey cloud too full to sleep lets its rain fall where {hero} shows it thirsty lettuces."),
        StoryTrouble(problem: StoryPart("sky-problem-shooting-star", core: [
            "On the edge of the Milky Way sat a small star, its knees drawn up, watching the others zoom past.",
            "\"I'm supposed to be a shooting star tonight,\" it said, \"but I'm nervous about going so fast.\"",
        ], extras: [
            "\"What if I wobble?\" it asked. \"What if nobody makes a wish?\"",
            "Its light trembled like a candle flame.",
        ]), resolution: StoryPart("sky-resolve-shooting-star", core: [
            "{giftLine}",
            "{hero} offered to make the very first wish, and said it would be a wish for the star itself.",
        ], extras: [
            "That made the little star so happy that it forgot to be nervous.",
            "It pushed off and slid across the sky in one long, shining line, not wobbling at all.",
            "Down below, three children at three windows saw it and made three wishes, and the star glowed with pride.",
        ]), summary: "A nervous little star is afraid to shoot across the sky, until {hero} promises it the very first wish."),
        StoryTrouble(problem: StoryPart("sky-problem-rainbow", core: [
            "A pale evening rainbow hung in the sky, but something about it looked wrong.",
            "It had red and orange and yellow and green, then a gap, then indigo and violet: the blue had slipped away.",
        ], extras: [
            "\"I can't go to sleep with a gap in me,\" the rainbow said. \"It's like a missing sock.\"",
            "{friend} looked all around for anything blue.",
        ]), resolution: StoryPart("sky-resolve-rainbow", core: [
            "{giftLine}",
            "{hero} spotted a bluebird asleep on a cloud, and on its wing was a stripe of borrowed rainbow blue.",
        ], extras: [
            "The bluebird woke, blinked, and said, \"Oh! I only borrowed it to keep warm.\"",
            "It gave the stripe back, and the rainbow shone whole again, all seven colours in a row.",
            "In return, the rainbow wrapped the bluebird in a little scarf of soft violet.",
        ]), summary: "{hero} spots that a sleepy bluebird borrowed the rainbow's blue to keep warm, and it gives it back so the rainbow is whole."),
        StoryTrouble(problem: StoryPart("sky-problem-little-bear", core: [
            "They came to the Little Bear, the group of stars shaped like a small bear, but it did not look like a bear at all.",
            "A gust of starry wind had jumbled its stars, and now it looked more like a teapot.",
        ], extras: [
            "\"The sailors use me to find their way,\" said the Little Bear sadly, \"and tonight I'll only confuse them.\"",
            "The stars blinked at each other, each unsure where it belonged.",
        ]), resolution: StoryPart("sky-resolve-little-bear", core: [
            "{giftLine}",
            "{hero} remembered the picture on the bedroom ceiling and put the stars back one by one: nose, ears, back, tail.",
        ], extras: [
            "The last star was the tip of the tail, the bright one that always points north.",
            "When it clicked into place, the Little Bear glowed and gave a tiny, twinkly yawn.",
            "Far below on the sea, a sailor looked up, smiled, and turned her boat for home.",
        ]), summary: "Starry wind jumbles the Little Bear into a teapot, and {hero} sets its stars back in place one by one."),
        StoryTrouble(problem: StoryPart("sky-problem-unicorn", core: [
            "On a cloud meadow stood a unicorn foal, gazing up at her mother, whose horn glowed like a lamp.",
            "\"Mine won't glow,\" she said, shaking her head. \"And I need it to light my way to bed.\"",
        ], extras: [
            "She had tried sparkling, and tried hopping, and tried wishing very hard, but nothing had worked.",
            "Her little horn stayed as plain and pale as a seashell.",
        ]), resolution: StoryPart("sky-resolve-unicorn", core: [
            "{giftLine}",
            "{hero} asked her to think of the happiest thing she knew, and she thought of her mother's warm side at bedtime.",
        ], extras: [
            "Slowly, the tip of her horn began to shine, soft and pink at first, then gold.",
            "\"It works when you think of love,\" said her mother, nuzzling her.",
            "The foal trotted off to bed with her horn lighting the way, as proud as could be.",
        ]), summary: "A unicorn foal's horn stays dark until {hero} asks her to think of the happiest thing she knows."),
        StoryTrouble(problem: StoryPart("sky-problem-comet-tail", core: [
            "A small comet was going round in circles, because its sparkly tail had got knotted in a wisp of cloud.",
            "\"I can only fly in circles,\" it grumbled, \"and I am getting quite dizzy.\"",
        ], extras: [
            "Every time it pulled, the knot got tighter and the cloud got crosser.",
            "\"Hold still,\" said the cloud. \"You're tickling.\"",
        ]), resolution: StoryPart("sky-resolve-comet-tail", core: [
            "{giftLine}",
            "{hero} found the end of the knot and slowly worked it loose, while {friend} held the cloud steady.",
        ], extras: [
            "The tail slid free, long and glittering, and the comet did one happy straight line across the sky.",
            "It sprinkled a little stardust over them as it went, which tickled their noses.",
            "The cloud smoothed itself out and went back to sleep with a contented puff.",
        ]), summary: "A comet going round in circles has its sparkly tail knotted in a cloud, until {hero} works it loose."),
        StoryTrouble(problem: StoryPart("sky-problem-balloon", core: [
            "Floating up past the stars came a yellow party balloon with a ribbon trailing beneath it.",
            "Written on it in crayon was a name and the words: my best balloon.",
        ], extras: [
            "\"I slipped out of a little boy's hand at his birthday,\" said the balloon, \"and I keep going up and up.\"",
            "\"He'll be so sad in the morning,\" said {friend}.",
        ]), resolution: StoryPart("sky-resolve-balloon", core: [
            "{giftLine}",
            "{hero} caught the ribbon and carried the balloon back down to the town, looking for a window with birthday bunting.",
        ], extras: [
            "There it was: a house with paper flags, and a small boy asleep in a party hat.",
            "{hero} tied the ribbon to the end of his bed, very quietly.",
            "The balloon bobbed gently beside him, glowing in the moonlight like a little sun.",
        ]), summary: "A yellow birthday balloon floats up among the stars, and {hero} carries it back to the boy it belongs to."),
        StoryTrouble(problem: StoryPart("sky-problem-breeze", core: [
            "A young breeze was rushing about the sky, rattling the clouds and ruffling the birds in their nests.",
            "\"I can't stop,\" it puffed. \"I've been blowing all day, and now I don't know how to be still.\"",
        ], extras: [
            "Every time it went past, the stars flickered and the night birds woke up.",
            "It did not mean to be a nuisance; it simply did not know how to slow down.",
        ]), resolution: StoryPart("sky-resolve-breeze", core: [
            "{giftLine}",
            "{hero} showed the breeze how to breathe like the sea: in, slowly, and out, even more slowly.",
        ], extras: [
            "The breeze tried it, and became a gust, then a puff, then the softest sigh.",
            "It curled up in the hollow of a cloud like a kitten.",
            "\"I didn't know being still could feel so nice,\" it whispered, and was quiet at last.",
        ]), summary: "{hero} teaches a young breeze that has blown all day to breathe like the sea and be still at last."),
        StoryTrouble(problem: StoryPart("sky-problem-teddy", core: [
            "Past them floated a small brown teddy bear wearing a tiny silver spacesuit.",
            "\"I fell out of the space station window,\" it said, \"and my astronaut can't sleep without me.\"",
        ], extras: [
            "Far above, they could see the station glinting, and a face pressed to a round window.",
            "The teddy's paws waved slowly, as things do when there is nothing to stand on.",
        ]), resolution: StoryPart("sky-resolve-teddy", core: [
            "{giftLine}",
            "{hero} gathered the teddy up and floated it carefully up to the round window, where a hatch opened just a crack.",
        ], extras: [
            "A gloved hand reached out and took it, and the astronaut gave a thumbs-up through the glass.",
            "Then she zipped the teddy inside her sleeping bag and waved goodnight.",
            "The space station sailed on, quiet and bright, with two sleepy travellers inside.",
        ]), summary: "An astronaut's teddy floats out of the space station, and {hero} carries it back up to her round window."),
        StoryTrouble(problem: StoryPart("sky-problem-lantern-moth", core: [
            "A silver moth was fluttering in a worried zigzag near the Milky Way.",
            "\"I'm the one who lights the dream lanterns,\" she said, \"and I've dropped my little spark.\"",
        ], extras: [
            "Without the dream lanterns, she explained, children would have no bright dreams tonight.",
            "Far below, a row of tiny lanterns hung dark on a line of moonbeams.",
        ]), resolution: StoryPart("sky-resolve-lantern-moth", core: [
            "{giftLine}",
            "{hero} noticed a tiny glow nestled in the fluff of a cloud, warm as an ember, and cupped it gently.",
        ], extras: [
            "The moth took the spark and flew along the line, lighting every lantern one after another.",
            "Each one glowed a different soft colour: peach, mint, lilac and gold.",
            "\"Now every child will have a good dream,\" said the moth, \"and you two first of all.\"",
        ]), summary: "The moth who lights the dream lanterns drops her spark, and {hero} finds it glowing in the fluff of a cloud."),
    ]
}
