import FactoryCore
import FactoryImaging
import Foundation

/// The input bar at the bottom of the thread, with its idle and typing states.
struct InputArt: Sendable {
    struct Placed: Sendable { var image: Image; var left: Int; var top: Int }
    var bar: Image
    var placeholder: Placed
    /// Shown while the field is empty (mic, like) and while text is typed (send).
    var idleButton: Placed?
    var sendButton: Placed
    /// Where typed text sits, in frame pixels.
    var textLeft: Int
    var textTop: Int
    var textWidth: Int
    var textHeight: Int
}

extension ChatArt {
    func input() throws -> InputArt {
        let m = metrics, p = palette
        let top = m.inputTop, h = m.inputHeight
        let fieldH = h - (m.height >= 1600 ? 40 : 32)
        let fieldTop = top + (h - fieldH) / 2
        var bar = try canvas(m.width, h, theme == .whatsapp ? p.background : p.bar == p.background ? p.background : p.background)
        bar = try bar.composited(canvas(m.width, 2, p.divider), x: 0, y: 0)
        let fieldLeft: Int, fieldRight: Int
        var icons: [(Image, Int)] = []
        switch theme {
        case .imessage:
            icons.append((try roundButton("+", fill: p.field == "#000000" ? "#2C2C2E" : "#E9E9EB", glyph: p.meta, size: fieldH), 24))
            fieldLeft = 24 + fieldH + 18; fieldRight = m.width - 24
        case .whatsapp:
            fieldLeft = 20; fieldRight = m.width - 20 - fieldH - 14
        case .messenger:
            icons.append((try roundButton("+", fill: p.accent, glyph: "#FFFFFF", size: fieldH * 3 / 4), 24))
            fieldLeft = 24 + fieldH * 3 / 4 + 20; fieldRight = m.width - 24 - fieldH - 10
        case .discord:
            fieldLeft = 20; fieldRight = m.width - 20
        }
        let fieldW = fieldRight - fieldLeft
        let field = try Shapes.roundedRect(width: fieldW, height: fieldH, radius: Double(fieldH) / 2, fill: p.field,
                                           stroke: theme == .imessage ? p.fieldBorder : nil, strokeWidth: theme == .imessage ? 2.5 : 0)
        bar = try bar.composited(field, x: fieldLeft, y: fieldTop - top)
        for (icon, x) in icons { bar = try bar.composited(icon, x: x, y: (h - icon.height) / 2) }
        var textLeft = fieldLeft + fieldH / 2
        if theme == .discord {
            let plus = try roundButton("+", fill: p.meta, glyph: p.field, size: fieldH * 6 / 10)
            bar = try bar.composited(plus, x: fieldLeft + 16, y: (h - plus.height) / 2)
            textLeft = fieldLeft + 16 + plus.width + 20
        }
        if theme == .whatsapp {
            let smile = try text("😊", size: Double(fieldH) * 0.42, colour: p.meta, width: 200)
            bar = try bar.composited(smile, x: fieldLeft + 22, y: (h - smile.height) / 2)
            textLeft = fieldLeft + 22 + smile.width + 14
        }
        let placeholderText: String = switch theme {
        case .imessage: "iMessage"
        case .whatsapp: "Message"
        case .messenger: "Aa"
        case .discord: "Message #\(channel)"
        }
        let placeholder = try text(placeholderText, size: m.fontSize * 0.9, colour: p.placeholder, width: fieldW)
        let buttonSize = theme == .imessage ? fieldH - 14 : fieldH
        let buttonLeft = theme == .imessage ? fieldRight - buttonSize - 7 : (theme == .discord ? fieldRight - buttonSize - 8 : fieldRight + 12)
        let buttonTop = top + (h - buttonSize) / 2
        let send = try sendButton(size: buttonSize)
        var idle: InputArt.Placed?
        switch theme {
        case .whatsapp: idle = .init(image: try micButton(size: buttonSize, fill: p.accent, glyph: "#FFFFFF"), left: buttonLeft, top: buttonTop)
        case .messenger: idle = .init(image: try text("👍", size: Double(buttonSize) * 0.55, colour: p.accent, width: 200), left: buttonLeft + buttonSize / 6, top: buttonTop + buttonSize / 6)
        case .imessage: idle = .init(image: try micButton(size: buttonSize, fill: p.field, glyph: p.meta), left: buttonLeft, top: buttonTop)
        case .discord: idle = .init(image: try text("😀", size: Double(buttonSize) * 0.45, colour: p.meta, width: 200), left: buttonLeft + buttonSize / 4, top: buttonTop + buttonSize / 4)
        }
        let textRight = (theme == .imessage || theme == .discord) ? buttonLeft - 10 : fieldRight - fieldH / 3
        return InputArt(bar: try bar.flatten().materialised(),
                        placeholder: .init(image: placeholder, left: textLeft, top: top + (h - placeholder.height) / 2),
                        idleButton: idle, sendButton: .init(image: send, left: buttonLeft, top: buttonTop),
                        textLeft: textLeft, textTop: fieldTop + 6, textWidth: textRight - textLeft, textHeight: fieldH - 12)
    }

