import FactoryCore
import Foundation

/// One posted post whose figures are due.
public struct MetricTarget: Sendable {
    public var record: PostRecord
    /// When it was posted (the journal's `updatedAt` of the posted row).
    public var postedAt: Date
    /// The caption it went out with, to find a TikTok post whose id never came back.
    public var caption: String

    public init(record: PostRecord, postedAt: Date, caption: String) {
        self.record = record
        self.postedAt = postedAt
        self.caption = caption
    }
}

/// What the platform said of one post. `values` holds the platform's own metric names; a figure
/// it did not give is nil and `reason` says why (never 0).
public struct MetricReading: Sendable, Equatable {
    /// The id the figures are for (TikTok: the video id, found late or never).
    public var postId: String
    public var values: [String: Double?]
    public var visibility: String?
    public var reason: String?

    public init(postId: String, values: [String: Double?], visibility: String? = nil, reason: String? = nil) {
        self.postId = postId
        self.values = values
        self.visibility = visibility
        self.reason = reason
    }
}

/// One platform's answer for a batch of posts: a reading per journal row read, and, when a rate
/// limit or quota stopped it, why (the rest wait for the next poll).
public struct MetricBatch: Sendable {
    public var readings: [Int64: MetricReading] = [:]
    public var deferred: String?

    public init(readings: [Int64: MetricReading] = [:], deferred: String? = nil) {
        self.readings = readings
        self.deferred = deferred
    }
}

/// A platform client that reads its posts' figures.
public protocol MetricReader: Sendable {
    var platform: Platform { get }
    /// Reads the targets' figures in as few calls as the platform allows. A limit ends the batch
    /// with `deferred` set; what was read before it is kept.
    func readMetrics(_ targets: [MetricTarget]) async throws -> MetricBatch
    /// The scopes the token would need for every metric, and those it lacks.
    func metricScopes(_ granted: [String]) -> (needed: [String], missing: [String])
}

extension MetricReader {
    public func metricScopes(_ granted: [String]) -> (needed: [String], missing: [String]) {
        let needed = MetricScopes.needed(platform)
        return (needed, needed.filter { !granted.contains($0) })
    }
}

/// The scopes the metrics need, per the platforms' pages (docs/analytics.md).
public enum MetricScopes {
    public static func needed(_ platform: Platform) -> [String] {
        switch platform {
        // developers.tiktok.com/doc/tiktok-api-v2-video-query: "video.list".
        case .tiktok: ["video.list"]
        // developers.google.com/youtube/v3/docs/videos/list (statistics of one's own videos);
        // the Analytics API's yt-analytics.readonly is optional (engaged views, watch time).
        case .youtube: ["https://www.googleapis.com/auth/youtube.readonly"]
        // developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights.
        case .instagram: ["instagram_business_basic", "instagram_business_manage_insights"]
        }
    }
}

extension MetricScopes {
    /// What `doctor` says of a token's figures: which it can read, or what to run for the rest.
    public static func finding(_ platform: Platform, granted: [String]?) -> (ok: Bool, text: String) {
        let needed = needed(platform)
        guard let granted, !granted.isEmpty else {
            return (true, "figures: the token's scopes are not known (seeded from the environment); `factory stats --poll` will say if one is missing")
        }
        let short = { (scope: String) in scope.split(separator: "/").last.map(String.init) ?? scope }
        let missing = needed.filter { scope in !granted.contains(scope) && !granted.map(short).contains(short(scope)) }
        if missing.isEmpty { return (true, "figures: the token can read \(platform == .instagram ? "views, reach, likes, comments, shares, saves and watch time" : platform == .youtube ? "views, likes and comments" : "views, likes, comments and shares")") }
        return (false, "figures: the token lacks \(missing.map(short).joined(separator: ", ")); run `factory auth \(platform)` to grant it")
    }
}
