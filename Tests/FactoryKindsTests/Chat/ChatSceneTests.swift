@testable import FactoryCore
@testable import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation
import Testing

/// Chat layout and frames: bubble sizes and wrapping, scroll positions, and what chosen frames show
/// (typing indicator, half-typed text, keyboard and pressed key, scrolling, themes, dark mode).
@Suite struct ChatSceneTests {
    static let people: [Conversation.Character] = [.init(name: "Jess", colour: "#34C759", side: "other", avatar: "🙂"),
                                                  .init(name: "Sam", colour: "#007AFF", side: "me", avatar: "😎")]

    static func conversation(_ count: Int = 4) -> Conversation {
        let lines = ["are you home?? the door is open 😳", "no I'm at work. what do you mean open",
                     "like WIDE open and the lights are on", "don't go in!! call me first",
                     "too late I'm inside", "it's your cat. she learned to open doors 💀"]
        return Conversation(title: "The Open Door", characters: people,
                            messages: (0..<count).map { .init(sender: $0 % 2 == 0 ? "Jess" : "Sam", text: lines[$0 % lines.count]) })
    }

    static func spec(_ theme: ChatTheme = .imessage, _ appearance: Appearance = .light, keyboard: Bool = true) throws -> ChatSpec {
        ChatSpec(theme: theme, appearance: appearance, genre: .horror, keyboard: keyboard)
    }

    static func built(_ conversation: Conversation, _ spec: ChatSpec, format: Format = .story) throws -> (ChatScene.Built, ChatTimeline, ChatArt) {
        try Vips.start()
        let timeline = ChatTimeline(conversation: conversation, secondsPerCharacter: 0.05, fps: 30)
        let art = ChatArt(conversation: conversation, spec: spec, format: format, brand: Brand(handle: "@test"))
        return (try ChatScene(art: art, timeline: timeline, insets: format.safeInsets).build(), timeline, art)
    }

