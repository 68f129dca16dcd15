import FactoryCore
import Foundation

/// One post's figures for `factory stats`: its latest snapshot, the views it had at each read,
/// the labels it is grouped by, and a flag when it is stuck.
public struct PostStats: Sendable, Codable, Equatable {
    public var week: String
    public var item: String
    public var kind: String
    public var platform: Platform
    public var postId: String?
    public var url: String?
    /// When it was posted (ISO 8601, UTC) and the hour of that moment in the manifest's zone.
    public var postedAt: String
    public var hour: Int
    public var series: String
    public var template: String?
    public var voice: String?
    /// Figures from the latest read; nil fields were not given.
    public var figures: PostFigures
    public var fetchedAt: String?
    /// Reads so far.
    public var reads: Int
    /// Views at each read, oldest first (nil where the platform gave none).
    public var history: [ViewsAt]
    public var visibility: String?
    /// Why figures are missing, from the latest read.
    public var reason: String?
    public var stuck: StuckPost?
    /// What the item cost, from the ledger (every platform's post of an item shares it).
    public var itemCostUSD: Double

    public struct ViewsAt: Sendable, Codable, Equatable {
        public var at: String
        public var views: Double?
    }

    /// The label `--by` groups on.
    public func label(_ grouping: StatsGrouping) -> String {
        switch grouping {
        case .item: item
        case .series: series
        case .kind: kind
        case .template: template ?? "(no template)"
        case .voice: voice ?? "(not narrated)"
        case .hour: String(format: "%02d:00", hour)
        case .platform: platform.rawValue
        }
    }
}

/// What `factory stats --by` groups posts by.
public enum StatsGrouping: String, Sendable, CaseIterable, Codable {
    case item, series, kind, template, voice, hour, platform
}

/// A post that is not reaching anyone, its likely cause from what the journal and the reads hold,
/// and what to do.
public struct StuckPost: Sendable, Codable, Equatable {
    public var cause: String
    public var fix: String

    /// The flag for a post, or nil when nothing says it is stuck. `age` is seconds since posting.
    public static func check(platform: Platform, visibility: String?, postId: String?, everViewed: Bool, reads: Int,
                             age: TimeInterval) -> StuckPost? {
        if platform == .tiktok, visibility == "SELF_ONLY" {
            return StuckPost(cause: "posted SELF_ONLY: only the creator can see it (an unaudited TikTok app may post nothing else)",
                             fix: "have the TikTok app audited for public posting, then set publish.tiktok.privacy: PUBLIC_TO_EVERYONE")
        }
        if platform == .youtube, visibility == "private" {
            return StuckPost(cause: "YouTube has it private",
                             fix: "make it public in YouTube Studio, or set publish.youtube.privacy: public for the next ones")
        }
        if platform == .tiktok, postId == nil, age > 6 * 3600, reads > 0 {
            return StuckPost(cause: "TikTok never gave its video id and it is not among the creator's public videos",
                             fix: "open the post in the TikTok app: it may be private, under review or removed")
        }
        if platform == .instagram, !everViewed, age > 48 * 3600, reads > 0 {
            return StuckPost(cause: "no Instagram figures 48 h after posting",
                             fix: "check that the reel still exists and the account is still a professional one")
        }
        return nil
    }
}
