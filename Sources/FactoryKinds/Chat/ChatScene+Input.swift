import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The parts of the scene that follow typing: the text in the input bar, the pressed keys, the
/// header's "typing…" line and Discord's typing strip.
extension ChatScene {
    /// One version of the input text per keystroke of every "me" message; empty once sent.
    func typedSequence(_ input: InputArt) -> (pixels: LayerPixels, sequence: PixelSequence)? {
        var times: [Double] = []
        var versions: [(message: Int, count: Int)] = []
        for entry in timeline.entries where entry.isMe {
            for (k, t) in entry.keystrokes.enumerated() {
                times.append(t)
                versions.append((entry.index, k + 1))
            }
            times.append(entry.appear)
            versions.append((entry.index, 0))
        }
        guard !times.isEmpty else { return nil }
        let art = self.art
        let messages = art.conversation.messages
        let frozen = versions
        let sequence = PixelSequence(times: times) { i in
            let v = frozen[i]
            guard v.count > 0 else { return nil }
            let prefix = String(messages[v.message].text.prefix(v.count))
            return try LayerPixels(image: art.typed(prefix, input: input))
        }
        // The first version is made now, so a font or markup problem fails the render up front.
        guard let first = try? LayerPixels(image: art.typed(String(messages[versions[0].message].text.prefix(1)), input: input)) else { return nil }
        return (first, sequence)
    }

    /// Each keystroke lights its key (a magnified popup for letters) for a moment.
    func keyboardLayers() throws -> [Layer] {
        let keyboard = try art.keyboard()
        var layers: [Layer] = [.placed(try LayerPixels(image: keyboard.image), left: 0, top: Double(keyboard.top))]
        var popups: [String: (LayerPixels, Int, Int)] = [:]
        let frame = 1 / Double(timeline.fps)
        for entry in timeline.entries where entry.isMe {
            let characters = Array(art.conversation.messages[entry.index].text)
            for (k, t) in entry.keystrokes.enumerated() {
                let key = String(characters[k]).lowercased()
                guard let box = keyboard.keys[key] else { continue }
                if popups[key] == nil {
                    let popup = try art.keyPopup(key, box: box)
                    popups[key] = (try LayerPixels(image: popup.image), popup.left, popup.top)
                }
                guard let (pixels, left, top) = popups[key] else { continue }
                // Lit until the next key is pressed (at most 0.12 s); at fast typing several keys
                // share a frame, and only the last of them shows.
                let next = k + 1 < entry.keystrokes.count ? entry.keystrokes[k + 1] : entry.appear
                let shown = min(0.12, next - t)
                guard shown >= frame - 1e-9 else { continue }
                layers.append(.placed(pixels, left: Double(left), top: Double(top), start: t, end: t + shown))
            }
        }
        return layers
    }

    /// WhatsApp and Messenger say "typing…" under the name while the other side types.
    func subtitleLayers() throws -> [Layer] {
        guard let idle = try art.headerSubtitle(art.subtitleIdle), let busy = try art.headerSubtitle(art.subtitleTyping) else { return [] }
        let spans = timeline.entries.compactMap { e in e.indicatorStart.map { ($0, e.appear) } }
        // The strip under the subtitle is the header's own colour, so the two lines can swap cleanly.
        let backing = try art.canvas(max(idle.image.width, busy.image.width) + 8, max(idle.image.height, busy.image.height), art.palette.bar)
        return [.placed(try LayerPixels(image: backing), left: Double(idle.left), top: Double(idle.top)),
                .placed(try LayerPixels(image: idle.image), left: Double(idle.left), top: Double(idle.top), opacity: gate(spans, on: false)),
                .placed(try LayerPixels(image: busy.image), left: Double(busy.left), top: Double(busy.top), opacity: gate(spans, on: true))]
    }

    /// Discord shows "Name is typing…" in a strip above the input bar.
    func discordTypingLayers(top: Int) throws -> [Layer] {
        let m = art.metrics
        var layers: [Layer] = []
        var made: [String: LayerPixels] = [:]
        for entry in timeline.entries {
            guard let start = entry.indicatorStart else { continue }
            let name = art.conversation.messages[entry.index].sender
            if made[name] == nil {
                let label = try TextRenderer.render(
                    markup: "<b>\(TextRenderer.escape(name))</b> is typing…",
                    style: TextStyle(font: ChatArt.regular, size: m.smallFont * 0.8, colour: art.palette.barText), width: m.width).image
                made[name] = try LayerPixels(image: label)
            }
            guard let label = made[name] else { continue }
            layers.append(.placed(label, left: Double(m.margin + 70), top: Double(top + 6), start: start, end: entry.appear))
            let dot = try LayerPixels(image: Shapes.circle(diameter: 12, fill: art.palette.barText))
            for k in 0..<3 {
                layers.append(.placed(dot, left: Double(m.margin + 10 + k * 18), top: Double(top + 6) + Double(label.contentHeight) / 2 - 6,
                                      opacity: pulse(from: start, to: entry.appear, phase: Double(k) * 0.15), start: start, end: entry.appear))
            }
        }
        return layers
    }
}
