import FactoryCore
import FactoryKinds
/// The terminal table of a reviewed week: a line per item (failed and deferred items with their
/// reason from report.json), a totals line and a one-line summary. Plain text, no colour: it is
/// read in terminals and cron logs alike.
public enum ReviewTable {
    /// CONTRAST is the lowest WCAG contrast of any text layer (`text:contrast`); DRIFT the
    /// read-along highlight's median distance from the speech (`readalong:drift`).
    static let headers = ["ITEM", "KIND", "DAY", "STATUS", "DURATION", "SIZE", "COST", "CONTRAST", "DRIFT", "FAILED CHECKS / REASON"]
    /// Columns aligned right (numbers).
    static let rightAligned: Set<Int> = [4, 5, 6, 7, 8]

    public static func render(_ review: WeekReview) -> String {
        var rows = review.entries.map(row)
        rows.append(["total", "", "", "\(review.count(.done))/\(review.entries.count) done",
                     ReviewFormat.duration(review.totalDuration), ReviewFormat.size(review.totalSize),
                     ReviewFormat.money(review.spentUSD),
                     review.entries.compactMap(\.lowestContrast?.ratio).min().map { String(format: "%.2f:1", $0) } ?? "–", "", ""])
        let table = TextTable(header: headers, rows: rows, rightAligned: rightAligned)
        var lines = ["\(review.week) — \(review.folder.path)", table.line(headers)]
        lines += rows.dropLast().map(table.line)
        lines.append(table.rule)
        lines.append(table.line(rows[rows.count - 1]))
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
        if !entry.isDone, entry.hasBundle, entry.status != .unreadable { last += " (an earlier bundle is still there)" }
        if !entry.repeats.isEmpty { last += "; CLOSE TO EARLIER WEEKS: " + entry.repeats.joined(separator: "; ") }
        return [entry.id, ReviewFormat.kind(entry.kind), ReviewFormat.day(entry), ReviewFormat.status(entry),
                entry.duration.map(ReviewFormat.duration) ?? "–", entry.size.map(ReviewFormat.size) ?? "–",
                ReviewFormat.money(entry.costUSD), ReviewFormat.contrast(entry), ReviewFormat.drift(entry), last]
    }
}
