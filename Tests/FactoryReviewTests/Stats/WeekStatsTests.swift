import FactoryCore
import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

@Suite("Week stats")
struct WeekStatsTests {
    static let posted = "2026-11-23T23:00:00Z"
    static let now = ISO8601DateFormatter().date(from: "2026-11-26T23:30:00Z")!

    static func items() throws -> [Item] {
        let folder = try TemporaryFolder("stats")
        let path = try folder.write("""
            version: 1
            week: 2026-W48
            timezone: America/New_York
            items:
              - { id: mon, kind: poster, day: monday, series: monday-motivation }
              - { id: wed, kind: poster, day: wednesday, series: wednesday-wisdom }
              - { id: fri, kind: recipe-video, day: friday, template: snap-reveal, prompt: "tomato soup" }

            """, to: "week.yaml")
        return try ManifestLoader.load(path: path, kinds: StandardKinds.registry).items
    }

    static func post(_ id: Int64, _ item: String, _ platform: Platform, remote: String?, details: PostDetails = [:]) -> PostRecord {
        PostRecord(id: id, week: "2026-W48", item: item, platform: platform, version: "v", attempt: 1, state: .posted, remoteId: remote,
                   details: details, runId: "p", createdAt: posted, updatedAt: posted)
    }

    static func snap(_ item: String, _ platform: Platform, _ id: String, at: String, _ values: [String: Double?],
                     visibility: String? = nil, reason: String? = nil) -> MetricSnapshot {
        MetricSnapshot(week: "2026-W48", item: item, platform: platform, postId: id, slot: at, fetchedAt: at, values: values,
                       visibility: visibility, reason: reason)
    }

    @Test("cost per 1,000 views is the ledger's cost over the views; an item's cost counts once across its platforms; missing stays nil")
    func costPerThousand() throws {
        let posts = [Self.post(1, "mon", .tiktok, remote: "7000000000000000001"), Self.post(2, "mon", .instagram, remote: "1790001"),
                     Self.post(3, "wed", .youtube, remote: "yt-wed"), Self.post(4, "fri", .instagram, remote: "1790002")]
        let snapshots = [
            Self.snap("mon", .tiktok, "7000000000000000001", at: "2026-11-24T00:00:00Z", ["view_count": 400, "like_count": 40]),
            Self.snap("mon", .tiktok, "7000000000000000001", at: "2026-11-25T23:00:00Z", ["view_count": 1500, "like_count": 120, "share_count": nil]),
            Self.snap("mon", .instagram, "1790001", at: "2026-11-25T23:00:00Z",
                      ["views": 500, "likes": 50, "saved": 10, "ig_reels_avg_watch_time": 7200]),
            Self.snap("wed", .youtube, "yt-wed", at: "2026-11-25T23:00:00Z", ["viewCount": 250, "likeCount": nil]),
            Self.snap("fri", .instagram, "1790002", at: "2026-11-24T05:00:00Z", ["views": nil], reason: "no figures yet"),
        ]
        let stats = WeekStats(posts: posts, snapshots: snapshots, items: try Self.items(), costs: ["mon": 0.40, "wed": 0.10, "fri": 0.90],
                              zone: TimeZone(identifier: "America/New_York")!, now: Self.now, grouping: .series)
        let mon = try #require(stats.groups.first { $0.key == "monday-motivation" })
        #expect(mon.figures.views == 2000 && mon.posts == 2 && mon.withViews == 2)
        #expect(abs((mon.costPerThousandViews ?? 0) - 0.40 / 2000 * 1000) < 1e-12)   // $0.40 once, not twice
        #expect(mon.figures.shares == nil)       // neither platform gave shares: nil, not 0
        #expect(mon.figures.saves == 10)
        #expect(mon.watchSeconds == 7.2 && mon.withWatch == 1)
        let fri = try #require(stats.groups.first { $0.key == "recipe-video" })
        #expect(fri.figures.views == nil && fri.viewsPerPost == nil && fri.costPerThousandViews == nil && fri.withViews == 0)
        let tiktok = try #require(stats.posts.first { $0.platform == .tiktok })
        #expect(tiktok.history.map(\.views) == [400, 1500] && tiktok.reads == 2 && tiktok.hour == 18)
        #expect(stats.best.first?.item == "mon" && stats.best.first?.platform == .tiktok)
        #expect(stats.worst.first?.item == "wed")
        // By template: the recipe carries its template; posters have none.
        let byTemplate = WeekStats.group(stats.posts, by: .template).map(\.key)
        #expect(byTemplate == ["(no template)", "snap-reveal"])
        // Text shows a missing figure as —, and every average with its sample.
        let text = StatsText.text(stats, title: "t")
        #expect(text.contains("— (0)") && text.contains("1000 (2)"))
        let csv = StatsText.csv(stats)
        #expect(csv.split(separator: "\n").count == 5 && !csv.contains(",0,,") )
    }

