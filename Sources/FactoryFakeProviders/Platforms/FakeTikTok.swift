import Foundation
import Hummingbird

/// The fake TikTok Content Posting API and its OAuth (open.tiktokapis.com and the authorize page of
/// www.tiktok.com, both under `/tiktok`), strict the way TikTok's docs describe: bearer tokens that
/// expire and refresh tokens that rotate, creator_info, direct and inbox init with the media
/// transfer guide's chunk rules, sequential chunk PUTs, status/fetch with processing and failures,
/// and the per-token rate limits. Each behaviour names the page it follows.
public actor FakeTikTok {
    /// `platforms.tiktok` in a scenario: every field optional there.
    public struct Config: Sendable, Codable, Equatable {
        /// The app's `client_key`/`client_secret` the token endpoint and the authorize page accept.
        public var clientKey = "fake-tiktok-client-key"
        public var clientSecret = "fake-tiktok-client-secret"
        /// Refresh and access tokens valid from the start (a test seeds the ones it hands the client).
        public var refreshTokens: [String] = []
        public var accessTokens: [String] = []
        /// The scopes the creator grants (and seeded tokens carry).
        public var scopes = ["user.info.basic", "video.upload", "video.publish", "video.list"]
        public var openId = "fake-open-id"
        /// Lifetimes: 2 h and 180 days per the page updated 2026-11-05
        /// (developers.tiktok.com/docs/zh-Hans/oauth-user-access-token-management).
        public var accessSeconds: Double = 7200
        public var refreshSeconds: Double = 15_552_000
        /// creator_info/query's answer (content-posting-api-reference-direct-post).
        public var privacyOptions = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]
        public var maxVideoPostDurationSec = 600
        public var creatorUsername = "fake.creator"
        /// How long a fully uploaded video stays in PROCESSING_UPLOAD before its final status.
        public var processingSeconds: Double = 1
        /// The next `failNext` uploads end FAILED with `failReason` (get-video-status page's example shape).
        public var failNext = 0
        public var failReason = "file_format_check_failed"
        /// Per access token per window (`rateWindowSeconds`, 60 in the docs): init 6, status 30, creator_info 20.
        public var initPerMinute = 6
        public var statusPerMinute = 30
        public var creatorInfoPerMinute = 20
        public var rateWindowSeconds: Double = 60
        /// Posts a creator may begin per 24 h before `spam_risk_too_many_posts` (~15: secondary sources only).
        public var postsPerDay = 15
        /// How long an upload_url takes chunks. TikTok does not document it (not found); an hour here.
        public var uploadURLSeconds: Double = 3600
        /// Fault: the first chunk PUT that would take the upload past this many bytes answers 503 (once); 0 = off.
        public var failUploadAtBytes = 0

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Config()
            clientKey = try c.decodeIfPresent(String.self, forKey: .clientKey) ?? d.clientKey
            clientSecret = try c.decodeIfPresent(String.self, forKey: .clientSecret) ?? d.clientSecret
            refreshTokens = try c.decodeIfPresent([String].self, forKey: .refreshTokens) ?? d.refreshTokens
            accessTokens = try c.decodeIfPresent([String].self, forKey: .accessTokens) ?? d.accessTokens
            scopes = try c.decodeIfPresent([String].self, forKey: .scopes) ?? d.scopes
            openId = try c.decodeIfPresent(String.self, forKey: .openId) ?? d.openId
            accessSeconds = try c.decodeIfPresent(Double.self, forKey: .accessSeconds) ?? d.accessSeconds
            refreshSeconds = try c.decodeIfPresent(Double.self, forKey: .refreshSeconds) ?? d.refreshSeconds
            privacyOptions = try c.decodeIfPresent([String].self, forKey: .privacyOptions) ?? d.privacyOptions
            maxVideoPostDurationSec = try c.decodeIfPresent(Int.self, forKey: .maxVideoPostDurationSec) ?? d.maxVideoPostDurationSec
            creatorUsername = try c.decodeIfPresent(String.self, forKey: .creatorUsername) ?? d.creatorUsername
            processingSeconds = try c.decodeIfPresent(Double.self, forKey: .processingSeconds) ?? d.processingSeconds
            failNext = try c.decodeIfPresent(Int.self, forKey: .failNext) ?? d.failNext
            failReason = try c.decodeIfPresent(String.self, forKey: .failReason) ?? d.failReason
            initPerMinute = try c.decodeIfPresent(Int.self, forKey: .initPerMinute) ?? d.initPerMinute
            statusPerMinute = try c.decodeIfPresent(Int.self, forKey: .statusPerMinute) ?? d.statusPerMinute
            creatorInfoPerMinute = try c.decodeIfPresent(Int.self, forKey: .creatorInfoPerMinute) ?? d.creatorInfoPerMinute
            rateWindowSeconds = try c.decodeIfPresent(Double.self, forKey: .rateWindowSeconds) ?? d.rateWindowSeconds
            postsPerDay = try c.decodeIfPresent(Int.self, forKey: .postsPerDay) ?? d.postsPerDay
            uploadURLSeconds = try c.decodeIfPresent(Double.self, forKey: .uploadURLSeconds) ?? d.uploadURLSeconds
            failUploadAtBytes = try c.decodeIfPresent(Int.self, forKey: .failUploadAtBytes) ?? d.failUploadAtBytes
        }
    }

    let config: Config
    var book: FakeOAuthBook
    var limits: FakeRateWindow
    var uploads: [FakeTikTokPost] = []
    var failsLeft: Int
    var uploadFaultUsed = false
    let link: FakeLink

    let metrics: FakeMetrics

    init(config: Config, link: FakeLink, metrics: FakeMetrics) {
        self.metrics = metrics
        self.config = config
        self.link = link
        book = FakeOAuthBook(accessSeconds: config.accessSeconds, refreshSeconds: config.refreshSeconds)
        limits = FakeRateWindow(seconds: config.rateWindowSeconds)
        failsLeft = config.failNext
        book.seed(access: config.accessTokens, refresh: config.refreshTokens, scopes: config.scopes, account: config.openId)
    }

    func respond(_ request: Request, path: String, origin: String) async throws -> Response {
        let call = try await FakePostingRequest.read(request, path: path, origin: origin, link: link,
                                                     upload: path.hasPrefix("/upload/"))
        guard call.complete || call.path == "/upload/video/" else {
            return Self.failure(400, "invalid_params", "the request body was cut short.")
        }
        switch (call.method, call.path) {
        case (.get, "/v2/auth/authorize/"): return authorize(call)
        case (.post, "/v2/oauth/token/"): return token(call)
        case (.post, "/v2/post/publish/creator_info/query/"): return creatorInfo(call)
        case (.post, "/v2/post/publish/video/init/"): return initialize(call, mode: "direct")
        case (.post, "/v2/post/publish/inbox/video/init/"): return initialize(call, mode: "inbox")
        case (.post, "/v2/post/publish/status/fetch/"): return status(call)
        case (.put, "/upload/video/"): return upload(call)
        case (.post, "/v2/video/query/"): return query(call)
        case (.post, "/v2/video/list/"): return list(call)
        default:
            return Self.failure(404, "invalid_params", "no such route: \(call.method) /tiktok\(call.path)")
        }
    }

    /// Every post begun, with its status now.
    func posts() -> [FakePlatformPost] {
        let now = Date()
        return uploads.map { $0.summary(at: now, processingSeconds: config.processingSeconds) }
    }

    func reset() {
        uploads = []
        book.reset()
        limits.reset()
        failsLeft = config.failNext
        uploadFaultUsed = false
        book.seed(access: config.accessTokens, refresh: config.refreshTokens, scopes: config.scopes, account: config.openId)
    }

    /// TikTok's error envelope `{data, error {code, message, log_id}}` (developers.tiktok.com/doc/tiktok-api-v2-error-handling).
    static func failure(_ status: Int, _ code: String, _ message: String) -> Response {
        FakePostingRequest.reply(status, json: ["data": [:], "error": ["code": .string(code), "message": .string(message),
                                                                     "log_id": .string(logId())]])
    }

    /// A success in the same envelope, `error.code` "ok".
    static func success(_ data: FakeJSON) -> Response {
        FakePostingRequest.reply(200, json: ["data": data, "error": ["code": "ok", "message": "", "log_id": .string(logId())]])
    }

    static func logId() -> String { FakePostingRequest.token("2026", length: 28).uppercased() }

    /// The access token's grant with `scope`, or TikTok's 401 (`access_token_invalid`, `scope_not_authorized`).
    func authorized(_ call: FakePostingRequest, scope: String...) -> Result<FakeOAuthBook.Grant, FakePostingRefusal> {
        guard let grant = book.grant(bearer: call.bearer) else {
            return .failure(.init(response: Self.failure(401, "access_token_invalid",
                                                         "The access token is invalid or not found in the request.")))
        }
        guard scope.contains(where: grant.scopes.contains) else {
            return .failure(.init(response: Self.failure(401, "scope_not_authorized",
                                                         "The user did not authorize the scope required for completing this request.")))
        }
        return .success(grant)
    }
}
