import FactoryCore
import Foundation

/// `factory stats --html FILE`: the weeks' figures as one self-contained page (inline SVG and CSS,
/// no script): cost per 1,000 views per series week over week, views by posting hour, and each
/// item's views over time per platform.
public enum StatsPage {
    public static func html(weeks: [(week: String, stats: WeekStats)]) -> String {
        let names = weeks.map(\.week)
        let all = weeks.flatMap(\.stats.posts)
        let series = Array(Set(all.map(\.series))).sorted()
        let lines = series.map { name -> (label: String, values: [Double?]) in
            (name, weeks.map { week in WeekStats.group(week.stats.posts, by: .series).first { $0.key == name }?.costPerThousandViews })
        }
        let hours = Array(Set(all.map(\.hour))).sorted()
        let byHour = hours.map { hour -> (label: String, value: Double?) in
            let views = all.filter { $0.hour == hour }.compactMap(\.figures.views)
            return (String(format: "%02d:00", hour), views.isEmpty ? nil : views.reduce(0, +) / Double(views.count))
        }
        var body = ["<h1>How did it do? \(HTML.escape(names.first ?? ""))\(names.count > 1 ? "–" + HTML.escape(names.last ?? "") : "")</h1>",
                    StatsCharts.weekly("Cost per 1,000 views by series", weeks: names, lines: lines, unit: "$"),
                    StatsCharts.bars("Views per post by posting hour", byHour, unit: ""),
                    "<h2>Posts</h2>", "<table><tr><th>week</th><th>item</th><th>platform</th><th>views</th><th>likes</th><th>eng.</th>"
                    + "<th>cost/1,000</th><th>over time</th><th>note</th></tr>"]
        for post in all {
            let points = post.history.compactMap { at -> (Date, Double)? in
                guard let views = at.views, let date = ISO8601DateFormatter().date(from: at.at) else { return nil }
                return (date, views)
            }
            let perThousand = (post.figures.views ?? 0) > 0 ? post.itemCostUSD / post.figures.views! * 1000 : nil
            body.append("<tr><td>\(HTML.escape(post.week))</td><td>\(HTML.escape(post.item))</td><td>\(post.platform.rawValue)</td>"
                        + "<td>\(StatsFormat.count(post.figures.views))</td><td>\(StatsFormat.count(post.figures.likes))</td>"
                        + "<td>\(StatsFormat.number(post.figures.engagementRate, unit: "%"))</td><td>\(StatsFormat.number(perThousand, unit: "$"))</td>"
                        + "<td>\(StatsCharts.sparkline([(post.platform.title, points)], width: 220, height: 40))</td>"
                        + "<td>\(HTML.escape(post.stuck.map { "STUCK: \($0.cause). \($0.fix)" } ?? post.reason ?? ""))</td></tr>")
        }
        body.append("</table>")
        return """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>ContentFactory stats</title>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <style>body{font:14px system-ui,sans-serif;margin:24px;color:#111}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:middle}svg.chart{display:block;margin:12px 0;background:#fafafa}</style>
        </head><body>\(body.joined(separator: "\n"))</body></html>
        """
    }
}