    /// Mean RGB of a rectangle of a snapshot.
    static func mean(_ rgb: [UInt8], width: Int, _ box: Box) -> (r: Double, g: Double, b: Double) {
        var s = (0.0, 0.0, 0.0), n = 0.0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let i = (y * width + x) * 3
                s.0 += Double(rgb[i]); s.1 += Double(rgb[i + 1]); s.2 += Double(rgb[i + 2]); n += 1
            }
        }
        return (s.0 / n, s.1 / n, s.2 / n)
    }

    static func differs(_ a: [UInt8], _ b: [UInt8], width: Int, _ box: Box) -> Double {
        var total = 0.0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let i = (y * width + x) * 3
                total += abs(Double(a[i]) - Double(b[i])) + abs(Double(a[i + 1]) - Double(b[i + 1])) + abs(Double(a[i + 2]) - Double(b[i + 2]))
            }
        }
        return total / Double(box.width * box.height * 3)
    }

    @Test func shortBubblesHugTheirTextAndLongOnesWrap() throws {
        try Vips.start()
        var c = Self.conversation(2)
        c.messages.append(.init(sender: "Jess", text: String(repeating: "this one goes on and on ", count: 6)))
        c.messages.append(.init(sender: "Sam", text: "ok"))
        let art = ChatArt(conversation: c, spec: try Self.spec(), format: .story, brand: Brand())
        let m = art.metrics
        let short = try art.bubble(3, first: true, last: true)
        let one = try art.bubble(0, first: true, last: true)
        let long = try art.bubble(2, first: true, last: true)
        let lineHeight = Int(m.fontSize * 1.3)
        #expect(short.height < 2 * m.bubblePadY + lineHeight + 4)
        #expect(short.width < 200, "\"ok\" makes a small bubble, not a full-width one")
        #expect(long.height > 2 * m.bubblePadY + 3 * lineHeight, "144 characters wrap onto four lines or more")
        #expect(long.width <= m.bubbleMaxWidth + art.tailWidth)
        #expect(one.width > short.width && one.width <= m.bubbleMaxWidth + art.tailWidth)
        #expect(short.left + short.width == m.width - m.margin, "me is right-aligned")
        #expect(one.left == m.margin, "the other side is left-aligned")
    }

    @Test func emojiAreInColour() throws {
        try Vips.start()
        let c = Conversation(title: "E", characters: Self.people, messages: [.init(sender: "Jess", text: "💀💀💀🔥")])
        let art = ChatArt(conversation: c, spec: try Self.spec(), format: .story, brand: Brand())
        let raster = try art.bubble(0, first: true, last: true).image.pixels()
        var saturated = 0
        for y in 0..<raster.height { for x in 0..<raster.width {
            let p = raster.rgba(x: x, y: y)
            if p.a > 200, Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 90 { saturated += 1 }
        } }
        #expect(saturated > 500, "a colour emoji font drew the glyphs (\(saturated) saturated pixels)")
    }

    @Test func theThreadScrollsOnceItIsFullAndKeepsTheNewestInView() throws {
        let (built, timeline, art) = try Self.built(Self.conversation(14), try Self.spec())
        let thread = built.thread, m = art.metrics
        #expect(thread.offset(at: timeline.entries[0].appear + 0.5) == 0, "nothing scrolls while the thread has room")
        #expect(thread.offset(at: timeline.duration) > 0)
        var previous = 0.0
        for t in stride(from: 0, through: timeline.duration, by: 0.1) {
            let o = thread.offset(at: t)
            #expect(o >= previous - 1e-9, "scrolling never goes back")
            previous = o
        }
        for entry in timeline.entries {
            let t = entry.appear + ChatThread.scrollDuration + 0.05
            let bottom = Double(m.threadTop + thread.slotTops[entry.index] + thread.slotHeights[entry.index]) - thread.offset(at: t)
            #expect(bottom <= Double(m.threadBottom) + 1, "message \(entry.index + 1) ends at \(bottom), below the thread")
            #expect(bottom > Double(m.threadTop), "message \(entry.index + 1) is in view when it lands")
        }
        // The first bubble has moved up by the end.
        let early = SceneRenderer.snapshot(built.scene, at: timeline.entries[0].appear + 0.5)
        let late = SceneRenderer.snapshot(built.scene, at: timeline.endCardStart - 0.1)
        let firstSlot = Box(x: m.margin, y: m.threadTop + thread.slotTops[0], width: 300, height: thread.slotHeights[0])
        #expect(Self.differs(early, late, width: m.width, firstSlot) > 10)
    }

    @Test func framesShowTheIndicatorTheTypingAndTheKeyboard() throws {
        let (built, timeline, art) = try Self.built(Self.conversation(2), try Self.spec())
        let m = art.metrics, w = m.width
        let incoming = timeline.entries[0], me = timeline.entries[1]
        // Typing indicator: the other side's bubble colour in the first slot before the message lands.
        let indicatorStart = try #require(incoming.indicatorStart)
        let waiting = SceneRenderer.snapshot(built.scene, at: indicatorStart + 0.3)
        let slot = Box(x: m.margin + 20, y: m.threadTop + built.thread.slotTops[0] + 10, width: 60, height: 30)
        let grey = Self.mean(waiting, width: w, slot)
        #expect(abs(grey.r - 229) < 12 && abs(grey.b - 234) < 12, "the #E5E5EA indicator bubble is there: \(grey)")
        let before = SceneRenderer.snapshot(built.scene, at: indicatorStart - 0.1)
        #expect(Self.mean(before, width: w, slot).r > 250, "nothing in the slot before the indicator")
        // Half-typed: ink in the input field, and the pressed key pops up.
        let half = me.keystrokes[me.keystrokes.count / 2]
        let typing = SceneRenderer.snapshot(built.scene, at: half + 0.01)
        let idle = SceneRenderer.snapshot(built.scene, at: timeline.chatStart + 0.1)
        let field = Box(x: 200, y: m.inputTop + 20, width: 500, height: m.inputHeight - 40)
        #expect(Self.differs(typing, idle, width: w, field) > 8, "the input shows typed text instead of the placeholder")
        let keyboardBox = Box(x: 0, y: m.keyboardTop + 10, width: w, height: m.keyboardHeight - 20)
        let keys = Self.mean(idle, width: w, keyboardBox)
        #expect(abs(keys.r - 209) < 40 && keys.b > keys.r, "the light keyboard (#D1D3D9 with white keys) is shown: \(keys)")
        #expect(Self.differs(typing, idle, width: w, keyboardBox) > 0.5, "a key is lit while typing")
        // Sent: the bubble lands in the thread in iMessage blue on the right.
        let sent = SceneRenderer.snapshot(built.scene, at: me.appear + 0.5)
        let meSlot = Box(x: w - m.margin - 120, y: m.threadTop + built.thread.slotTops[1] + 15, width: 60, height: 20)
        let blue = Self.mean(sent, width: w, meSlot)
        #expect(blue.b > 200 && blue.r < 60, "the sent bubble is #007AFF: \(blue)")
    }

    @Test func darkModeAndEachThemeLookTheirPart() throws {
        let c = Self.conversation(2)
        var looks: [String: (r: Double, g: Double, b: Double)] = [:]
        for theme in ChatTheme.allCases {
            for appearance in [Appearance.light, .dark] {
                let (built, timeline, art) = try Self.built(c, try Self.spec(theme, appearance, keyboard: false), format: .square)
                let m = art.metrics
                let frame = SceneRenderer.snapshot(built.scene, at: timeline.entries[1].appear + 0.6)
                let header = Self.mean(frame, width: m.width, Box(x: 0, y: m.headerTop + 4, width: m.width, height: 12))
                let background = Self.mean(frame, width: m.width, Box(x: m.width / 2 - 20, y: m.threadBottom - 30, width: 40, height: 20))
                looks["\(theme)-\(appearance)"] = header
                let luma = 0.2126 * background.r + 0.7152 * background.g + 0.0722 * background.b
                if appearance == .dark { #expect(luma < 70, "\(theme) dark background is dark: \(background)") }
                else if theme != .whatsapp { #expect(luma > 200, "\(theme) light background is light: \(background)") }
            }
        }
        let wa = try #require(looks["whatsapp-light"])
        #expect(wa.g > wa.r + 40, "WhatsApp's header is its green: \(wa)")
        let im = try #require(looks["imessage-light"]), dc = try #require(looks["discord-dark"])
        #expect(abs(im.r - dc.r) > 60, "iMessage and Discord headers differ")
    }
}
