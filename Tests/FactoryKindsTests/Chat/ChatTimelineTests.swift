@testable import FactoryCore
@testable import FactoryKinds
import Testing

/// When things happen in a chat video: typing, indicators, appearances, captions.
@Suite struct ChatTimelineTests {
    static let conversation = Conversation(
        title: "T", characters: [.init(name: "A", colour: "#111111", side: "other", avatar: "🙂"),
                                 .init(name: "B", colour: "#222222", side: "me", avatar: "😎")],
        messages: [.init(sender: "A", text: "short?"), .init(sender: "A", text: String(repeating: "a much longer message ", count: 3)),
                   .init(sender: "B", text: "typed 👀 out", pause: 1.5, reaction: "😂"), .init(sender: "A", text: "ok!")])

    @Test(arguments: [30, 60]) func everyMomentIsOnAFrame(fps: Int) {
        let t = ChatTimeline(conversation: Self.conversation, secondsPerCharacter: 0.05, fps: fps)
        let moments = t.entries.flatMap { [$0.appear] + $0.keystrokes + [$0.indicatorStart, $0.reactionAt].compactMap { $0 } }
            + [t.chatStart, t.endCardStart, t.duration]
        for moment in moments {
            let frames = moment * Double(fps)
            #expect(abs(frames - frames.rounded()) < 1e-6, "\(moment) s is not on a frame at \(fps) fps")
        }
    }

    @Test func incomingMessagesShowTheIndicatorLongerForLongerText() throws {
        let t = ChatTimeline(conversation: Self.conversation, secondsPerCharacter: 0.05, fps: 30)
        let short = try #require(t.entries[0].indicatorStart), long = try #require(t.entries[1].indicatorStart)
        #expect(t.entries[0].appear - short < t.entries[1].appear - long)
        #expect(t.entries[0].appear - short >= 0.8 - 1e-9)
        #expect(t.entries[2].indicatorStart == nil, "\"me\" types into the input bar instead")
    }

    @Test(arguments: [TypingSpeed.slow, .normal, .fast]) func meTypesOneGraphemeAtTheSpeed(speed: TypingSpeed) {
        let t = ChatTimeline(conversation: Self.conversation, secondsPerCharacter: speed.secondsPerCharacter, fps: 30)
        let me = t.entries[2]
        #expect(me.keystrokes.count == "typed 👀 out".count, "the emoji is one keystroke")
        let span = me.keystrokes.last! - me.keystrokes.first!
        #expect(abs(span - Double(me.keystrokes.count - 1) * speed.secondsPerCharacter) <= 1.0 / 30 + 1e-9)
        #expect(me.appear > me.keystrokes.last!, "sent after the last key")
        #expect(me.reactionAt! > me.appear)
    }

    @Test func aPauseDelaysTheNextMessage() {
        var paused = Self.conversation
        paused.messages[2].pause = nil
        let without = ChatTimeline(conversation: paused, secondsPerCharacter: 0.05, fps: 30)
        let with = ChatTimeline(conversation: Self.conversation, secondsPerCharacter: 0.05, fps: 30)
        #expect(abs((with.entries[3].appear - without.entries[3].appear) - 1.5) < 0.05)
    }

    @Test func captionCuesStartOnTheFrameTheirMessageAppears() {
        let t = ChatTimeline(conversation: Self.conversation, secondsPerCharacter: 0.05, fps: 30)
        let cues = t.cues(Self.conversation)
        #expect(cues.count == 4)
        for (cue, entry) in zip(cues, t.entries) { #expect(cue.start == entry.appear) }
        for (a, b) in zip(cues, cues.dropFirst()) { #expect(a.end == b.start) }
        #expect(cues.last!.end == t.endCardStart)
        #expect(cues[2].text == "B: typed 👀 out")
        #expect(t.duration > t.endCardStart + 2)
    }
}
