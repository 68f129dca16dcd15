import FactoryCore

extension StoryLibrary {
    /// An evening by a calm sea: a lighthouse, a little rowing boat, rock pools, seals and shells.
    static let sea = StoryFamily(
        id: "sea",
        keywords: ["sea", "ocean", "beach", "boat", "ship", "sail", "sailing", "island", "fish", "whale", "dolphin",
                   "mermaid", "pirate", "shell", "lighthouse", "harbour", "harbor", "wave", "waves", "seal", "turtle",
                   "underwater", "lake", "river", "seaside", "coral"],
        titles: ["{hero} and the Sleepy Sea", "The Lighthouse Keeps Watch for {hero}", "The Night {hero} Sailed the Bay",
                 "A Silver Tide for {hero}"] + seaTitles,
        setups: [
            StoryPart("sea-setup-lighthouse", core: [
                "Beside a white lighthouse above a quiet bay, {hero}, who was {age}, was staying for the summer.",
                "Every evening, {hero} went down to the beach with {companion} to say goodnight to the sea.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "Tonight the sea was as smooth as a sheet of glass, and the sand was still warm from the sun.",
                "Uncle Tom, the lighthouse keeper, lit the great lamp and called, \"Stay where you can see my light!\"",
                "{hero} waved back, and the two friends walked down the sandy steps to the shore.",
            ]),
            StoryPart("sea-setup-boat", core: [
                "Once upon a time, in a little harbour town by the sea, there lived a {age}-year-old called {hero}.",
                "{hero} had a blue rowing boat called Bluebell, and the best crew in the world: {companion}.",
            ], extras: [
                "{looksLine}",
                "{traitsLine}",
                "One calm evening, Mum untied Bluebell and held the rope while {hero} climbed in.",
                "\"Just along the shallow bay and back,\" she said, \"while I watch from the jetty.\"",
                "The oars dipped, the water chuckled, and Bluebell slid gently out onto the silver bay.",
            ]),
        ] + seaSetups,
        troubles: [
            StoryTrouble(problem: StoryPart("sea-problem-seal", core: [
                "Then, on a flat rock, they found a little seal pup looking out to sea.",
                "\"I fell asleep,\" it said, \"and now I cannot find my mama.\"",
            ], extras: [
                "The pup had big dark eyes and a coat like wet silver, and its whiskers drooped sadly.",
                "{hero} sat down beside it on the rock and said, \"Don't worry, little one. We will find her together.\"",
                "{friend} nodded, and the pup gave a small, hopeful sniff.",
            ]), resolution: StoryPart("sea-resolve-seal", core: [
                "{giftLine}",
                "Soon {hero} spotted the mama seal calling softly by the sandbank, and the pup swam happily to her.",
            ], extras: [
                "She had been looking for her pup all evening, her round, sleek head bobbing in the gentle waves.",
                "Mama seal nuzzled her pup, and the two of them rolled over and over in the gentle waves.",
                "Then the mama seal turned to {hero} and clapped her flippers, which is the way seals say thank you.",
                "\"Goodnight!\" called {hero}, and the seals swam slowly home to their island, side by side.",
            ]), summary: "{hero} and {friend} help a little seal pup find its mama across the calm evening bay."),
            StoryTrouble(problem: StoryPart("sea-problem-starfish", core: [
                "Near the water, they found a starfish that the waves had left on the dry sand.",
                "\"I was dreaming,\" it said, \"and the sea went out without me.\"",
            ], extras: [
                "Its five arms were curled up, and it was much too far from the water to crawl back by itself.",
                "\"That won't do at all,\" said {hero} kindly. \"Every starfish needs to sleep in the sea.\"",
                "{friend} agreed, and together they knelt down on the sand.",
            ]), resolution: StoryPart("sea-resolve-starfish", core: [
                "{giftLine}",
                "{hero} scooped up the starfish ever so carefully and carried it down to the cool, gentle water.",
            ], extras: [
                "Step by step they went, the starfish cupped in both hands like something precious, until the waves could take it home.",
                "The starfish uncurled its arms, pink and orange, and waved all five of them at once.",
                "\"Thank you,\" it bubbled. \"Now I can finish my dream.\"",
                "It sank slowly down to the soft sand under the water, where the sea would rock it to sleep all night long.",
            ]), summary: "{hero} and {friend} carry a sleepy starfish back to the sea so it can finish its dream."),
        ] + seaTroubles,
        episodes: [
            StoryPart("sea-rockpool", core: [
                "Among the rocks they found a rock pool, clear and still, like a little window into the sea.",
                "Inside, a tiny crab was tidying its shell, and a shrimp was swaying gently, half asleep.",
            ], extras: [
                "{hero} lay down on the rock to look more closely, chin resting on both hands.",
                "A sea anemone closed its soft red petals for the night, slowly, like a flower folding up.",
                "\"Goodnight, little pool,\" whispered {hero}.",
                "The water gave a tiny ripple, almost as if it had whispered goodnight back.",
            ]),
            StoryPart("sea-dolphins", core: [
                "Out on the bay, three dolphins rose and dipped through the water, smooth and silver.",
                "They swam in slow circles, as if they were dancing to music only they could hear.",
            ], extras: [
                "One of them came close and lifted its head to look at {hero} with a kind, bright eye.",
                "It made a soft clicking sound, which {friend} was quite sure meant hello.",
                "Then the dolphins leapt together, one, two, three, and slipped back into the water with hardly a splash.",
                "The ripples spread out wider and wider until the sea was smooth again.",
            ]),
            StoryPart("sea-shells", core: [
                "Along the water's edge, the waves had left a row of shells, each one a different shape.",
                "{hero} picked one up and held it to one ear, and heard the soft hush of the sea inside.",
            ], extras: [
                "{friend} found a shell shaped like a fan, and another curled up like a sleeping snail.",
                "They lined the shells up on the sand, from the biggest to the smallest.",
                "The smallest one was so tiny it could have been a bed for a ladybird.",
                "Then, gently, they gave the shells back to the sea, all but the prettiest one.",
            ]),
            StoryPart("sea-lighthouse-beam", core: [
                "High above them, the lighthouse beam swept slowly across the water, round and round.",
                "Each time it passed, the waves sparkled for a moment, as if someone had scattered glitter.",
            ], extras: [
                "{hero} counted the sweeps: one, and wait, and two, and wait, and three.",
                "The light was saying to every boat at sea: here is the shore, you are safe, you are nearly home.",
                "It made {hero} feel safe too, like a night-light for the whole wide bay.",
                "{friend} yawned and leaned against {hero}, watching the beam go round.",
            ]),
            StoryPart("sea-turtle", core: [
                "Slowly, very slowly, an old sea turtle came paddling through the shallows.",
                "Its shell was covered in tiny barnacles, like a map of all the places it had been.",
            ], extras: [
                "\"Good evening,\" said the turtle in a deep, unhurried voice. \"Fine night for a swim.\"",
                "\"Where are you going?\" asked {hero}.",
                "\"Nowhere in a hurry,\" said the turtle. \"That is the best way to go anywhere.\"",
                "And it paddled on, so slowly and so peacefully that just watching it made {hero} feel calm.",
            ]),
            StoryPart("sea-sandcastle", core: [
                "On the smooth, damp sand, {hero} and {friend} built a small sandcastle with four round towers.",
                "They decorated it with pebbles and a single white feather for a flag.",
            ], extras: [
                "\"Who lives in it?\" asked {friend}.",
                "\"A very sleepy king and queen,\" said {hero}, \"who go to bed early every night.\"",
                "They drew a little door with a fingertip and a moat all the way round.",
                "When the first gentle wave came to visit the moat, it filled with water that shone like a silver ribbon.",
            ]),
            StoryPart("sea-glow", core: [
                "When {hero} trailed a hand in the water, something magical happened: the sea began to glow.",
                "Tiny sparks of blue light twinkled around {hero}'s fingers, as if the water were full of stars.",
            ], extras: [
                "\"It's the sea's own night-lights,\" whispered {friend}. \"They shine when you stir them gently.\"",
                "{hero} drew a slow circle, and a ring of blue light shimmered and faded.",
                "Then a smiley face, which glowed for a moment and then softly disappeared.",
                "It was the most beautiful thing, and they watched it until the water was calm and dark again.",
            ]),
            StoryPart("sea-gull", core: [
                "A seagull landed on a wooden post nearby and fluffed up its white feathers.",
                "\"Busy day,\" it said, tucking one leg up under its tummy. \"Very busy. Time to rest.\"",
            ], extras: [
                "{hero} asked what it had done all day, and the seagull told them about flying over boats and fishing nets and far-off islands.",
                "It spoke more and more slowly as it went on, and its eyes began to close.",
                "Before it had even finished, it was asleep, balanced perfectly on one leg.",
                "{hero} and {friend} crept away on tiptoe, trying very hard not to giggle.",
            ]),
        ],
        words: ["place": "the quiet bay", "path": "the edge of the water", "lights": "moonbeams",
                "sound": "the waves whispering on the sand", "soft": "the warm, soft sand",
                "home": "the cottage by the lighthouse", "creature": "a family of little crabs",
                "smell": "salt and seaweed and warm summer air", "colour": "peach and lilac", "treasure": "pearly pink shell"],
        defaultFriend: (name: "Pebble", intro: "a little grey seal called Pebble"),
        scene: "on a calm moonlit beach beside a white lighthouse, gentle waves, shells on the sand and the lighthouse beam across the water."
    )
}