    @Test("stuck posts: SELF_ONLY, private, a TikTok id never found, no Instagram figures after 48 h; each names a fix")
    func stuck() throws {
        let posts = [Self.post(1, "mon", .tiktok, remote: "v_pub_file~1", details: [.privacy: "SELF_ONLY"]),
                     Self.post(2, "mon", .youtube, remote: "yt-mon", details: [.privacy: "private"]),
                     Self.post(3, "wed", .tiktok, remote: "v_pub_file~2", details: [.privacy: "PUBLIC_TO_EVERYONE"]),
                     Self.post(4, "wed", .instagram, remote: "1790003")]
        let snapshots = [Self.snap("wed", .tiktok, "v_pub_file~2", at: "2026-11-24T06:00:00Z", ["view_count": nil], reason: "not found"),
                         Self.snap("wed", .instagram, "1790003", at: "2026-11-26T23:00:00Z", ["views": nil], reason: "no figures yet")]
        let stats = WeekStats(posts: posts, snapshots: snapshots, items: try Self.items(), costs: [:],
                              zone: TimeZone(identifier: "UTC")!, now: Self.now, grouping: .item)
        let flags = Dictionary(uniqueKeysWithValues: stats.posts.map { ("\($0.item) \($0.platform)", $0.stuck?.cause ?? "") })
        #expect(flags["mon tiktok"]?.contains("SELF_ONLY") == true)
        #expect(flags["mon youtube"] == "YouTube has it private")
        #expect(flags["wed tiktok"]?.contains("never gave its video id") == true)
        #expect(flags["wed instagram"] == "no Instagram figures 48 h after posting")
        #expect(stats.posts.allSatisfy { $0.stuck?.fix.isEmpty == false })
        // Young posts are not flagged yet.
        let young = WeekStats(posts: Array(posts.suffix(2)), snapshots: snapshots, items: try Self.items(), costs: [:],
                              zone: TimeZone(identifier: "UTC")!, now: ISO8601DateFormatter().date(from: "2026-11-24T02:00:00Z")!, grouping: .item)
        #expect(young.posts.allSatisfy { $0.stuck == nil })
    }

    @Test("suggest: a clear winner only when the intervals part; under 3 posts it says too few to tell")
    func suggest() {
        func post(_ series: String, _ views: Double, hour: Int = 18) -> PostStats {
            PostStats(week: "2026-W48", item: "\(series)-\(views)", kind: "poster", platform: .tiktok, postId: "1", url: nil,
                      postedAt: Self.posted, hour: hour, series: series, template: nil, voice: nil, figures: PostFigures(views: views),
                      fetchedAt: Self.posted, reads: 1, history: [], visibility: nil, reason: nil, stuck: nil, itemCostUSD: 0)
        }
        let clear = [post("a", 1000), post("a", 1100), post("a", 1050), post("b", 100), post("b", 120), post("b", 90)]
        let series = StatsSuggest.findings(clear).first { $0.dimension == "series" }
        #expect(series?.best == "a" && series?.options.first?.posts == 3 && series?.options.first?.low != nil)
        let few = StatsSuggest.findings([post("a", 1000), post("a", 900), post("b", 10)]).first { $0.dimension == "series" }
        #expect(few?.best == nil && few?.verdict.contains("too few posts to tell") == true)
        let overlap = StatsSuggest.findings([post("a", 100), post("a", 900), post("a", 500), post("b", 400), post("b", 450), post("b", 420)])
            .first { $0.dimension == "series" }
        #expect(overlap?.best == nil && overlap?.verdict.contains("no clear winner") == true)
        #expect(StatsSuggest.text(StatsSuggest.findings(clear), weeks: ["2026-W47", "2026-W48"]).contains("advice only"))
    }

    @Test("charts are SVG drawn here: a sparkline leaves out reads without views, labels are escaped")
    func charts() {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let svg = StatsCharts.sparkline([("<b>TikTok</b>", [(at, 10), (at.addingTimeInterval(3600), 40)])])
        #expect(svg.hasPrefix("<svg") && svg.contains("polyline") && svg.contains("&lt;b&gt;") && !svg.contains("<b>"))
        #expect(StatsCharts.sparkline([]).contains("no figures yet"))
        let bars = StatsCharts.bars("Views by hour", [("18:00", 120), ("19:00", nil)], unit: "")
        #expect(bars.contains("<rect") && bars.contains("—"))
    }
}
