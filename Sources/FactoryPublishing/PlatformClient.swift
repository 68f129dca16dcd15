import FactoryCore
import Foundation

/// One platform's posting API, step by step per its docs (docs/publishing.md). A client never
/// decides whether to post: the publisher does, from the journal. A client posts one bundle,
/// saving the platform's ids through `progress` *before* sending the bytes they name, and when
/// handed a saved post it asks the platform about those ids instead of starting again.
public protocol PlatformClient: Sendable {
    var platform: Platform { get }

    /// Posts `request`, or carries on with `saved` (from the journal, written by an earlier
    /// publish that may have been killed at any point). Returns where the post stands.
    /// Throws `PublishError`: `.credentials` stops this platform for the whole publish (exit 2);
    /// anything else leaves the journal as it is, so the next publish asks again.
    func post(_ request: PostRequest, saved: SavedPost?, progress: any PostProgress) async throws -> PostOutcome

    /// Checks the token (refreshing it when due) and its scopes without posting (`doctor`).
    func check() async -> PlatformCheck

    /// `factory auth`: the page the creator opens to grant the scopes, sending the browser back to
    /// `redirect` (a loopback URL) with `state`, and the PKCE S256 `challenge` where the platform takes one.
    func authorizationURL(redirect: URL, state: String, challenge: String) -> URL

    /// `factory auth`: trades the code the redirect brought for tokens (with the PKCE `verifier`
    /// where the platform takes one; Instagram: then for a long-lived token). The caller saves it.
    func exchange(code: String, redirect: URL, verifier: String) async throws -> OAuthToken
}

/// What is posted: one finished bundle on one platform.
public struct PostRequest: Sendable {
    public var item: String
    /// The bundle's `video.mp4`.
    public var video: URL
    public var videoBytes: Int64
    public var durationSeconds: Double
    /// YouTube's title (≤100 characters); TikTok and Instagram put everything in the caption.
    public var title: String
    /// The caption with its hashtags (TikTok `title`, Instagram `caption`, YouTube `description`).
    public var caption: String
    public var hashtags: [String]
    /// AI disclosure: YouTube `containsSyntheticMedia`, Instagram `is_ai_generated`, TikTok `is_aigc`.
    public var aiDisclosure: Bool
    public var tiktok: TikTokSettings
    public var youtube: YouTubeSettings
    public var instagram: InstagramSettings
    /// Where a cover frame sits, in milliseconds from the start (TikTok `video_cover_timestamp_ms`,
    /// Instagram `thumb_offset`).
    public var coverMilliseconds: Int

    public init(item: String, video: URL, videoBytes: Int64, durationSeconds: Double, title: String, caption: String,
                hashtags: [String], aiDisclosure: Bool = true, tiktok: TikTokSettings = .init(),
                youtube: YouTubeSettings = .init(), instagram: InstagramSettings = .init(), coverMilliseconds: Int = 1000) {
        self.item = item
        self.video = video
        self.videoBytes = videoBytes
        self.durationSeconds = durationSeconds
        self.title = title
        self.caption = caption
        self.hashtags = hashtags
        self.aiDisclosure = aiDisclosure
        self.tiktok = tiktok
        self.youtube = youtube
        self.instagram = instagram
        self.coverMilliseconds = coverMilliseconds
    }
}

/// What the journal holds of a post that was begun: the platform's id (TikTok `publish_id`,
/// YouTube's upload session URI then video id, Instagram's container id then media id), any
/// other value the client saved with it (TikTok's `upload_url`), and the last step it recorded.
public struct SavedPost: Sendable, Equatable {
    public var remoteId: String?
    public var details: PostDetails
    public var step: PostStep

    public init(remoteId: String?, details: PostDetails = [:], step: PostStep) {
        self.remoteId = remoteId
        self.details = details
        self.step = step
    }
}

/// How far a post got, as the journal records it.
public enum PostStep: String, Sendable, Codable, CaseIterable {
    /// Recorded before the first byte to the platform; no id yet.
    case intent
    /// The platform gave its id (saved before any video byte is sent).
    case started
    /// Every video byte was sent; the platform is processing.
    case uploaded
    /// Instagram: the container was finished and `media_publish` was sent.
    case publishing
}

/// Where the client writes its progress, durably, before the step it makes possible.
public protocol PostProgress: Sendable {
    /// Saves the platform's id (and details such as an upload URL) as `step`. Merges `details`
    /// into what was saved before.
    func save(remoteId: String?, details: PostDetails, step: PostStep) async throws
}

/// Where a post stands after `post`.
public enum PostOutcome: Sendable, Equatable {
    /// It is on the platform (or, for a TikTok inbox upload, in the creator's inbox). `url` links it when known.
    case posted(remoteId: String, url: String?)
    /// The platform is still processing; the next publish asks again. Never post again meanwhile.
    case processing(String)
    /// The platform refused or failed it (`FAILED` with its reason, `ERROR`, rejected). Nothing
    /// will land from it; the next publish starts a new post.
    case failed(reason: String)
    /// A rate limit or cap: nothing was sent that can land; the next publish tries again.
    case deferred(reason: String)
    /// This attempt can never land and the platform's fix is a new one (an Instagram container
    /// whose upload broke or that expired unpublished): the journal closes it with the reason and
    /// the publisher begins a new post at once.
    case abandoned(reason: String)
}

/// `doctor`'s finding for one platform.
public struct PlatformCheck: Sendable, Equatable {
    public var platform: Platform
    public var ok: Bool
    /// What was checked and found ("token valid until …, scopes video.upload,video.publish").
    public var detail: String
    /// How to fix it, when not ok.
    public var fix: String?

    /// A finding that does not stop posting (a scope only `factory stats` needs): a warning, not a problem.
    public var warnsOnly = false

    public init(platform: Platform, ok: Bool, detail: String, fix: String? = nil, warnsOnly: Bool = false) {
        self.platform = platform
        self.ok = ok
        self.detail = detail
        self.fix = fix
        self.warnsOnly = warnsOnly
    }
}
