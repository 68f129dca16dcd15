import FactoryCore
import Foundation

/// `factory stats --suggest`: which series, templates, voices and posting hours did best over
/// the weeks read, with the evidence (posts, mean views per post, a 95 % interval), or plainly
/// "too few posts to tell". Advice only: it never changes a manifest.
public enum StatsSuggest {
    public struct Finding: Sendable, Codable, Equatable {
        public var dimension: String
        public var best: String?
        public var verdict: String
        public var options: [Option]
    }

    public struct Option: Sendable, Codable, Equatable {
        public var label: String
        public var posts: Int
        public var meanViews: Double
        /// Mean ± 1.96 standard errors (normal approximation); nil under 3 posts.
        public var low: Double?
        public var high: Double?
    }

    /// At least this many posts with views in an option before its interval is given.
    public static let minimumPosts = 3

    public static func findings(_ posts: [PostStats]) -> [Finding] {
        [StatsGrouping.series, .template, .voice, .hour].map { grouping in
            let viewed = posts.filter { $0.figures.views != nil && !(grouping == .template && $0.template == nil)
                && !(grouping == .voice && $0.voice == nil) }
            let labels = Array(Set(viewed.map { $0.label(grouping) })).sorted()
            let options = labels.map { label -> Option in
                let views = viewed.filter { $0.label(grouping) == label }.compactMap(\.figures.views)
                let mean = views.reduce(0, +) / Double(views.count)
                guard views.count >= minimumPosts else { return Option(label: label, posts: views.count, meanViews: mean) }
                let variance = views.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(views.count - 1)
                let margin = 1.96 * (variance / Double(views.count)).squareRoot()
                return Option(label: label, posts: views.count, meanViews: mean, low: max(0, mean - margin), high: mean + margin)
            }.sorted { $0.meanViews > $1.meanViews }
            let name = grouping.rawValue
            guard options.count >= 2 else {
                return Finding(dimension: name, best: nil, verdict: options.isEmpty ? "no posts with views" : "only one \(name) was posted",
                               options: options)
            }
            let top = options[0], next = options[1]
            guard let low = top.low, let high = next.high else {
                return Finding(dimension: name, best: nil, verdict: "too few posts to tell (\(minimumPosts) with views needed per \(name))",
                               options: options)
            }
            if low > high {
                return Finding(dimension: name, best: top.label, verdict: "\(top.label) did best: its interval is clear of the next one's",
                               options: options)
            }
            return Finding(dimension: name, best: nil, verdict: "no clear winner: \(top.label) leads, but the intervals overlap", options: options)
        }
    }

    public static func text(_ findings: [Finding], weeks: [String]) -> String {
        var lines = ["What did best over \(weeks.count) week\(weeks.count == 1 ? "" : "s") (\(weeks.first ?? "")–\(weeks.last ?? "")); advice only:"]
        for finding in findings {
            lines.append("")
            lines.append("\(finding.dimension): \(finding.verdict)")
            for option in finding.options {
                let interval = option.low.map { String(format: "95 %% interval %@–%@", StatsFormat.count($0), StatsFormat.count(option.high)) }
                    ?? "too few posts to tell"
                lines.append("  \(option.label): \(StatsFormat.count(option.meanViews)) views/post over \(option.posts) post\(option.posts == 1 ? "" : "s"); \(interval)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
