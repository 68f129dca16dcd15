import FactoryCore

/// Episodes and goodnights that fit any setting: they speak of it through the family's words
/// ({place}, {path}, {lights}, {sound}, {soft}, {home}, {creature}, {smell}, {colour}, {treasure}).
extension StoryLibrary {
    static let goodnights: [StoryPart] = [
        StoryPart("goodnight-window", core: [
            "Then {hero} and {friend} went slowly home, where a warm light glowed in the window.",
        ], extras: [
            "The door of {home} creaked softly, the way doors do when they are glad to see you.",
            "{hero} washed, put on the softest pyjamas, and climbed into bed while {friend} curled up close by.",
            "Outside, {sound} went on and on, quieter and quieter, like a song that knows it is nearly time to stop.",
            "{hero} thought about the whole evening, one gentle picture at a time, and every picture made the pillow feel softer.",
            "\"Goodnight, {place},\" {hero} whispered. \"Goodnight, {friend}.\"",
        ], ending: [
            "And with one last slow yawn, {hero} closed both eyes and fell fast asleep.",
        ]),
        StoryPart("goodnight-blanket", core: [
            "By now the night was deep and kind, and it was time for {hero} to go home to bed.",
        ], extras: [
            "Back at {home}, the blankets were already turned down, as if the bed had been waiting all evening.",
            "{hero} snuggled in, warm from toes to nose, and {friend} settled in with a happy little sigh.",
            "The {lights} glowed faintly through the window, like a night-light someone had left on just for them.",
            "{hero} listened to {sound}, and the sound seemed to say: rest now, rest now, everything is safe.",
            "Breathing in slowly, and breathing out slowly, {hero} felt heavy and light at the same time.",
        ], ending: [
            "And there, tucked up and smiling, {hero} drifted off to sleep.",
        ]),
        StoryPart("goodnight-stars", core: [
            "When they reached {home} at last, the whole world had turned soft and quiet.",
        ], extras: [
            "{hero} climbed into bed and pulled the covers right up to the chin.",
            "{friend} yawned such a big yawn that {hero} could not help yawning too.",
            "Somewhere far away, {sound} carried on, gentle and slow, like a lullaby sung by the night itself.",
            "{hero} remembered the {lights} and all the kind things they had done, and smiled into the pillow.",
            "\"Today was a good day,\" {hero} murmured, and {friend} agreed in the sleepiest voice there ever was.",
        ], ending: [
            "Then {hero}'s eyes closed, and {hero} fell asleep, warm and safe, until morning came.",
        ]),
        StoryPart("goodnight-moon", core: [
            "The moon was high now, and it seemed to say that it was time for bed.",
        ], extras: [
            "So {hero} and {friend} went home to {home}, taking the slow way, the quiet way.",
            "There was a cup of warm milk, a kiss on the forehead, and a soft pillow waiting.",
            "{hero} lay still and let the evening settle like snow in a snow globe, every little bit of it floating down to rest.",
            "{friend} was already asleep, breathing slowly, and the sound of it was very soothing.",
            "\"Goodnight, moon,\" {hero} whispered, so quietly that only the moon could hear.",
        ], ending: [
            "And {hero}, happy and sleepy and safe, fell asleep at last.",
        ]),
    ]

