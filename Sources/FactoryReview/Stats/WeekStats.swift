import FactoryCore
import Foundation

/// The figures of a set of posts and their groups: what `factory stats` prints, and the review's
/// and the studio's cards show.
public struct WeekStats: Sendable, Codable, Equatable {
    public var posts: [PostStats]
    public var groups: [Group]
    public var grouping: StatsGrouping
    /// Posts by views, best first (only posts with views), three at each end.
    public var best: [PostStats]
    public var worst: [PostStats]

    public struct Group: Sendable, Codable, Equatable {
        public var key: String
        /// Posts in the group, and how many of them have views (the sample behind each average).
        public var posts: Int
        public var withViews: Int
        public var figures: PostFigures
        public var viewsPerPost: Double?
        public var engagementRate: Double?
        /// Average of the posts' average watch times (Instagram only), with its sample.
        public var watchSeconds: Double?
        public var withWatch: Int
        /// Every item in the group counted once.
        public var costUSD: Double
        /// Cost per 1,000 views; nil without views.
        public var costPerThousandViews: Double?
    }

    /// Builds the stats from the journal's posted rows, their snapshots and each item's cost.
    /// `items` gives the labels; `zone` the posting hour; `now` the posts' ages for the flags.
    public init(posts records: [PostRecord], snapshots: [MetricSnapshot], items: [Item], costs: [String: Double],
                zone: TimeZone, now: Date, grouping: StatsGrouping) {
        let byItem = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var built: [PostStats] = []
        // The latest posted row per item and platform (a regenerated version replaces the older post).
        var latest: [String: PostRecord] = [:]
        for record in records where record.state == .posted { latest["\(record.week)|\(record.item)|\(record.platform)"] = record }
        for record in latest.values.sorted(by: { ($0.week, $0.item, $0.platform.rawValue) < ($1.week, $1.item, $1.platform.rawValue) }) {
            let reads = snapshots.filter { $0.week == record.week && $0.item == record.item && $0.platform == record.platform }
                .sorted { ($0.fetchedAt, $0.slot) < ($1.fetchedAt, $1.slot) }
            let last = reads.last
            let posted = ISO8601DateFormatter().date(from: record.updatedAt) ?? now
            let item = byItem[record.item]
            let postId = last.map(\.postId).flatMap { id in record.platform == .tiktok && !id.allSatisfy(\.isNumber) ? nil : id }
                ?? (record.platform == .tiktok ? record.remoteId.flatMap { $0.allSatisfy(\.isNumber) ? $0 : nil } : record.remoteId)
            let history = reads.map { PostStats.ViewsAt(at: $0.fetchedAt, views: PostFigures($0).views) }
            var stats = PostStats(
                week: record.week, item: record.item, kind: item?.kind.rawValue ?? "?", platform: record.platform, postId: postId,
                url: record.url, postedAt: record.updatedAt, hour: calendar.component(.hour, from: posted),
                series: item.map { $0.content.memorySeries ?? $0.kind.rawValue } ?? "?", template: item?.content.templateName,
                voice: item?.content.narrationVoice, figures: last.map(PostFigures.init) ?? PostFigures(), fetchedAt: last?.fetchedAt,
                reads: reads.count, history: history, visibility: last?.visibility ?? record.details[.privacy], reason: last?.reason,
                stuck: nil, itemCostUSD: costs[record.item] ?? 0)
            stats.stuck = StuckPost.check(platform: record.platform, visibility: stats.visibility, postId: postId,
                                          everViewed: history.contains { $0.views != nil }, reads: reads.count,
                                          age: now.timeIntervalSince(posted))
            built.append(stats)
        }
        posts = built
        self.grouping = grouping
        groups = Self.group(built, by: grouping)
        let ranked = built.filter { $0.figures.views != nil }.sorted { ($0.figures.views ?? 0) > ($1.figures.views ?? 0) }
        best = Array(ranked.prefix(3))
        worst = Array(ranked.reversed().prefix(3))
    }

    /// Several weeks' stats as one: their posts together, grouped again.
    public init(merging weeks: [WeekStats], grouping: StatsGrouping) {
        posts = weeks.flatMap(\.posts)
        self.grouping = grouping
        groups = Self.group(posts, by: grouping)
        let ranked = posts.filter { $0.figures.views != nil }.sorted { ($0.figures.views ?? 0) > ($1.figures.views ?? 0) }
        best = Array(ranked.prefix(3))
        worst = Array(ranked.reversed().prefix(3))
    }

    static func group(_ posts: [PostStats], by grouping: StatsGrouping) -> [Group] {
        let keys = Array(Set(posts.map { $0.label(grouping) })).sorted()
        return keys.map { key in
            let members = posts.filter { $0.label(grouping) == key }
            let figures = members.map(\.figures).reduce(PostFigures(), +)
            let viewed = members.filter { $0.figures.views != nil }
            let watched = members.compactMap(\.figures.watchSeconds)
            // Each item's cost once, however many platforms it went to.
            var costs: [String: Double] = [:]
            for post in members { costs["\(post.week)|\(post.item)"] = post.itemCostUSD }
            let cost = costs.values.reduce(0, +)
            let views = figures.views
            return Group(key: key, posts: members.count, withViews: viewed.count, figures: figures,
                         viewsPerPost: viewed.isEmpty ? nil : (views ?? 0) / Double(viewed.count), engagementRate: figures.engagementRate,
                         watchSeconds: watched.isEmpty ? nil : watched.reduce(0, +) / Double(watched.count), withWatch: watched.count,
                         costUSD: cost, costPerThousandViews: (views ?? 0) > 0 ? cost / (views ?? 1) * 1000 : nil)
        }
    }
}
