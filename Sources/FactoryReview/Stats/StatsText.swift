import FactoryCore
import Foundation

/// `factory stats` as text, CSV and JSON. Every average is printed with its sample size beside
/// it; a missing figure is "—" (CSV: empty), never 0.
public enum StatsText {
    public static func text(_ stats: WeekStats, title: String) -> String {
        var lines = [title, ""]
        let header = ["item", "platform", "views", "likes", "comments", "shares", "saves", "watch", "eng.", "reads", "note"]
        var rows: [[String]] = []
        for post in stats.posts {
            let f = post.figures
            rows.append([post.item, post.platform.rawValue, StatsFormat.count(f.views), StatsFormat.count(f.likes), StatsFormat.count(f.comments),
                         StatsFormat.count(f.shares), StatsFormat.count(f.saves), StatsFormat.number(f.watchSeconds, unit: "s"),
                         StatsFormat.number(f.engagementRate, unit: "%"), String(post.reads),
                         post.stuck.map { "STUCK: \($0.cause)" } ?? post.reason ?? ""])
        }
        lines += table(header, rows)
        lines += ["", "by \(stats.grouping.rawValue):"]
        let groupHeader = [stats.grouping.rawValue, "posts", "views", "views/post (n)", "eng.", "watch (n)", "cost", "per 1,000 views"]
        lines += table(groupHeader, stats.groups.map { g in
            [g.key, String(g.posts), StatsFormat.count(g.figures.views), "\(StatsFormat.count(g.viewsPerPost)) (\(g.withViews))",
             StatsFormat.number(g.engagementRate, unit: "%"), "\(StatsFormat.number(g.watchSeconds, unit: "s")) (\(g.withWatch))",
             String(format: "$%.2f", g.costUSD), StatsFormat.number(g.costPerThousandViews, unit: "$")]
        })
        let viewed = stats.posts.filter { $0.figures.views != nil }.count
        if !stats.best.isEmpty {
            lines += ["", "best of \(viewed) post\(viewed == 1 ? "" : "s") with views: "
                      + stats.best.map { "\($0.item) on \($0.platform) (\(StatsFormat.count($0.figures.views)))" }.joined(separator: ", "),
                      "worst: " + stats.worst.map { "\($0.item) on \($0.platform) (\(StatsFormat.count($0.figures.views)))" }.joined(separator: ", ")]
        }
        let stuck = stats.posts.filter { $0.stuck != nil }
        if !stuck.isEmpty {
            lines += ["", "stuck posts:"]
            for post in stuck { lines.append("  \(post.item) on \(post.platform): \(post.stuck!.cause). Fix: \(post.stuck!.fix)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func csv(_ stats: WeekStats) -> String {
        let header = "week,item,kind,platform,post_id,posted_at,hour,series,template,voice,views,likes,comments,shares,saves,watch_seconds,"
            + "engagement_rate,reads,fetched_at,visibility,item_cost_usd,stuck,reason"
        func cell(_ value: Double?) -> String { value.map { $0 == $0.rounded() ? String(Int64($0)) : String($0) } ?? "" }
        func quoted(_ text: String?) -> String {
            guard let text else { return "" }
            return text.contains(where: { ",\"\n".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        let rows = stats.posts.map { p in
            let f = p.figures
            return [p.week, p.item, p.kind, p.platform.rawValue, quoted(p.postId), p.postedAt, String(p.hour), p.series, quoted(p.template),
                    quoted(p.voice), cell(f.views), cell(f.likes), cell(f.comments), cell(f.shares), cell(f.saves), cell(f.watchSeconds),
                    cell(f.engagementRate), String(p.reads), quoted(p.fetchedAt), quoted(p.visibility), String(format: "%.4f", p.itemCostUSD),
                    quoted(p.stuck?.cause), quoted(p.reason)].joined(separator: ",")
        }
        return ([header] + rows).joined(separator: "\n") + "\n"
    }

    public static func json(_ stats: WeekStats) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(stats), as: UTF8.self) + "\n"
    }

    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