    static let sharedEpisodes: [StoryPart] = [
        StoryPart("count-lights", core: [
            "After a while, {hero} and {friend} stopped to count the {lights}.",
            "One, two, three, four, five: there were far too many to count, and that made {hero} smile.",
        ], extras: [
            "{friend} tried counting too, but lost track somewhere after seven and had to begin again.",
            "So they counted slowly, in whispers, the way you count sheep when the night is deep and quiet.",
            "Six, seven, eight, each number a little softer than the one before.",
            "By the time they reached twenty, {hero}'s eyes felt pleasantly heavy, like warm sand at the end of a summer day.",
            "Then, very gently, they went on their way along {path}.",
        ]),
        StoryPart("snack", core: [
            "A little further on, {friend} gave a small, hopeful sigh, and {hero} knew exactly what that meant.",
            "It was time for a snack, so they sat down together on {soft}.",
        ], extras: [
            "From a pocket, {hero} took two honey biscuits wrapped in a napkin, one for each of them.",
            "They nibbled slowly, making the biscuits last, while {sound} went on all around them.",
            "Crumbs fell onto {soft}, and a tiny beetle came to carry one away, very pleased with its luck.",
            "\"Sharing makes biscuits taste better,\" said {hero}, and {friend} agreed completely.",
            "When the last crumb was gone, they brushed their hands clean and set off again, full and cosy.",
        ]),
        StoryPart("humming", core: [
            "As they walked, {hero} began to hum a song, the one that was always sung at bedtime.",
            "It was a slow song with only a few notes, and {friend} soon joined in.",
        ], extras: [
            "The song floated out over {place}, and it seemed that {sound} was humming along.",
            "{hero} sang the words softly: the day is done, the day is done, rest your head, my little one.",
            "They sang it once, and then again, a little slower and a little quieter.",
            "The third time, they only hummed, because the words felt too sleepy to say.",
            "When the song ended, the quiet that came after it was the nicest quiet of all.",
        ]),
        StoryPart("shapes", core: [
            "Soon they found a comfortable spot on {soft} and lay down to look up at the sky.",
            "Soft clouds were drifting slowly by, and each one looked like something.",
        ], extras: [
            "\"That one is a sleeping cat,\" said {hero}, pointing to a round, curled-up cloud.",
            "{friend} found a teapot, then a boat with a tall sail, then a very fat sheep.",
            "{hero} found a castle with a little flag on top, and a rabbit with one floppy ear.",
            "The clouds did not hurry; they changed shape slowly, as if they were getting ready for bed too.",
            "When the last cloud had drifted away, {hero} and {friend} stood up, stretched, and carried on.",
        ]),
        StoryPart("creature-goodnight", core: [
            "Along {path}, they met {creature}, getting ready for the night.",
            "{hero} stopped and said a polite, quiet good evening.",
        ], extras: [
            "The little ones were yawning, and the grown-ups were tucking them in.",
            "\"We say goodnight to everyone we meet,\" {hero} explained, and the little ones thought that was a lovely idea.",
            "So they all said goodnight to each other, one by one, and then once more all together.",
            "{friend} waved until they were out of sight.",
            "It felt good to know that all over {place}, everyone was settling down to sleep.",
        ]),
        StoryPart("breeze", core: [
            "Then a soft breeze came by, carrying the smell of {smell}.",
            "{hero} closed both eyes and breathed it in slowly.",
        ], extras: [
            "\"What does it smell like to you?\" asked {hero}.",
            "{friend} thought about it for a long time and said, \"It smells like a peaceful evening.\"",
            "{hero} laughed softly, because that was exactly right.",
            "The breeze played with {hero}'s hair for a moment, gentle as a hand, and then went on its way.",
            "They walked on, a little slower now, still breathing in the lovely evening air.",
        ]),
        StoryPart("breathing", core: [
            "\"Let's play the slow game,\" said {hero}, and {friend} nodded.",
            "In the slow game, you breathe in while counting to four, and breathe out while counting to four again.",
        ], extras: [
            "In, two, three, four, like a wave coming up the sand.",
            "Out, two, three, four, like the wave sliding back to the sea.",
            "They played it while they walked, matching their steps to their breathing.",
            "After a while, even {sound} seemed to slow down and breathe along with them.",
            "{hero} felt calm all the way through, from the top of the head to the tips of the toes.",
        ]),
        StoryPart("ladybird", core: [
            "A tiny ladybird landed on {hero}'s sleeve, red with seven neat black spots.",
            "{hero} stood very still, so as not to startle it.",
        ], extras: [
            "\"Hello, little one,\" whispered {hero}. \"Are you going home too?\"",
            "The ladybird walked all the way up to {hero}'s wrist, slowly, one tiny step after another.",
            "{friend} leaned in to look, and the ladybird did not mind one bit.",
            "Then it opened its shiny wing cases, spread its delicate wings, and flew off towards {place}.",
            "\"Sleep well,\" {hero} called after it, very softly.",
        ]),
        StoryPart("favourite-memory", core: [
            "\"Tell me your favourite memory,\" said {friend}, as they walked side by side.",
            "{hero} thought for a while and then told the story of a warm afternoon with a picnic and a kite.",
        ], extras: [
            "The kite had been yellow, with a long tail of ribbons that danced in the wind.",
            "It had flown so high that it looked like a tiny bird, and everyone had laughed and cheered.",
            "Afterwards, there had been strawberries and a long, lazy rest on a big blanket.",
            "\"That is a very good memory,\" said {friend}. \"Now I have it too.\"",
            "And {hero} felt happy, because a good memory shared is a good memory doubled.",
        ]),
        StoryPart("quiet-game", core: [
            "\"Let's see who can be the quietest,\" whispered {friend}.",
            "So they both stood perfectly still and listened to {sound}.",
        ], extras: [
            "When you are very quiet, you can hear all sorts of small, soft things.",
            "{hero} heard a leaf turning over, a far-off door closing, and a tiny creature settling into its bed.",
            "{friend} heard {hero} breathing, slow and steady, and smiled.",
            "Nobody won the quiet game, because both of them were perfectly, wonderfully quiet.",
            "Then they tiptoed onward, still smiling, keeping a little of the quiet with them.",
        ]),
        StoryPart("evening-colours", core: [
            "Little by little, the sky turned {colour}, and then a deeper blue, the blue of late evening.",
            "{hero} watched the colours change, slow as honey sliding from a spoon.",
        ], extras: [
            "\"Where does the day go when it ends?\" wondered {hero}.",
            "\"It goes to sleep on the other side of the world,\" said {friend}, \"so it can come back fresh in the morning.\"",
            "{hero} liked that idea very much.",
            "The first star appeared, then another, each one like a small candle being lit.",
            "They walked on beneath them, the night wrapping around them like a soft blue blanket.",
        ]),
        StoryPart("treasure", core: [
            "Then something small caught {hero}'s eye: a {treasure}, lying all by itself.",
            "{hero} picked it up carefully and turned it over in the {lights}' glow.",
        ], extras: [
            "It was smooth and perfect, as if someone had made it just for this evening.",
            "\"We can keep it on the windowsill,\" said {hero}, \"to remember tonight.\"",
            "{friend} thought that was a splendid plan.",
            "{hero} tucked the treasure safely into a pocket, where it felt warm and friendly.",
            "Every now and then, on the way, {hero} touched it gently, just to check it was still there.",
        ]),
        StoryPart("thankful", core: [
            "\"Let's say three things we were glad about today,\" said {hero}, as they went along {path}.",
            "{friend} went first and said, \"I was glad about breakfast, and about you, and about this walk.\"",
        ], extras: [
            "{hero} laughed softly and said, \"I was glad about the sunshine, and the {lights}, and a song I heard.\"",
            "Then they thought of more, because once you start, glad things keep popping up like bubbles.",
            "A warm bath, a funny joke, a friendly wave from someone across the street.",
            "By the end, they had far more than three, and their hearts felt as full as a basket of apples.",
            "They carried on quietly, each of them smiling at the list.",
        ]),
        StoryPart("animal-steps", core: [
            "To make the walk more fun, {hero} suggested they move like different animals.",
            "First they tiptoed like cats, so softly that they made no sound at all.",
        ], extras: [
            "Then they waddled like ducks, side to side, and tried very hard not to giggle.",
            "Then they crept like tortoises, slow, slow, slower still, one careful step at a time.",
            "Last of all, they moved like sleepy bears, heavy and gentle, with big yawns in between.",
            "\"Sleepy bear is my favourite,\" said {friend}.",
            "{hero} agreed, and they stayed sleepy bears for quite a while.",
        ]),
        StoryPart("whisper-echo", core: [
            "{hero} cupped both hands and whispered, \"Goodnight, {place}.\"",
            "For a moment nothing happened, and then, very faintly, the whisper seemed to come drifting back.",
        ], extras: [
            "\"Goodnight,\" it said, so softly it might have been the breeze.",
            "{friend} tried too, and a gentle goodnight came back again, like a reply from a friend far away.",
            "They whispered goodnight to the {lights}, to {sound}, and to the path under their feet.",
            "Everything they whispered to seemed a little calmer afterwards, as if it had been tucked in.",
            "Then they went on, whispering now and then, as quietly as mice.",
        ]),
        StoryPart("moon-follows", core: [
            "\"The moon is following us,\" said {friend}, looking up.",
            "It was true: wherever they walked, the round, pale moon came too, floating just above {place}.",
        ], extras: [
            "\"Maybe it wants to make sure we get home safely,\" said {hero}.",
            "They stopped, and the moon stopped too; they walked on, and the moon came along.",
            "It felt like having a kind old friend keeping watch from very high up.",
            "{hero} waved to it, and a thin cloud passed over its face like a slow, silver wink.",
            "After that, they did not mind the shadows at all, because the moon was with them.",
        ]),
        StoryPart("tiny-story", core: [
            "As they rested for a moment, {friend} asked for a story, a very small one.",
            "So {hero} told the story of a little bear who could not decide which pillow was the softest.",
        ], extras: [
            "The bear tried a pillow of leaves, which crackled, and a pillow of stones, which was far too hard.",
            "Then the bear tried a pillow of clouds, which floated away, and a pillow of flowers, which tickled.",
            "At last the little bear tried its own mother's furry arm, which was just right.",
            "\"And the little bear fell asleep at once,\" said {hero}, \"and dreamed of honey.\"",
            "{friend} sighed happily, because it was exactly the right sort of story for that time of night.",
        ]),
        StoryPart("wishing-star", core: [
            "Just then, the brightest star of the evening began to twinkle above them.",
            "\"That's a wishing star,\" said {hero}. \"You have to make your wish very quietly.\"",
        ], extras: [
            "They both closed their eyes and thought their wishes as hard and as softly as they could.",
            "{hero} did not say the wish out loud, because wishes like to be kept safe.",
            "But it had something to do with {friend}, and with more evenings exactly like this one.",
            "When they opened their eyes, the star seemed to twinkle a little brighter, as if it had heard.",
            "They went on their way feeling that something good was sure to happen.",
        ]),
    ]
}
