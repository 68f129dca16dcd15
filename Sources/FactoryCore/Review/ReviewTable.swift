/// The terminal table of a reviewed week: a line per item (failed and deferred items with their
/// reason from report.json), a totals line and a one-line summary. Plain text, no colour: it is
/// read in terminals and cron logs alike.
public enum ReviewTable {
    static let headers = ["ITEM", "KIND", "DAY", "STATUS", "DURATION", "SIZE", "COST", "FAILED CHECKS / REASON"]
    /// Columns aligned right (numbers).
    static let rightAligned: Set<Int> = [4, 5, 6]

    public static func render(_ review: WeekReview) -> String {
        var rows = review.entries.map(row)
        rows.append(["total", "", "", "\(review.count("done"))/\(review.entries.count) done",
                     ReviewFormat.duration(review.totalDuration), ReviewFormat.size(review.totalSize),
                     ReviewFormat.money(review.spentUSD), ""])
        let widths = headers.indices.map { column in
            ([headers] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                if column == cells.count - 1 { return cell }
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = ["\(review.week) — \(review.folder.path)", line(headers)]
        lines += rows.dropLast().map(line)
        lines.append(line(widths.dropLast().map { String(repeating: "-", count: $0) } + [""]))
        lines.append(line(rows[rows.count - 1]))
        lines.append(review.summary)
        return lines.joined(separator: "\n")
    }

    static func row(_ entry: ReviewEntry) -> [String] {
        var last: String
        if !entry.isDone, let reason = entry.reason {
            last = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        } else {
            let failed = entry.failedChecks.map(\.name)
            last = failed.isEmpty ? (entry.hasBundle ? "none" : "") : failed.joined(separator: ", ")
        }
        if !entry.isDone, entry.hasBundle, entry.status != "unreadable" { last += " (an earlier bundle is still there)" }
        return [entry.id, ReviewFormat.kind(entry.kind), ReviewFormat.day(entry), ReviewFormat.status(entry),
                entry.duration.map(ReviewFormat.duration) ?? "–", entry.size.map(ReviewFormat.size) ?? "–",
                ReviewFormat.money(entry.costUSD), last]
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
