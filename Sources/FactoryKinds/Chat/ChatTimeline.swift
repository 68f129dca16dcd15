import FactoryCore
/// When everything in a chat video happens, computed once from the conversation and the typing
/// speed; the scene, the soundtrack, the captions and the cover all read the same numbers. Every
/// instant sits on a frame boundary, so a caption cue starts on the very frame its message appears.
public struct ChatTimeline: Sendable, Equatable {
    /// One message's moments.
    public struct Entry: Sendable, Equatable {
        public var index: Int
        public var isMe: Bool
        /// Incoming: the typing indicator shows from here until `appear`.
        public var indicatorStart: Double?
        /// "Me": when each character lands in the input bar (one per grapheme).
        public var keystrokes: [Double]
        /// When the bubble enters the thread (sent or received).
        public var appear: Double
        /// When the reaction badge pops onto the bubble.
        public var reactionAt: Double?
        /// When the next message starts being typed.
        public var next: Double
    }

    /// The rules, in seconds.
    public struct Rules: Sendable, Equatable {
        public var titleCard = 2.2
        public var crossfade = 0.35
        public var firstDelay = 0.4
        public var typingLead = 0.35
        public var sendDelay = 0.3
        public var endHold = 1.8
        public var endCard = 2.6
        public init() {}

        /// The other side types longer for a longer message: 0.5 s + 25 ms a character, 0.8–2.2 s.
        public func indicator(characters n: Int) -> Double { min(2.2, max(0.8, 0.5 + 0.025 * Double(n))) }
        /// Time to read a message before the next one starts: 0.45 s + 20 ms a character, at most 1.8 s.
        public func reading(characters n: Int) -> Double { min(1.8, 0.45 + 0.02 * Double(n)) }
    }

    public var fps: Int
    public var rules: Rules
    public var entries: [Entry]
    /// The chat screen is fully shown from here (the title card has faded).
    public var chatStart: Double
    public var endCardStart: Double
    public var duration: Double

    public init(conversation: Conversation, secondsPerCharacter: Double, fps: Int, rules: Rules = Rules()) {
        self.fps = fps
        self.rules = rules
        let frame = 1 / Double(fps)
        /// Rounds up to the next frame boundary (never earlier than asked).
        func snap(_ t: Double) -> Double { (t * Double(fps) - 1e-6).rounded(.up) * frame }
        chatStart = snap(rules.titleCard + rules.crossfade)
        var t = chatStart + rules.firstDelay
        var entries: [Entry] = []
        let meName = conversation.me?.name
        for (index, message) in conversation.messages.enumerated() {
            let n = message.text.count
            let isMe = message.sender == meName
            var entry = Entry(index: index, isMe: isMe, indicatorStart: nil, keystrokes: [], appear: 0, reactionAt: nil, next: 0)
            if isMe {
                let first = snap(t + rules.typingLead)
                entry.keystrokes = (0..<n).map { snap(first + Double($0) * secondsPerCharacter) }
                entry.appear = snap((entry.keystrokes.last ?? first) + rules.sendDelay)
            } else {
                let start = snap(t + 0.25)
                entry.indicatorStart = start
                entry.appear = snap(start + rules.indicator(characters: n))
            }
            let read = rules.reading(characters: n) + max(0, message.pause ?? 0)
            if message.reaction != nil { entry.reactionAt = snap(entry.appear + min(0.9, read * 0.6)) }
            t = entry.appear + read
            entry.next = snap(t)
            entries.append(entry)
        }
        self.entries = entries
        endCardStart = snap(t + rules.endHold)
        duration = snap(endCardStart + rules.endCard)
    }

    /// The caption cues: each message from the frame it appears until the next one appears.
    public func cues(_ conversation: Conversation) -> [Captions.Cue] {
        entries.enumerated().map { i, entry in
            let message = conversation.messages[entry.index]
            let end = i + 1 < entries.count ? entries[i + 1].appear : endCardStart
            return Captions.Cue(start: entry.appear, end: max(end, entry.appear + 1 / Double(fps)),
                                text: "\(message.sender): \(message.text)")
        }
    }

    /// The index of the last message on screen at `time` (nil before the first appears).
    public func lastShown(at time: Double) -> Int? {
        entries.lastIndex { $0.appear <= time }
    }
}
