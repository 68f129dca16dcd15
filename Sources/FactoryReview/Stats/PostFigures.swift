import FactoryCore
import Foundation

/// One snapshot's figures under common names. Each platform names them its own way (TikTok
/// `view_count`, YouTube `viewCount`, Instagram `views`); a figure a platform does not give, or
/// did not give this time, stays nil and is never counted as 0.
public struct PostFigures: Sendable, Equatable, Codable {
    public var views: Double?
    public var likes: Double?
    public var comments: Double?
    public var shares: Double?
    public var saves: Double?
    /// Average watch time in seconds (Instagram's `ig_reels_avg_watch_time`, in ms).
    public var watchSeconds: Double?

    public init(views: Double? = nil, likes: Double? = nil, comments: Double? = nil, shares: Double? = nil,
                saves: Double? = nil, watchSeconds: Double? = nil) {
        self.views = views
        self.likes = likes
        self.comments = comments
        self.shares = shares
        self.saves = saves
        self.watchSeconds = watchSeconds
    }

    /// The platform's names for views, likes, comments, shares and saves (nil: not given there).
    static func names(_ platform: Platform) -> [String?] {
        switch platform {
        case .tiktok: ["view_count", "like_count", "comment_count", "share_count", nil]
        case .youtube: ["viewCount", "likeCount", "commentCount", nil, nil]
        case .instagram: ["views", "likes", "comments", "shares", "saved"]
        }
    }

    public init(_ snapshot: MetricSnapshot) {
        let figures = Self.names(snapshot.platform).map { name in name.flatMap { snapshot.values[$0] ?? nil } }
        self.init(views: figures[0], likes: figures[1], comments: figures[2], shares: figures[3], saves: figures[4])
        if snapshot.platform == .instagram, let ms = snapshot.values["ig_reels_avg_watch_time"] ?? nil { watchSeconds = ms / 1000 }
    }

    /// Likes, comments, shares and saves over views, from the figures given; nil without views.
    public var engagementRate: Double? {
        guard let views, views > 0 else { return nil }
        let given = [likes, comments, shares, saves].compactMap { $0 }
        guard !given.isEmpty else { return nil }
        return given.reduce(0, +) / views
    }

    /// The sum of two posts' figures: a figure stays nil only when neither gave it.
    static func + (a: PostFigures, b: PostFigures) -> PostFigures {
        func add(_ x: Double?, _ y: Double?) -> Double? { x == nil && y == nil ? nil : (x ?? 0) + (y ?? 0) }
        return PostFigures(views: add(a.views, b.views), likes: add(a.likes, b.likes), comments: add(a.comments, b.comments),
                           shares: add(a.shares, b.shares), saves: add(a.saves, b.saves), watchSeconds: nil)
    }
}
