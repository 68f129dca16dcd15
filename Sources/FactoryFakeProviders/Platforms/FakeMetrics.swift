import Foundation
import Synchronization

/// `platforms.metrics` in a scenario: how the fake platforms' counts grow, and the limits their
/// metric endpoints keep. The platforms document the endpoints, not how fast a post is watched:
/// the curves are the fake's, set by a scenario (views = viewsPerHour × boost × hours^exponent,
/// the other counts as shares of views).
public struct FakeMetricsConfig: Sendable, Codable, Equatable {
    public struct Curve: Sendable, Codable, Equatable {
        public var viewsPerHour: Double
        public var exponent: Double
        public var likeRate: Double = 0.08
        public var commentRate: Double = 0.01
        public var shareRate: Double = 0.005
        public var saveRate: Double = 0.012
        /// Instagram's `ig_reels_avg_watch_time`, in milliseconds.
        public var watchMilliseconds: Double = 6400

        public init(viewsPerHour: Double, exponent: Double) {
            self.viewsPerHour = viewsPerHour
            self.exponent = exponent
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            viewsPerHour = try c.decodeIfPresent(Double.self, forKey: .viewsPerHour) ?? 100
            exponent = try c.decodeIfPresent(Double.self, forKey: .exponent) ?? 0.8
            likeRate = try c.decodeIfPresent(Double.self, forKey: .likeRate) ?? 0.08
            commentRate = try c.decodeIfPresent(Double.self, forKey: .commentRate) ?? 0.01
            shareRate = try c.decodeIfPresent(Double.self, forKey: .shareRate) ?? 0.005
            saveRate = try c.decodeIfPresent(Double.self, forKey: .saveRate) ?? 0.012
            watchMilliseconds = try c.decodeIfPresent(Double.self, forKey: .watchMilliseconds) ?? 6400
        }
    }

    public var tiktok = Curve(viewsPerHour: 140, exponent: 0.8)
    public var youtube = Curve(viewsPerHour: 60, exponent: 0.75)
    public var instagram = Curve(viewsPerHour: 90, exponent: 0.7)
    /// A multiplier for posts whose title or caption contains the key (a hit, a flop).
    public var boost: [String: Double] = [:]
    /// status/fetch never gives TikTok's `publicaly_available_post_id` (often empty in practice:
    /// the id must then be found through video/list).
    public var tiktokIdsWithheld = false
    /// TikTok video/query and video/list: 600 per minute each (tiktok-api-v2-rate-limit).
    public var tiktokQueryPerMinute = 600
    /// YouTube videos.list calls asking for statistics per day, 1 unit each (default quota 10,000).
    public var youtubeUnitsPerDay = 10_000
    /// Hours before Instagram has insights for a reel ("up to 48 hours", insights page); an empty data set until then.
    public var instagramDelayHours: Double = 24
    /// Insights calls that take the `X-Business-Use-Case-Usage` call_count to 100 %.
    public var instagramCallBudget = 400

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = FakeMetricsConfig()
        tiktok = try c.decodeIfPresent(Curve.self, forKey: .tiktok) ?? d.tiktok
        youtube = try c.decodeIfPresent(Curve.self, forKey: .youtube) ?? d.youtube
        instagram = try c.decodeIfPresent(Curve.self, forKey: .instagram) ?? d.instagram
        boost = try c.decodeIfPresent([String: Double].self, forKey: .boost) ?? d.boost
        tiktokIdsWithheld = try c.decodeIfPresent(Bool.self, forKey: .tiktokIdsWithheld) ?? d.tiktokIdsWithheld
        tiktokQueryPerMinute = try c.decodeIfPresent(Int.self, forKey: .tiktokQueryPerMinute) ?? d.tiktokQueryPerMinute
        youtubeUnitsPerDay = try c.decodeIfPresent(Int.self, forKey: .youtubeUnitsPerDay) ?? d.youtubeUnitsPerDay
        instagramDelayHours = try c.decodeIfPresent(Double.self, forKey: .instagramDelayHours) ?? d.instagramDelayHours
        instagramCallBudget = try c.decodeIfPresent(Int.self, forKey: .instagramCallBudget) ?? d.instagramCallBudget
    }
}

/// The fake platforms' metric clock and counters, shared by the three. The clock runs ahead of
/// the machine's by what a test moved it (`FakeProviderServer.advancePlatformClock`), so a test
/// reads a post's figures "two days later" without waiting two days.
final class FakeMetrics: Sendable {
    let config: FakeMetricsConfig
    private let state = Mutex<(offset: TimeInterval, youtubeUnits: Int, instagramCalls: Int)>((0, 0, 0))

    init(config: FakeMetricsConfig) { self.config = config }

    var now: Date { Date().addingTimeInterval(state.withLock { $0.offset }) }

    func advance(by seconds: TimeInterval) { state.withLock { $0.offset += seconds } }

    /// The counts of a post that went live at `since`, titled `title`, as read now.
    func counts(_ curve: FakeMetricsConfig.Curve, since: Date, title: String) -> (views: Int64, likes: Int64, comments: Int64,
                                                                                  shares: Int64, saves: Int64) {
        let hours = max(0, now.timeIntervalSince(since) / 3600)
        let boost = config.boost.filter { title.localizedCaseInsensitiveContains($0.key) }.map(\.value).reduce(1, *)
        let views = (curve.viewsPerHour * boost * pow(hours, curve.exponent)).rounded(.down)
        func share(_ rate: Double) -> Int64 { Int64((views * rate).rounded(.down)) }
        return (Int64(views), share(curve.likeRate), share(curve.commentRate), share(curve.shareRate), share(curve.saveRate))
    }

    /// Takes one YouTube statistics unit; false once the day's are spent.
    func takeYouTubeUnit() -> Bool {
        state.withLock { state in
            guard state.youtubeUnits < config.youtubeUnitsPerDay else { return false }
            state.youtubeUnits += 1
            return true
        }
    }

    /// Counts one insights call; returns the usage percentage after it (past 100 once over budget).
    func takeInstagramCall() -> Int {
        state.withLock { state in
            state.instagramCalls += 1
            return state.instagramCalls * 100 / max(1, config.instagramCallBudget)
        }
    }

    func reset() { state.withLock { $0 = (0, 0, 0) } }
}
