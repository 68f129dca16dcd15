import FactoryCore
import FactoryImaging
import Foundation

/// The fixed parts of the phone screen: status bar and header, input bar, keyboard.
extension ChatArt {
    /// A transparent image to draw onto.
    func clear(_ width: Int, _ height: Int) throws -> Image {
        try Image.from(pixels: [UInt8](repeating: 0, count: width * height * 4), width: width, height: height, bands: 4)
    }

    /// Status bar and app header in one opaque strip (0 ..< threadTop), without the header's
    /// subtitle, which changes ("online" / "typing…") and is its own layer.
    func header() throws -> Image {
        let m = metrics, p = palette
        let statusColour = theme == .whatsapp && spec.appearance == .light ? "#054D44" : p.bar
        var image = try canvas(m.width, m.threadTop, p.bar)
        if m.statusBar > 0 {
            image = try image.composited(canvas(m.width, m.statusBar, statusColour), x: 0, y: 0)
            let time = try text(clock.time(compact: true), font: Self.bold, size: 30, colour: p.barText, width: 200)
            image = try image.composited(time, x: 70, y: (m.statusBar - time.height) / 2 + 2)
            image = try image.composited(statusIcons(colour: p.barText), x: m.width - 70 - 150, y: (m.statusBar - 30) / 2)
        }
        let top = m.headerTop, h = m.headerHeight
        let contact = conversation.contacts.first
        switch theme {
        case .imessage:
            let size = m.avatarSize
            image = try image.composited(chevron(p.accent, height: 44), x: 30, y: top + (h - 44) / 2 - 10)
            image = try image.composited(avatarRow(size: size), x: m.width / 2 - avatarRowWidth(size) / 2, y: top + 14)
            let name = try text(contactName + " ›", size: m.smallFont, colour: p.barText, width: m.width - 200, alignment: .centre)
            image = try image.composited(name, x: (m.width - name.width) / 2, y: top + 14 + size + 8)
        case .whatsapp, .messenger:
            let size = m.avatarSize * 5 / 6
            let arrowColour = theme == .whatsapp ? p.barText : p.accent
            image = try image.composited(chevron(arrowColour, height: 40), x: 26, y: top + (h - 40) / 2)
            image = try image.composited(avatar(contact, diameter: size), x: 80, y: top + (h - size) / 2)
            if theme == .messenger {
                let dot = try Shapes.svg(svg(26, 26, "<circle cx=\"13\" cy=\"13\" r=\"11\" fill=\"#31A24C\" stroke=\"\(p.bar)\" stroke-width=\"4\"/>"))
                image = try image.composited(dot, x: 80 + size - 22, y: top + (h + size) / 2 - 24)
            }
            let name = try text(contactName, font: Self.bold, size: m.headerFont, colour: p.barText, width: m.width - 420)
            image = try image.composited(name, x: 80 + size + 24, y: top + h / 2 - name.height + 4)
            image = try image.composited(callIcons(colour: theme == .whatsapp ? p.barText : p.accent), x: m.width - 230, y: top + (h - 44) / 2)
        case .discord:
            let hash = try text("#", font: Self.bold, size: m.headerFont * 1.2, colour: p.meta, width: 100)
            image = try image.composited(hash, x: 40, y: top + (h - hash.height) / 2)
            let name = try text(channel, font: Self.bold, size: m.headerFont, colour: p.barText, width: m.width - 300)
            image = try image.composited(name, x: 40 + hash.width + 16, y: top + (h - name.height) / 2)
            image = try image.composited(membersIcon(colour: p.barSubtext), x: m.width - 110, y: top + (h - 44) / 2)
        }
        image = try image.composited(canvas(m.width, 2, p.divider), x: 0, y: m.threadTop - 2)
        return try image.flatten().materialised()
    }

