import FactoryCore

/// Lines for the extra members of a group thread: they read along and chime in, so they fit any
/// script of the genre. `{me}` and `{other}` are the two main characters.
enum ChatChorus {
    /// `perExtra` lines for each extra member, taken in turns, each line used once.
    static func lines(genre: Genre, extras: [Personality?], perExtra: Int, random: inout SeededRandom) -> [ScriptLine] {
        var pool = group(genre)
        pool.shuffle(using: &random)
        var next = 0
        var lines: [ScriptLine] = []
        for round in 0..<perExtra {
            for (index, personality) in extras.enumerated() {
                if round == 0, personality == .jokeBot {
                    lines.append(ScriptLine(role: .extra(index), text: pun(genre)))
                } else {
                    lines.append(ScriptLine(role: .extra(index), text: pool[next % pool.count]))
                    next += 1
                }
            }
        }
        return lines
    }

    static func group(_ genre: Genre) -> [String] {
        switch genre {
        case .horror:
            ["{me}, I'm reading this with every light in my flat on 😳",
             "nobody opens ANY doors until we figure this out",
             "{other}, if this is a prank it stopped being funny 10 min ago",
             "I'm screenshotting all of this. just in case 📸",
             "ok I'm sleeping with the hallway light on tonight",
             "{me}, turn your location on. now. please"]
        case .comedy:
            ["I'm wheezing 😂 {me}, this is the best thing you've ever done",
             "{other}, I need the full story at brunch. every detail",
             "muting this chat so I can laugh in private 💀",
             "this is going in the group chat hall of fame",
             "{me}, I've never been prouder to know you 😂",
             "someone make this a movie. I'll play {other}"]
        case .romance:
            ["{me}, JUST SAY IT ALREADY ❤️",
             "I've been shipping you two for years 😭",
             "{other}, don't you dare mess this up",
             "I'm screaming into a pillow rn 🥹",
             "dibs on giving the speech at the wedding 🥂",
             "can you two please take this to the private chat 😂❤️"]
        case .drama:
            ["{me}, don't reply while you're angry. breathe first",
             "wow ok. I'm staying out of this one 😬",
             "{other}, maybe hear them out before deciding anything",
             "I'm literally holding my breath reading this",
             "group hug when this is over. mandatory 🫂",
             "should I leave the chat or… 👀"]
        case .mystery:
            ["wait scroll up, {other} said something weird earlier 👀",
             "{me}, check the timestamps. they never lie",
             "I'm making a corkboard with red string rn 🧶",
             "ok my theory is getting wilder by the minute",
             "{other}, you're leaving something out, I can tell",
             "this is better than any podcast 🎧"]
        }
    }

    /// Joke Bot's opener in a group thread, one per genre.
    static func pun(_ genre: Genre) -> String {
        switch genre {
        case .horror: "why don't ghosts lie? you can see right through them 😂"
        case .comedy: "I'd make a joke but this chat is already doing my job 😂"
        case .romance: "are you two made of copper and tellurium? because you're CuTe 😂"
        case .drama: "this thread has more plot twists than a pretzel 🥨😂"
        case .mystery: "I tried to solve it but the clues were too sherlocking 😂"
        }
    }

    /// Stand-ins a script should never need (the tests check that it does not).
    static func padding(_ mood: Mood) -> [String] {
        switch mood {
        case .funny: ["I can't stop laughing 😂", "this is the best day of my life 💀"]
        case .dramatic: ["I can't believe this is happening 😳", "I need a minute…"]
        case .scary: ["my heart is pounding 😨", "ok now I've got goosebumps…"]
        case .romantic: ["you always know what to say ❤️", "I'm smiling at my phone like an idiot 🥹"]
        }
    }
}
