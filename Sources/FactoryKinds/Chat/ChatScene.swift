import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Builds the chat video's scene: every piece rasterised once by `ChatArt`, placed and animated
/// by the timeline and the thread's scroll. Only the typed text changes pixels, once per keystroke.
package struct ChatScene {
    let art: ChatArt
    let timeline: ChatTimeline
    let insets: (top: Int, bottom: Int, left: Int, right: Int)

    package init(art: ChatArt, timeline: ChatTimeline, insets: (top: Int, bottom: Int, left: Int, right: Int)) {
        self.art = art
        self.timeline = timeline
        self.insets = insets
    }

    /// What the job keeps besides the scene: the layout, for metadata, tests and the cover.
    package struct Built {
        package var scene: Scene
        var thread: ChatThread
        var bubbles: [BubbleArt]
        package var typedText: PixelSequence?
    }

    package func build() throws -> Built {
        let m = art.metrics, p = art.palette, conversation = art.conversation
        let messages = conversation.messages
        let runStarts = messages.indices.map { $0 == 0 || messages[$0 - 1].sender != messages[$0].sender }
        let runEnds = messages.indices.map { $0 == messages.count - 1 || messages[$0 + 1].sender != messages[$0].sender }
        let bubbles = try messages.indices.map { try art.bubble($0, first: runStarts[$0], last: runEnds[$0]) }

        // Read receipts (iMessage, Messenger): a row under the last "me" message of each run.
        let receiptFont = m.smallFont * 0.75
        let receiptRow = Int(receiptFont * 1.4) + 6
        let wantsReceipts = art.spec.readReceipts && (art.theme == .imessage || art.theme == .messenger)
        let receipts = messages.indices.map { wantsReceipts && bubbles[$0].isMe && runEnds[$0] ? receiptRow : 0 }

        let indicator = art.theme == .discord ? nil : try art.indicator()
        let stripHeight = art.theme == .discord ? Int(m.smallFont * 1.5) : 0
        let stampRow = art.spec.timestamps && (art.theme == .imessage || art.theme == .messenger) ? Int(m.smallFont * 1.6) + 10 : 0
        let header = 28 + stampRow
        let thread = ChatThread(heights: bubbles.map(\.height), senderChanges: runStarts, receipts: receipts,
                                indicatorHeight: indicator?.bubble.height ?? 0, header: header, gap: m.gap,
                                senderGap: m.senderGap, viewport: m.threadHeight - stripHeight, bottomPad: 24, timeline: timeline)

        // The thread's plain background is the scene's own colour (cleared each frame), not a
        // full-frame layer: 3 MB less held through the render, and a fill instead of a copy.
        let paper = try art.canvas(2, 2, p.background).srgb().pixels().pixels
        var layers: [Layer] = []
        if let watermark = try art.watermark() {
            layers.append(.placed(try LayerPixels(image: watermark), left: Double(m.width - m.margin - watermark.width), top: Double(m.threadTop + 12)))
        }
        if stampRow > 0 {
            let stamp = try art.text("Today \(art.clock.time())", font: ChatArt.medium, size: m.smallFont * 0.8, colour: p.meta,
                                     width: m.width, alignment: .centre)
            layers.append(Layer(try LayerPixels(image: stamp), x: .constant(Double((m.width - stamp.width) / 2)),
                                y: thread.track(contentY: 28, threadTop: m.threadTop), anchorX: 0, anchorY: 0,
                                end: thread.hidden(after: 28 + stamp.height)))
        }
        layers += try threadLayers(bubbles, thread: thread, receipts: receipts, receiptFont: receiptFont)
        if let indicator { layers += try indicatorLayers(indicator, thread: thread) }

        // Chrome above the thread: header, input bar, keyboard (all opaque, hiding what scrolls under).
        layers.append(.placed(try LayerPixels(image: art.header()), left: 0, top: 0))
        layers += try subtitleLayers()
        let input = try art.input()
        layers.append(.placed(try LayerPixels(image: input.bar), left: 0, top: Double(m.inputTop)))
        let typing = timeline.entries.filter(\.isMe).compactMap { e in e.keystrokes.first.map { ($0, e.appear) } }
        layers.append(try placed(input.placeholder, opacity: gate(typing, on: false)))
        if let idle = input.idleButton { layers.append(try placed(idle, opacity: gate(typing, on: false))) }
        layers.append(try placed(input.sendButton, opacity: gate(typing, on: true)))
        let typed = typedSequence(input)
        if let typed {
            var layer = Layer.placed(typed.pixels, left: Double(input.textLeft), top: Double(input.textTop))
            layer.sequence = typed.sequence
            layers.append(layer)
        }
        if stripHeight > 0 { layers += try discordTypingLayers(top: m.inputTop - stripHeight) }
        if art.spec.keyboard { layers += try keyboardLayers() }

        // Cards over everything.
        // The cards' white type (title, cast, "The End") is measured on them.
        let title = try LayerPixels(image: art.titleCard(insets: insets))
        var titleLayer = Layer.placed(title, left: 0, top: 0,
                                      opacity: .ramp(1, 0, start: timeline.chatStart - timeline.rules.crossfade, duration: timeline.rules.crossfade, .easeInOut),
                                      end: timeline.chatStart)
        titleLayer.text = TextMark("title-card", colour: "#FFFFFF", size: m.height >= 1600 ? 84 : 68)
        layers.append(titleLayer)
        let end = try LayerPixels(image: art.endCard(insets: insets))
        var endLayer = Layer.placed(end, left: 0, top: 0, opacity: .ramp(0, 1, start: timeline.endCardStart, duration: 0.4, .easeOut),
                                    start: timeline.endCardStart)
        endLayer.text = TextMark("end-card", colour: "#FFFFFF", size: m.height >= 1600 ? 96 : 76)
        layers.append(endLayer)
        let scene = Scene(width: m.width, height: m.height, duration: timeline.duration, layers: layers,
                          background: (Int(paper[0]), Int(paper[1]), Int(paper[2])))
        return Built(scene: scene, thread: thread, bubbles: bubbles, typedText: typed?.sequence)
    }

    /// Bubbles pop in with a short spring from their tail corner and scroll with the thread.
    func threadLayers(_ bubbles: [BubbleArt], thread: ChatThread, receipts: [Int], receiptFont: Double) throws -> [Layer] {
        let m = art.metrics
        var layers: [Layer] = []
        let meEntries = timeline.entries.filter(\.isMe)
        for entry in timeline.entries {
            let i = entry.index, b = bubbles[i]
            let top = thread.slotTops[i]
            let hidden = thread.hidden(after: top + b.height + receipts[i])
            let y = thread.track(contentY: top + b.height, threadTop: m.threadTop)
            let anchorX = b.isMe ? 1.0 : 0.0
            let x = Double(b.isMe ? b.left + b.width : b.left)
            let pop = Track([.init(entry.appear, 0.82, .spring), .init(entry.appear + 0.35, 1)])
            let fade = Track.ramp(0, 1, start: entry.appear, duration: 0.12)
            // WhatsApp: the bubble with blue ticks replaces the grey one once the other side reads it.
            let readAt = b.readImage == nil ? Double.infinity : readTime(after: entry)
            // The message text's contrast is measured on the bubble as it scrolls.
            let mark = TextMark("message-\(i + 1)", colour: b.isMe && art.theme != .discord ? art.palette.meText : art.palette.otherText,
                                size: art.theme == .discord ? m.fontSize * 0.92 : m.fontSize)
            var bubble = Layer(try LayerPixels(image: b.image), x: .constant(x), y: y, scale: pop, opacity: fade,
                               anchorX: anchorX, anchorY: 1, start: entry.appear, end: min(hidden, readAt))
            bubble.text = mark
            layers.append(bubble)
            if let read = b.readImage, readAt < hidden {
                var readBubble = Layer(try LayerPixels(image: read), x: .constant(x), y: y, anchorX: anchorX, anchorY: 1,
                                       start: readAt, end: hidden)
                readBubble.text = mark
                layers.append(readBubble)
            }
            if receipts[i] > 0 {
                // "Delivered", then "Read" once the other side starts answering; only under the latest sent message.
                let until = meEntries.first { $0.appear > entry.appear }?.appear ?? .infinity
                let readAt = readTime(after: entry)
                let ry = thread.track(contentY: top + b.height + 4, threadTop: m.threadTop)
                let delivered = try receipt("Delivered", font: receiptFont)
                let read = try receipt(art.theme == .messenger ? "Seen" : "Read \(art.clock.time(afterMessages: i + 1))", font: receiptFont)
                let right = Double(m.width - m.margin - art.tailWidth)
                layers.append(Layer(try LayerPixels(image: delivered), x: .constant(right), y: ry, anchorX: 1, anchorY: 0,
                                    start: entry.appear + 0.4, end: min(until, readAt, hidden)))
                if readAt < until {
                    layers.append(Layer(try LayerPixels(image: read), x: .constant(right), y: ry, anchorX: 1, anchorY: 0,
                                        start: readAt, end: min(until, hidden)))
                }
            }
            if let reaction = art.conversation.messages[i].reaction, let at = entry.reactionAt {
                let badge = try art.reactionBadge(reaction)
                let bx = b.isMe ? Double(b.left + b.bodyLeft) - Double(badge.width) * 0.35 : Double(b.left + b.bodyLeft + b.bodyWidth) - Double(badge.width) * 0.65
                let by = thread.track(contentY: top + b.bodyTop - badge.height / 2 + 6, threadTop: m.threadTop)
                layers.append(Layer(try LayerPixels(image: badge), x: .constant(bx + Double(badge.width) / 2),
                                    y: Track(by.keys.map { .init($0.time, $0.value + Double(badge.height) / 2, $0.easing) }),
                                    scale: Track([.init(at, 0.3, .spring), .init(at + 0.4, 1)]),
                                    start: at, end: hidden))
            }
        }
        return layers
    }

    func receipt(_ text: String, font: Double) throws -> Image {
        try art.text(text, font: ChatArt.medium, size: font, colour: art.palette.meta, width: 600)
    }

    /// The moment a sent message counts as read: when the other side starts typing back.
    func readTime(after entry: ChatTimeline.Entry) -> Double {
        timeline.entries.first { !$0.isMe && $0.appear > entry.appear }.map { ($0.indicatorStart ?? $0.appear) } ?? .infinity
    }

    /// The typing bubble in the next slot, its three dots pulsing one after another.
    func indicatorLayers(_ art: (bubble: Image, dot: Image, dots: [(x: Int, y: Int)]), thread: ChatThread) throws -> [Layer] {
        let m = self.art.metrics
        let bubble = try LayerPixels(image: art.bubble), dot = try LayerPixels(image: art.dot)
        let left = Double(self.art.incomingAvatar.map { m.margin + $0 + 12 } ?? m.margin)
        var layers: [Layer] = []
        for entry in timeline.entries {
            guard let start = entry.indicatorStart else { continue }
            let top = thread.slotTops[entry.index]
            let y = thread.track(contentY: top, threadTop: m.threadTop)
            layers.append(Layer(bubble, x: .constant(left), y: y, scale: Track([.init(start, 0.85, .easeOut), .init(start + 0.15, 1)]),
                                anchorX: 0, anchorY: 0, start: start, end: entry.appear))
            for (k, d) in art.dots.enumerated() {
                let dy = Track(y.keys.map { .init($0.time, $0.value + Double(d.y), $0.easing) })
                layers.append(Layer(dot, x: .constant(left + Double(d.x)), y: dy, opacity: pulse(from: start, to: entry.appear, phase: Double(k) * 0.15),
                                    anchorX: 0, anchorY: 0, start: start, end: entry.appear))
            }
        }
        return layers
    }

    /// Opacity rising and falling (0.35 ↔ 1) every 0.9 s, shifted by `phase`.
    func pulse(from start: Double, to end: Double, phase: Double) -> Track {
        var keys: [Track.Key] = [.init(start, 0.35, .easeInOut)]
        var t = start + phase
        var high = true
        while t < end {
            keys.append(.init(t, high ? 0.35 : 1, .easeInOut))
            t += 0.45
            high.toggle()
        }
        return Track(keys)
    }

    /// 1 (or 0 when `on` is false) inside the spans, the opposite outside: a hold track.
    func gate(_ spans: [(Double, Double)], on: Bool) -> Track {
        let inside = on ? 1.0 : 0.0, outside = 1 - inside
        var keys: [Track.Key] = [.init(0, outside, .hold)]
        for (a, b) in spans {
            keys.append(.init(a, inside, .hold))
            keys.append(.init(b, outside, .hold))
        }
        return Track(keys)
    }

    func placed(_ p: InputArt.Placed, opacity: Track) throws -> Layer {
        .placed(try LayerPixels(image: p.image), left: Double(p.left), top: Double(p.top), opacity: opacity)
    }
}
