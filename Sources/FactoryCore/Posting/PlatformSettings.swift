import Foundation

/// `publish.tiktok`: an inbox draft the creator finishes in the app, or a direct post.
public struct TikTokSettings: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable, Codable { case inbox, direct }
    /// TikTok's privacy levels (Content Posting API, direct post reference); sent only when the
    /// creator's `privacy_level_options` offer it.
    public enum Privacy: String, Sendable, CaseIterable, Codable {
        case everyone = "PUBLIC_TO_EVERYONE"
        case friends = "MUTUAL_FOLLOW_FRIENDS"
        case followers = "FOLLOWER_OF_CREATOR"
        case onlyMe = "SELF_ONLY"
    }

    public var mode: Mode = .inbox
    /// Direct posts only; `SELF_ONLY` is what an unaudited app may post.
    public var privacy: Privacy = .onlyMe
    public var disableComment = false
    public var disableDuet = false
    public var disableStitch = false

    public init(mode: Mode = .inbox, privacy: Privacy = .onlyMe, disableComment: Bool = false,
                disableDuet: Bool = false, disableStitch: Bool = false) {
        self.mode = mode
        self.privacy = privacy
        self.disableComment = disableComment
        self.disableDuet = disableDuet
        self.disableStitch = disableStitch
    }
}

/// `publish.youtube`: the upload's privacy, an optional scheduled premiere, and the audience.
public struct YouTubeSettings: Sendable, Equatable {
    public enum Privacy: String, Sendable, CaseIterable, Codable { case `private`, unlisted, `public` }

    public var privacy: Privacy = .private
    /// `status.publishAt`: YouTube makes a private upload public at this moment.
    public var publishAt: Date? = nil
    /// `status.selfDeclaredMadeForKids`; nil when the manifest leaves it unsaid (bedtime stories must say).
    public var madeForKids: Bool? = nil
    /// `snippet.categoryId` (22 People & Blogs; 26 Howto & Style for recipes).
    public var categoryId: String = "22"

    public init(privacy: Privacy = .private, publishAt: Date? = nil, madeForKids: Bool? = nil, categoryId: String = "22") {
        self.privacy = privacy
        self.publishAt = publishAt
        self.madeForKids = madeForKids
        self.categoryId = categoryId
    }
}

/// `publish.instagram`: Reels shared to the feed or not, and the user's own public host if they
/// would rather Meta fetch the file than receive it through the resumable upload.
public struct InstagramSettings: Sendable, Equatable {
    public var shareToFeed = true
    /// `public_base_url`: bundles are reachable under this URL (`<base>/<item>/video.mp4`), so the
    /// container is made with `video_url` instead of the resumable upload.
    public var publicBaseURL: URL? = nil

    public init(shareToFeed: Bool = true, publicBaseURL: URL? = nil) {
        self.shareToFeed = shareToFeed
        self.publicBaseURL = publicBaseURL
    }
}