    /// The header's subtitle line and where it goes (nil for apps without one).
    func headerSubtitle(_ text: String) throws -> (image: Image, left: Int, top: Int)? {
        guard theme == .whatsapp || theme == .messenger else { return nil }
        let m = metrics
        let size = m.avatarSize * 5 / 6
        let image = try self.text(text, size: m.smallFont * 0.9, colour: palette.barSubtext, width: m.width - 420)
        return (image, 80 + size + 24, m.headerTop + m.headerHeight / 2 + 8)
    }

    var subtitleIdle: String { theme == .whatsapp ? "online" : "Active now" }
    var subtitleTyping: String { theme == .whatsapp ? "typing…" : "typing…" }

    func avatarRowWidth(_ size: Int) -> Int {
        let n = min(3, max(1, conversation.contacts.count))
        return size + (n - 1) * size * 2 / 3
    }

    /// Overlapping avatars of up to three contacts (one for a two-person chat).
    func avatarRow(size: Int) throws -> Image {
        let contacts = Array(conversation.contacts.prefix(3))
        var row = try clear(avatarRowWidth(size), size)
        for (i, c) in contacts.enumerated() { row = try row.composited(avatar(c, diameter: size), x: i * size * 2 / 3, y: 0) }
        if contacts.isEmpty { row = try row.composited(avatar(conversation.me, diameter: size), x: 0, y: 0) }
        return row
    }

    func chevron(_ colour: String, height: Int) throws -> Image {
        let w = height * 6 / 10
        return try Shapes.svg(svg(w, height, "<path d=\"M \(w - 4) 4 L 6 \(height / 2) L \(w - 4) \(height - 4)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"))
    }

    func statusIcons(colour: String) throws -> Image {
        let bars = (0..<4).map { "<rect x=\"\($0 * 9)\" y=\"\(20 - $0 * 5)\" width=\"6\" height=\"\(8 + $0 * 5)\" rx=\"1.5\"/>" }.joined()
        let wifi = "<path d=\"M 50 12 Q 62 2 74 12 M 54 17 Q 62 10 70 17\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"3.5\" stroke-linecap=\"round\"/><circle cx=\"62\" cy=\"23\" r=\"3\"/>"
        let battery = "<rect x=\"90\" y=\"4\" width=\"44\" height=\"22\" rx=\"6\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.5\" opacity=\"0.5\"/><rect x=\"94\" y=\"8\" width=\"30\" height=\"14\" rx=\"3\"/><rect x=\"137\" y=\"11\" width=\"4\" height=\"8\" rx=\"1.5\" opacity=\"0.5\"/>"
        return try Shapes.svg(svg(150, 30, "<g fill=\"\(colour)\">\(bars)\(wifi)\(battery)</g>"))
    }

    func callIcons(colour: String) throws -> Image {
        let camera = "<rect x=\"2\" y=\"10\" width=\"40\" height=\"26\" rx=\"6\"/><path d=\"M 44 23 L 60 12 L 60 34 Z\"/>"
        let phone = "<path d=\"M 100 8 q -6 0 -6 8 q 2 16 18 22 q 8 2 10 -4 l -6 -6 l -6 4 q -8 -4 -10 -10 l 4 -6 Z\"/>"
        let dots = theme == .whatsapp ? "<circle cx=\"170\" cy=\"10\" r=\"4\"/><circle cx=\"170\" cy=\"22\" r=\"4\"/><circle cx=\"170\" cy=\"34\" r=\"4\"/>" : ""
        return try Shapes.svg(svg(190, 44, "<g fill=\"\(colour)\">\(camera)\(phone)\(dots)</g>"))
    }

    func membersIcon(colour: String) throws -> Image {
        try Shapes.svg(svg(60, 44, "<g fill=\"\(colour)\"><circle cx=\"22\" cy=\"14\" r=\"9\"/><path d=\"M 6 40 q 16 -22 32 0 Z\"/><circle cx=\"42\" cy=\"16\" r=\"7\"/><path d=\"M 34 38 q 12 -18 24 0 Z\"/></g>"))
    }
}
