import FactoryCore
import FactoryKinds
import FactoryImaging
import Foundation

/// The week at a glance as one PNG: every item's cover.jpg fitted into a cell of a grid, labelled
/// with its id, kind and day; items without a bundle get a placeholder with their status.
public enum ContactSheet {
    /// Cell and layout sizes, in pixels.
    static let cell = (width: 240, height: 427), label = 56, gap = 16, margin = 24, header = 56, columns = 5
    static let background = "#16171B", placeholder = "#2A2C33"

    /// At most this many cells (20 rows); the header says how many more the week holds.
    static let limit = 100

    /// Writes the sheet to `path` and returns its size.
    @discardableResult
    public static func write(_ review: WeekReview, to path: String) throws -> (width: Int, height: Int) {
        let entries = Array(review.entries.prefix(limit))
        let columns = min(Self.columns, max(1, entries.count)), rows = max(1, (entries.count + columns - 1) / columns)
        let width = 2 * margin + columns * cell.width + (columns - 1) * gap
        let rowHeight = cell.height + label
        let height = 2 * margin + header + rows * rowHeight + (rows - 1) * gap
        var sheet = try Shapes.canvas(width: width, height: height, colour: background)
        var summary = review.summary
        if review.entries.count > limit { summary += " · the first \(limit) shown" }
        let title = try TextRenderer.render(
            markup: "<b>\(TextRenderer.escape(review.week))</b>  <span foreground=\"#A0A4AE\">\(TextRenderer.escape(summary))</span>",
            style: TextStyle(font: "Inter", size: 22, alignment: .left), width: width - 2 * margin, fitHeight: header - 16).image
        sheet = try sheet.composited(title, x: margin, y: margin)
        // A row at a time, each drawn on its own strip, so the sheet's pipeline stays shallow.
        for row in 0..<rows {
            var strip = try Shapes.canvas(width: width - 2 * margin, height: rowHeight, colour: background)
            for (column, entry) in entries.dropFirst(row * columns).prefix(columns).enumerated() {
                let x = column * (cell.width + gap)
                strip = try strip.composited(try thumbnail(entry, folder: review.folder), x: x, y: 0)
                strip = try strip.composited(try caption(entry), x: x, y: cell.height + 6)
            }
            sheet = try sheet.composited(try strip.materialised(), x: margin, y: margin + header + row * (rowHeight + gap))
        }
        try sheet.savePNG(to: path)
        try FileMode.apply(to: path)
        return (width, height)
    }

    /// The cover fitted into the cell (letterboxed on the placeholder colour), or a placeholder.
    static func thumbnail(_ entry: ReviewEntry, folder: URL) throws -> Image {
        let box = try Shapes.roundedRect(width: cell.width, height: cell.height, radius: 10, fill: placeholder)
        let cover = folder.appendingPathComponent(entry.id).appendingPathComponent("cover.jpg").path
        guard entry.hasBundle, let image = try? Image.load(path: cover), image.width > 0, image.height > 0 else {
            let word = entry.hasBundle ? "no cover" : ReviewFormat.status(entry)
            let text = try TextRenderer.render(markup: "<b>\(TextRenderer.escape(word.uppercased()))</b>",
                                               style: TextStyle(font: "Inter", size: 20, colour: entry.status == .deferred ? "#F0B54A" : "#FF8A80"),
                                               width: cell.width - 24).image
            return try box.composited(text, x: (cell.width - text.width) / 2, y: (cell.height - text.height) / 2)
        }
        let scale = min(Double(cell.width) / Double(image.width), Double(cell.height) / Double(image.height))
        let fitted = try image.resized(scale: scale)
        return try box.composited(fitted, x: (cell.width - fitted.width) / 2, y: (cell.height - fitted.height) / 2)
    }

    /// "wed-recipe" over "recipe video · Wed 25 Nov".
    static func caption(_ entry: ReviewEntry) throws -> Image {
        let markup = "<b>\(TextRenderer.escape(entry.id))</b>\n<span size=\"small\" foreground=\"#A0A4AE\">"
            + "\(TextRenderer.escape(ReviewFormat.kind(entry.kind))) · \(TextRenderer.escape(ReviewFormat.day(entry)))</span>"
        return try TextRenderer.render(markup: markup, style: TextStyle(font: "Inter", size: 17, alignment: .left),
                                       width: cell.width, fitHeight: label - 8).image
    }
}
