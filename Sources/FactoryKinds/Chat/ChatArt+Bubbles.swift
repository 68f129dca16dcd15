import FactoryCore
import FactoryImaging
import Foundation

/// One message as it sits in the thread: the rasterised bubble (or Discord row) and its place.
struct BubbleArt: Sendable {
    var image: Image
    /// WhatsApp: the same bubble with blue ticks, swapped in once the message is read.
    var readImage: Image?
    var isMe: Bool
    /// Left edge in the frame.
    var left: Int
    /// Where the bubble body starts inside the image (below a sender name), for badges.
    var bodyTop: Int
    var bodyLeft: Int
    var bodyWidth: Int
    var width: Int { image.width }
    var height: Int { image.height }
}

extension ChatArt {
    var tailWidth: Int {
        switch theme {
        case .imessage: 12
        case .whatsapp: 16
        default: 0
        }
    }

    /// Incoming bubbles leave room for an avatar (Messenger always, other apps in groups).
    var incomingAvatar: Int? {
        theme == .messenger || (isGroup && theme != .discord) ? (metrics.avatarSize * 2 / 3) : nil
    }

    /// The bubble of message `index`; `first`/`last` say where it sits in a run by one sender.
    func bubble(_ index: Int, first: Bool, last: Bool) throws -> BubbleArt {
        if theme == .discord { return try discordRow(index, first: first) }
        let message = conversation.messages[index]
        let sender = conversation.character(named: message.sender)
        let isMe = message.sender == conversation.me?.name
        let m = metrics
        let textColour = isMe ? palette.meText : palette.otherText
        let body = try text(message.text, size: m.fontSize, colour: textColour, width: m.bubbleMaxWidth - 2 * m.bubblePadX)
        // WhatsApp carries the time (and ticks for "me") inside the bubble.
        var meta: Image?, metaRead: Image?
        if theme == .whatsapp, spec.timestamps || (isMe && spec.readReceipts) {
            let time = spec.timestamps ? clock.time(afterMessages: index) : ""
            let ticks = isMe && spec.readReceipts ? " ✓✓" : ""
            meta = try text(time + ticks, size: m.smallFont * 0.8, colour: palette.meta, width: 400)
            if isMe && spec.readReceipts {
                metaRead = try TextRenderer.render(
                    markup: "<span foreground=\"\(palette.meta)\">\(TextRenderer.escape(time))</span><span foreground=\"\(palette.readTick)\">\(ticks)</span>",
                    style: TextStyle(font: Self.regular, size: m.smallFont * 0.8, colour: palette.meta), width: 400).image
            }
        }
        var contentW = body.width, contentH = body.height
        var metaX = 0, metaY = 0
        if let meta {
            if body.width + 18 + meta.width <= m.bubbleMaxWidth - 2 * m.bubblePadX {
                metaX = body.width + 18; metaY = body.height - meta.height
                contentW = metaX + meta.width
            } else {
                metaX = max(0, body.width - meta.width); metaY = body.height + 2
                contentW = max(body.width, meta.width); contentH = metaY + meta.height
            }
        }
        let bodyW = max(contentW + 2 * m.bubblePadX, contentH + 2 * m.bubblePadY)
        let bodyH = contentH + 2 * m.bubblePadY
        // The app's bubble colour, darkened (or lightened) just enough for its text to reach the
        // contrast target where it does not (iMessage's #007AFF under white reads 4.0:1).
        let fill = LegibleColour.fill(isMe ? palette.meBubble : palette.otherBubble, under: textColour)
        let tail = (theme == .imessage && last) || (theme == .whatsapp && first)
        let shape = try bubbleShape(width: bodyW, height: bodyH, fill: fill, tail: tail, right: isMe)
        let bodyX = isMe ? 0 : tailWidth
        func filled(_ meta: Image?) throws -> Image {
            var img = try shape.composited(body, x: bodyX + m.bubblePadX, y: m.bubblePadY)
            if let meta { img = try img.composited(meta, x: bodyX + m.bubblePadX + metaX, y: m.bubblePadY + metaY) }
            return img
        }
        var image = try filled(meta)
        var readImage = try metaRead.map { try filled($0) }
        // Incoming in groups: the sender's name above the first bubble of a run, in their colour;
        // an avatar beside the last bubble of a run.
        var bodyTop = 0, bodyLeft = bodyX
        var left = isMe ? m.width - m.margin - image.width : m.margin
        if !isMe, isGroup, first {
            let name = try text(message.sender, font: Self.medium, size: m.smallFont * 0.85, colour: sender?.colour ?? palette.meta, width: 600)
            let pad = m.bubblePadX / 2
            func labelled(_ img: Image) throws -> Image {
                try img.embedded(x: 0, y: name.height + 4, width: max(img.width, name.width + pad), height: img.height + name.height + 4)
                    .composited(name, x: bodyX + pad, y: 0)
            }
            image = try labelled(image)
            readImage = try readImage.map(labelled)
            bodyTop = name.height + 4
        }
        if !isMe, let size = incomingAvatar {
            let column = size + 12
            func withAvatar(_ img: Image) throws -> Image {
                let wide = try img.embedded(x: column, y: 0, width: img.width + column, height: max(img.height, size))
                guard last else { return wide }
                return try wide.composited(avatar(sender, diameter: size), x: 0, y: wide.height - size)
            }
            image = try withAvatar(image)
            readImage = try readImage.map(withAvatar)
            bodyLeft += column
            left = m.margin
        }
        return BubbleArt(image: try image.materialised(), readImage: try readImage?.materialised(), isMe: isMe, left: left,
                         bodyTop: bodyTop, bodyLeft: bodyLeft, bodyWidth: bodyW)
    }

