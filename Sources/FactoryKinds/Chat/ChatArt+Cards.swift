import FactoryCore
import FactoryImaging
import Foundation

/// The title card that opens the video, the end card that closes it, and the watermark.
extension ChatArt {
    var genreEmoji: String {
        switch spec.genre {
        case .drama: "🎭"
        case .comedy: "😂"
        case .romance: "💘"
        case .horror: "👻"
        case .mystery: "🔍"
        }
    }

    func gradient(_ top: String, _ bottom: String, opacity: Double = 1) throws -> Image {
        let m = metrics
        return try Shapes.svg(svg(m.width, m.height,
            "<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"0.35\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(top)\"/><stop offset=\"1\" stop-color=\"\(bottom)\"/></linearGradient></defs><rect width=\"\(m.width)\" height=\"\(m.height)\" fill=\"url(#g)\" fill-opacity=\"\(opacity)\"/>"))
    }

    /// Safe area for card text (the platforms' overlays cover the edges).
    var cardWidth: Int { metrics.width - 2 * max(96, metrics.width / 10) }

    func titleCard(insets: (top: Int, bottom: Int, left: Int, right: Int)) throws -> Image {
        let m = metrics
        var card = try gradient(palette.accent, "#0B0B12").flatten()
        let pill = try self.pill("\(genreEmoji)  \(spec.genre.rawValue.uppercased()) · CHAT STORY")
        let title = try TextRenderer.render(markup: TextRenderer.escape(conversation.title),
                                            style: TextStyle(font: Self.bold, size: m.height >= 1600 ? 84 : 68, colour: "#FFFFFF",
                                                             alignment: .centre, shadowRadius: 6, shadowOpacity: 0.5),
                                            width: cardWidth, fitHeight: m.height / 3).image
        let size = m.avatarSize
        let cast = conversation.characters.prefix(4)
        var row = try clear(cast.count * (size + 40), size + 60)
        for (i, c) in cast.enumerated() {
            row = try row.composited(avatar(c, diameter: size), x: i * (size + 40) + 20, y: 0)
            let name = try text(c.name, font: Self.medium, size: m.smallFont * 0.8, colour: "#FFFFFF", width: size + 40, alignment: .centre)
            row = try row.composited(name, x: i * (size + 40) + (size + 40 - name.width) / 2, y: size + 8)
        }
        let stack = pill.height + 40 + title.height + 50 + row.height
        var y = max(insets.top, (m.height - stack) / 2)
        card = try card.composited(pill, x: (m.width - pill.width) / 2, y: y); y += pill.height + 40
        card = try card.composited(title, x: (m.width - title.width) / 2, y: y); y += title.height + 50
        card = try card.composited(row, x: (m.width - row.width) / 2, y: y)
        if !brand.handle.isEmpty {
            let handle = try text(brand.handle, font: Self.medium, size: m.smallFont, colour: "#FFFFFF", width: cardWidth, alignment: .centre)
            card = try card.composited(handle, x: (m.width - handle.width) / 2, y: m.height - insets.bottom - handle.height)
        }
        return try card.materialised()
    }

    func endCard(insets: (top: Int, bottom: Int, left: Int, right: Int)) throws -> Image {
        let m = metrics
        var card = try gradient("#0B0B12", palette.accent, opacity: 0.94)
        let open = spec.genre == .horror || spec.genre == .mystery
        let headline = try TextRenderer.render(markup: TextRenderer.escape(open ? "To be continued…" : "The End"),
                                               style: TextStyle(font: Self.bold, size: m.height >= 1600 ? 96 : 76, colour: "#FFFFFF", alignment: .centre),
                                               width: cardWidth).image
        let follow = brand.handle.isEmpty ? "Like & share if you saw it coming \(genreEmoji)" : "Follow \(brand.handle) for part 2 \(genreEmoji)"
        let sub = try text(follow, font: Self.medium, size: m.smallFont * 1.1, colour: "#FFFFFF", width: cardWidth, alignment: .centre)
        let y = (m.height - headline.height - 40 - sub.height) / 2
        card = try card.composited(headline, x: (m.width - headline.width) / 2, y: y)
        card = try card.composited(sub, x: (m.width - sub.width) / 2, y: y + headline.height + 40)
        return try card.materialised()
    }

    func pill(_ label: String) throws -> Image {
        let glyphs = try text(label, font: Self.bold, size: metrics.smallFont * 0.85, colour: "#FFFFFF", width: cardWidth)
        let w = glyphs.width + 56, h = glyphs.height + 26
        return try Shapes.roundedRect(width: w, height: h, radius: Double(h) / 2, fill: "#000000", opacity: 0.35)
            .composited(glyphs, x: 28, y: 13)
    }

    /// The brand handle, faint, for the top corner of the thread.
    func watermark() throws -> Image? {
        guard brand.watermark, !brand.handle.isEmpty else { return nil }
        return try text(brand.handle, font: Self.medium, size: metrics.smallFont * 0.8, colour: palette.meta, width: 600).scaledAlpha(0.6)
    }
}
