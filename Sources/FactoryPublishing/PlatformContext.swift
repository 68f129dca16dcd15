import FactoryCore
import Foundation

/// What a platform client is built with: where the platform is, the app's credentials, the
/// tokens, the clock (`publish --at` and the tests move it), and how long to wait for processing.
public struct PlatformContext: Sendable {
    /// The API host: `TIKTOK_BASE_URL` (https://open.tiktokapis.com), `YOUTUBE_BASE_URL`
    /// (https://www.googleapis.com, uploads and the Data API), `INSTAGRAM_BASE_URL` (https://graph.instagram.com).
    public var baseURL: URL
    /// Google's token host (`GOOGLE_OAUTH_BASE_URL`, https://oauth2.googleapis.com) or Instagram's
    /// upload host (`INSTAGRAM_UPLOAD_BASE_URL`, https://rupload.facebook.com); nil for TikTok.
    public var secondURL: URL?
    /// Where the creator grants access (`factory auth`): `TIKTOK_AUTH_BASE_URL` (https://www.tiktok.com),
    /// `GOOGLE_AUTH_BASE_URL` (https://accounts.google.com), `INSTAGRAM_AUTH_BASE_URL` (https://api.instagram.com: the authorize page and the code exchange).
    public var authorizeURL: URL?
    public var app: AppCredentials?
    public var tokens: TokenKeeper
    public var clock: WallClock
    /// How long one publish waits for the platform to finish processing before it leaves the post
    /// as `.processing` for the next publish, and how often it asks meanwhile.
    public var processingWait: Duration
    public var pollEvery: Duration

    public init(baseURL: URL, secondURL: URL? = nil, authorizeURL: URL? = nil, app: AppCredentials?, tokens: TokenKeeper, clock: WallClock,
                processingWait: Duration = .seconds(120), pollEvery: Duration = .seconds(3)) {
        self.baseURL = baseURL
        self.secondURL = secondURL
        self.authorizeURL = authorizeURL
        self.app = app
        self.tokens = tokens
        self.clock = clock
        self.processingWait = processingWait
        self.pollEvery = pollEvery
    }
}