    /// The bubble body with the app's tail: iMessage curls at the bottom corner, WhatsApp points
    /// from the top corner. The image is wider than the body by the tail.
    func bubbleShape(width w: Int, height h: Int, fill: String, tail: Bool, right: Bool) throws -> Image {
        let tw = tailWidth, W = w + tw
        let r = theme == .whatsapp ? 16.0 : min(Double(metrics.bubbleRadius), Double(h) / 2)
        let W2 = Double(w), H = Double(h)
        var paths = "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" rx=\"\(r)\" ry=\"\(r)\"/>"
        if tail {
            switch theme {
            case .imessage:
                paths += "<path d=\"M \(W2 - 26) \(H - 36) Q \(W2 - 20) \(H - 4) \(W2 + Double(tw) - 1) \(H - 1) Q \(W2 - 14) \(H + 1) \(W2 - 40) \(H - 12) Z\"/>"
            case .whatsapp:
                paths += "<rect x=\"\(W2 - 20)\" y=\"0\" width=\"20\" height=\"20\"/>"
                paths += "<path d=\"M \(W2 - 4) 0 L \(W2 + Double(tw)) 0 Q \(W2 + 2) 12 \(W2 - 2) 24 Z\"/>"
            default: break
            }
        }
        // Drawn for the right side, mirrored for the left.
        let group = right ? "<g fill=\"\(fill)\">\(paths)</g>"
                          : "<g fill=\"\(fill)\" transform=\"translate(\(W) 0) scale(-1 1)\">\(paths)</g>"
        return try Shapes.svg(svg(W, h, group))
    }

    /// Discord has no bubbles: rows of avatar, coloured name and time, then the text.
    func discordRow(_ index: Int, first: Bool) throws -> BubbleArt {
        let message = conversation.messages[index]
        let sender = conversation.character(named: message.sender)
        let m = metrics
        let avatarSize = m.avatarSize * 3 / 4
        let textLeft = avatarSize + 28
        let width = m.width - 2 * m.margin
        let body = try text(message.text, size: m.fontSize * 0.92, colour: palette.otherText, width: width - textLeft)
        var image = try Shapes.svg(svg(width, 2, "")).embedded(x: 0, y: 0, width: width, height: body.height)
        var top = 0
        if first {
            let name = try text(message.sender, font: Self.medium, size: m.fontSize * 0.92, colour: sender?.colour ?? palette.barText, width: width)
            let time = try text("Today at \(clock.time(afterMessages: index))", size: m.smallFont * 0.8, colour: palette.meta, width: width)
            top = name.height + 6
            image = try image.embedded(x: 0, y: 0, width: width, height: max(top + body.height, avatarSize))
                .composited(avatar(sender, diameter: avatarSize), x: 0, y: 2)
                .composited(name, x: textLeft, y: 0)
                .composited(time, x: textLeft + name.width + 18, y: name.height - time.height - 2)
        }
        image = try image.composited(body, x: textLeft, y: top)
        return BubbleArt(image: try image.materialised(), readImage: nil, isMe: message.sender == conversation.me?.name,
                         left: m.margin, bodyTop: top, bodyLeft: textLeft, bodyWidth: body.width)
    }

    /// The typing indicator: an incoming bubble with room for three dots, and one dot.
    func indicator() throws -> (bubble: Image, dot: Image, dots: [(x: Int, y: Int)]) {
        let m = metrics
        let h = Int(m.fontSize * 1.2) + 2 * m.bubblePadY, w = Int(Double(h) * 1.9)
        let bubble = try bubbleShape(width: w, height: h, fill: palette.otherBubble, tail: theme == .imessage, right: false)
        let d = max(12, h / 6)
        let dotColour = theme == .whatsapp || theme == .messenger ? palette.meta : (spec.appearance == .dark ? "#8E8E93" : "#8E8E93")
        let dot = try Shapes.circle(diameter: d, fill: dotColour)
        let bodyX = tailWidth
        let spacing = Double(w) / 4
        let dots = (1...3).map { (x: bodyX + Int(spacing * Double($0)) - d / 2, y: h / 2 - d / 2) }
        return (bubble, dot, dots)
    }

    /// A reaction badge: the emoji in a small round chip with the thread's background as a ring.
    func reactionBadge(_ emoji: String) throws -> Image {
        let d = Int(metrics.fontSize * 1.25)
        let chip = try Shapes.svg(svg(d, d, "<circle cx=\"\(Double(d) / 2)\" cy=\"\(Double(d) / 2)\" r=\"\(Double(d) / 2 - 2)\" fill=\"\(palette.otherBubble)\" stroke=\"\(palette.background)\" stroke-width=\"4\"/>"))
        let glyph = try text(emoji, size: Double(d) * 0.5, colour: "#FFFFFF", width: d * 2)
        return try chip.composited(glyph, x: (d - glyph.width) / 2, y: (d - glyph.height) / 2)
    }
}
