import Foundation

/// The charts of `factory stats --html`, the review gallery and the studio's cards, drawn here as
/// SVG: no chart library, nothing fetched. Numbers are laid out by hand because the charts are
/// small and fixed (a sparkline, a bar chart, a few lines).
public enum StatsCharts {
    static let colours = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#be185d", "#4b5563"]

    /// Views over time per platform for one item: one line each, the last value labelled.
    /// Points without views are left out (never drawn as 0).
    public static func sparkline(_ series: [(label: String, points: [(Date, Double)])], width: Int = 220, height: Int = 56) -> String {
        let all = series.flatMap(\.points)
        guard all.count >= 1, let first = all.map(\.0).min(), let last = all.map(\.0).max() else {
            return "<svg class=\"spark\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"no figures yet\"><text x=\"4\" y=\"\(height / 2)\" font-size=\"11\" fill=\"#6b7280\">no figures yet</text></svg>"
        }
        let top = max(1, all.map(\.1).max() ?? 1)
        let span = max(1, last.timeIntervalSince(first))
        let left = 4.0, right = Double(width) - 92, up = 6.0, down = Double(height) - 8
        var parts = ["<svg class=\"spark\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"views over time\">"]
        for (index, line) in series.enumerated() where !line.points.isEmpty {
            let colour = colours[index % colours.count]
            let coordinates = line.points.sorted { $0.0 < $1.0 }.map { point -> String in
                let x = left + (right - left) * point.0.timeIntervalSince(first) / span
                let y = down - (down - up) * point.1 / top
                return String(format: "%.1f,%.1f", x, y)
            }
            if coordinates.count == 1 {
                let xy = coordinates[0].split(separator: ",")
                parts.append("<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"2.5\" fill=\"\(colour)\"/>")
            } else {
                parts.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.6\" points=\"\(coordinates.joined(separator: " "))\"/>")
            }
            let y = 12 + index * 13
            parts.append("<text x=\"\(Int(right) + 4)\" y=\"\(y)\" font-size=\"10\" fill=\"\(colour)\">\(HTML.escape(line.label)) \(StatsFormat.count(line.points.last?.1))</text>")
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// A bar chart of `bars` (label, value; nil: no data, drawn as a gap with "—"), with a title.
    public static func bars(_ title: String, _ bars: [(label: String, value: Double?)], unit: String, width: Int = 640, height: Int = 220) -> String {
        let top = max(1e-9, bars.compactMap(\.value).max() ?? 1)
        let left = 44.0, bottom = Double(height) - 28, plotTop = 26.0
        let slot = min(72, (Double(width) - left - 8) / Double(max(1, bars.count)))
        var parts = ["<svg class=\"chart\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTML.escape(title))\">",
                     "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"600\">\(HTML.escape(title))</text>",
                     "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(width - 4)\" y2=\"\(bottom)\" stroke=\"#9ca3af\"/>"]
        for (index, bar) in bars.enumerated() {
            let x = left + Double(index) * slot
            if let value = bar.value {
                let h = (bottom - plotTop) * value / top
                parts.append(String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#2563eb\"/>", x + 2, bottom - h, max(1, slot - 4), h))
                parts.append(String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\">%@</text>", x + slot / 2, bottom - h - 3,
                                    HTML.escape(StatsFormat.number(value, unit: unit))))
            } else {
                parts.append(String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\" fill=\"#6b7280\">—</text>", x + slot / 2, bottom - 3))
            }
            parts.append(String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\">%@</text>", x + slot / 2, bottom + 12, HTML.escape(bar.label)))
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// Lines of one value per week for each series (cost per 1,000 views per series, week over
    /// week); a week without a value breaks the line.
    public static func weekly(_ title: String, weeks: [String], lines: [(label: String, values: [Double?])], unit: String,
                              width: Int = 640, height: Int = 240) -> String {
        let top = max(1e-9, lines.flatMap(\.values).compactMap { $0 }.max() ?? 1)
        let left = 50.0, right = Double(width) - 150, bottom = Double(height) - 28, plotTop = 26.0
        let step = weeks.count > 1 ? (right - left) / Double(weeks.count - 1) : 0
        var parts = ["<svg class=\"chart\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTML.escape(title))\">",
                     "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"600\">\(HTML.escape(title))</text>",
                     "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\" stroke=\"#9ca3af\"/>",
                     "<text x=\"4\" y=\"\(Int(plotTop) + 4)\" font-size=\"9\">\(HTML.escape(StatsFormat.number(top, unit: unit)))</text>"]
        for (index, week) in weeks.enumerated() {
            parts.append(String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\">%@</text>", left + step * Double(index), bottom + 12, HTML.escape(week)))
        }
        for (index, line) in lines.enumerated() {
            let colour = colours[index % colours.count]
            var run: [String] = []
            func flush() {
                if run.count > 1 { parts.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(run.joined(separator: " "))\"/>") }
                run = []
            }
            for (w, value) in line.values.enumerated() {
                guard let value else { flush(); continue }
                let x = left + step * Double(w), y = bottom - (bottom - plotTop) * value / top
                run.append(String(format: "%.1f,%.1f", x, y))
                parts.append(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%@\"/>", x, y, colour))
            }
            flush()
            parts.append("<text x=\"\(Int(right) + 8)\" y=\"\(Int(plotTop) + 12 * index + 4)\" font-size=\"10\" fill=\"\(colour)\">\(HTML.escape(line.label))</text>")
        }
        parts.append("</svg>")
        return parts.joined()
    }
}

/// Figures as `stats` prints them: a missing one is "—", never 0.
public enum StatsFormat {
    public static func count(_ value: Double?) -> String {
        guard let value else { return "—" }
        if value >= 1_000_000 { return String(format: "%.1fM", value / 1_000_000) }
        if value >= 10_000 { return String(format: "%.1fk", value / 1000) }
        return String(Int64(value))
    }

    public static func number(_ value: Double?, unit: String) -> String {
        guard let value else { return "—" }
        switch unit {
        case "$": return String(format: "$%.2f", value)
        case "%": return String(format: "%.1f %%", value * 100)
        case "s": return String(format: "%.1f s", value)
        default: return count(value)
        }
    }
}