    /// The text typed so far with a cursor, showing its last lines when it outgrows the field.
    func typed(_ prefix: String, input: InputArt) throws -> Image {
        let markup = TextRenderer.escape(prefix) + "<span foreground=\"\(palette.accent)\">|</span>"
        // One line that scrolls: once the text outgrows the field, its end (and the cursor) stays in view.
        var image = try TextRenderer.render(markup: markup, style: TextStyle(font: Self.regular, size: metrics.fontSize * 0.9,
                                                                             colour: palette.fieldText, alignment: .left),
                                            width: 20_000).image
        if image.width > input.textWidth {
            image = try image.cropped(x: image.width - input.textWidth, y: 0, width: input.textWidth, height: image.height)
        }
        if image.height > input.textHeight {
            image = try image.cropped(x: 0, y: image.height - input.textHeight, width: image.width, height: input.textHeight)
        }
        // A fixed-height strip with the text centred vertically: every version sits on the same line.
        return try image.embedded(x: 0, y: (input.textHeight - image.height) / 2, width: image.width, height: input.textHeight)
    }

    func roundButton(_ glyph: String, fill: String, glyph colour: String, size: Int) throws -> Image {
        let r = Double(size) / 2, arm = Double(size) * 0.22
        return try Shapes.svg(svg(size, size, "<circle cx=\"\(r)\" cy=\"\(r)\" r=\"\(r)\" fill=\"\(fill)\"/><path d=\"M \(r - arm) \(r) L \(r + arm) \(r) M \(r) \(r - arm) L \(r) \(r + arm)\" stroke=\"\(colour)\" stroke-width=\"\(max(3, Double(size) / 16))\" stroke-linecap=\"round\"/>"))
    }

    /// The app's send control: iMessage's blue up-arrow, WhatsApp's green circle, a paper plane.
    func sendButton(size: Int) throws -> Image {
        let r = Double(size) / 2, s = Double(size)
        switch theme {
        case .imessage, .whatsapp:
            let fill = theme == .imessage ? palette.accent : palette.accent
            let arrow = theme == .imessage
                ? "<path d=\"M \(r) \(s * 0.72) L \(r) \(s * 0.28) M \(s * 0.3) \(s * 0.46) L \(r) \(s * 0.26) L \(s * 0.7) \(s * 0.46)\" stroke=\"#FFFFFF\" stroke-width=\"\(s / 11)\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
                : "<path d=\"M \(s * 0.3) \(s * 0.28) L \(s * 0.76) \(r) L \(s * 0.3) \(s * 0.72) L \(s * 0.36) \(r) Z\" fill=\"#FFFFFF\"/>"
            return try Shapes.svg(svg(size, size, "<circle cx=\"\(r)\" cy=\"\(r)\" r=\"\(r)\" fill=\"\(fill)\"/>\(arrow)"))
        case .messenger, .discord:
            return try Shapes.svg(svg(size, size, "<path d=\"M \(s * 0.18) \(s * 0.2) L \(s * 0.86) \(r) L \(s * 0.18) \(s * 0.8) L \(s * 0.28) \(r) Z\" fill=\"\(palette.accent)\"/>"))
        }
    }

    func micButton(size: Int, fill: String, glyph: String) throws -> Image {
        let r = Double(size) / 2, s = Double(size)
        return try Shapes.svg(svg(size, size, "<circle cx=\"\(r)\" cy=\"\(r)\" r=\"\(r)\" fill=\"\(fill)\"/><rect x=\"\(r - s * 0.09)\" y=\"\(s * 0.24)\" width=\"\(s * 0.18)\" height=\"\(s * 0.32)\" rx=\"\(s * 0.09)\" fill=\"\(glyph)\"/><path d=\"M \(s * 0.32) \(s * 0.48) Q \(r) \(s * 0.74) \(s * 0.68) \(s * 0.48) M \(r) \(s * 0.62) L \(r) \(s * 0.76)\" stroke=\"\(glyph)\" stroke-width=\"\(s / 20)\" fill=\"none\" stroke-linecap=\"round\"/>"))
    }
}
