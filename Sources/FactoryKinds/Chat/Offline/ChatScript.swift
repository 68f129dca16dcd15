import FactoryCore

/// One scripted text: who sends it (in the script's terms), the words, and its dramatic timing.
/// `{me}` and `{other}` in the words become the characters' names.
struct ScriptLine: Sendable, Equatable {
    /// The phone's owner, the main contact, or the n-th extra member of a group thread.
    enum Role: Sendable, Hashable {
        case me, other, extra(Int)
    }

    var role: Role
    var text: String
    var pause: Double?
    var reaction: String?

    static func me(_ text: String, pause: Double? = nil, reaction: String? = nil) -> ScriptLine {
        ScriptLine(role: .me, text: text, pause: pause, reaction: reaction)
    }

    static func other(_ text: String, pause: Double? = nil, reaction: String? = nil) -> ScriptLine {
        ScriptLine(role: .other, text: text, pause: pause, reaction: reaction)
    }
}

/// A few texts that belong together (a question and its answer): kept or dropped whole.
struct Beat: Sendable {
    /// 1: the spine, kept even in short stories; 2: the escalation a medium story adds;
    /// 3: texture that only long stories have room for.
    var rank: Int
    var lines: [ScriptLine]

    init(_ rank: Int, _ lines: ScriptLine...) {
        self.rank = rank
        self.lines = lines
    }
}

/// A chat story written as beats: a fixed two-message hook, a middle that grows or shrinks with
/// the length asked for, one beat per mood that tints the story, and a fixed ending that lands
/// the twist. Every ending must make sense right after the hook (the shortest story is both).
struct ChatScript: Sendable {
    var id: String
    /// At most 8 words.
    var title: String
    /// Words in a prompt that make this script the natural pick ("doorbell", "plant").
    var keywords: [String]
    var hook: [ScriptLine]
    var middle: [Beat]
    /// Two texts per mood, inserted before `middle[flavourAt]`; every mood has one (its rank is ignored).
    var flavours: [Mood: Beat]
    var ending: [ScriptLine]
    /// Where the mood's beat goes (default: halfway through the middle).
    var flavourAt: Int? = nil
    /// A contact name the story needs when the writer invents the cast ("Unknown").
    var stranger: String? = nil

    /// Lines available to the middle, the mood's beat included. Ranks are doubled so the mood's
    /// beat slots in right after the spine: a story with room for more than its spine shows the mood.
    func middleBeats(mood: Mood) -> [Beat] {
        var beats = middle.map { beat in
            var beat = beat
            beat.rank *= 2
            return beat
        }
        if var flavour = flavours[mood] {
            flavour.rank = 3
            beats.insert(flavour, at: min(max(flavourAt ?? middle.count / 2, 0), middle.count))
        }
        return beats
    }
}
