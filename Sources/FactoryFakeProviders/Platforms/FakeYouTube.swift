import Foundation
import Hummingbird

/// The fake YouTube Data API v3 (`/youtube`: www.googleapis.com, the resumable upload and the Data
/// API) and Google's OAuth (`/google-oauth`: oauth2.googleapis.com's `/token`, and the consent page
/// of accounts.google.com at `/o/oauth2/v2/auth`), strict the way Google's pages describe them:
/// resumable sessions with `X-Upload-Content-Length`, chunks in multiples of 256 KiB, the `bytes */TOTAL`
/// query answered by 308 and `Range`, uploadStatus/processingDetails progressing, the daily
/// `videos.insert` quota, and Google's error envelope. Each behaviour names the page it follows.
public actor FakeYouTube {
    /// `platforms.youtube` in a scenario: every field optional there.
    public struct Config: Sendable, Codable, Equatable {
        public var clientId = "fake-google-client-id.apps.googleusercontent.com"
        public var clientSecret = "fake-google-client-secret"
        /// Refresh and access tokens valid from the start (a test seeds the ones it hands the client).
        public var refreshTokens: [String] = []
        public var accessTokens: [String] = []
        /// The scopes the user grants (and seeded tokens carry).
        public var scopes = ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"]
        public var channelId = "UCfakeChannel0000000000a"
        /// Google's access tokens last 3599 s (`expires_in` of the token endpoint). Refresh tokens do
        /// not expire by design (7 days for apps left in Testing: secondary sources); 180 days here.
        public var accessSeconds: Double = 3599
        public var refreshSeconds: Double = 15_552_000
        /// How long a complete upload stays `uploaded`/`processing` before `processed`/`succeeded`.
        public var processingSeconds: Double = 1
        /// The next `failNext` uploads end `failed` with `failureReason` = `failReason`
        /// (conversion|invalidFile|emptyFile|tooSmall|codec|uploadAborted: the discovery document).
        public var failNext = 0
        public var failReason = "invalidFile"
        /// `videos.insert` calls per day (midnight Pacific) before 403 quotaExceeded: 100 since 2026-06-01
        /// (developers.google.com/youtube/data/determine_quota_cost).
        public var insertsPerDay = 100
        /// The channel's 24-hour upload cap before 400 uploadLimitExceeded (secondary: YouTube's notice
        /// quoted in gitlab.gnome.org/GNOME/shotwell/-/issues/5019); 0 = no cap.
        public var channelUploadsPerDay = 0
        /// How long an upload session URI lives (a week for Google's resumable sessions: secondary).
        public var sessionSeconds: Double = 604_800
        /// Fault: the first PUT that would take an upload past this many bytes keeps the bytes up to
        /// it (rounded down to 256 KiB) and answers 503, once; 0 = off.
        public var failUploadAtBytes = 0

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Config()
            clientId = try c.decodeIfPresent(String.self, forKey: .clientId) ?? d.clientId
            clientSecret = try c.decodeIfPresent(String.self, forKey: .clientSecret) ?? d.clientSecret
            refreshTokens = try c.decodeIfPresent([String].self, forKey: .refreshTokens) ?? d.refreshTokens
            accessTokens = try c.decodeIfPresent([String].self, forKey: .accessTokens) ?? d.accessTokens
            scopes = try c.decodeIfPresent([String].self, forKey: .scopes) ?? d.scopes
            channelId = try c.decodeIfPresent(String.self, forKey: .channelId) ?? d.channelId
            accessSeconds = try c.decodeIfPresent(Double.self, forKey: .accessSeconds) ?? d.accessSeconds
            refreshSeconds = try c.decodeIfPresent(Double.self, forKey: .refreshSeconds) ?? d.refreshSeconds
            processingSeconds = try c.decodeIfPresent(Double.self, forKey: .processingSeconds) ?? d.processingSeconds
            failNext = try c.decodeIfPresent(Int.self, forKey: .failNext) ?? d.failNext
            failReason = try c.decodeIfPresent(String.self, forKey: .failReason) ?? d.failReason
            insertsPerDay = try c.decodeIfPresent(Int.self, forKey: .insertsPerDay) ?? d.insertsPerDay
            channelUploadsPerDay = try c.decodeIfPresent(Int.self, forKey: .channelUploadsPerDay) ?? d.channelUploadsPerDay
            sessionSeconds = try c.decodeIfPresent(Double.self, forKey: .sessionSeconds) ?? d.sessionSeconds
            failUploadAtBytes = try c.decodeIfPresent(Int.self, forKey: .failUploadAtBytes) ?? d.failUploadAtBytes
        }
    }

    static let uploadScopes = ["youtube.upload", "youtube", "youtube.force-ssl", "youtubepartner"]
    static let readScopes = ["youtube.readonly", "youtube", "youtube.force-ssl", "youtubepartner"]

    let config: Config
    var book: FakeOAuthBook
    var videos: [FakeYouTubeVideo] = []
    /// `videos.insert` calls per Pacific day.
    var inserts: [String: Int] = [:]
    var failsLeft: Int
    var uploadFaultUsed = false
    let link: FakeLink

    let metrics: FakeMetrics

    init(config: Config, link: FakeLink, metrics: FakeMetrics) {
        self.metrics = metrics
        self.config = config
        self.link = link
        book = FakeOAuthBook(accessSeconds: config.accessSeconds, refreshSeconds: config.refreshSeconds)
        failsLeft = config.failNext
        book.seed(access: config.accessTokens, refresh: config.refreshTokens, scopes: config.scopes, account: config.channelId)
    }

    func respond(_ request: Request, host: String, path: String, origin: String) async throws -> Response {
        let uploading = host == "youtube" && path.hasPrefix("/upload/") && request.method == .put
        let call = try await FakePostingRequest.read(request, path: path, origin: origin, link: link, upload: uploading)
        guard call.complete || uploading else {
            return Self.failure(400, reason: "badRequest", domain: "global", "The request body was cut short.")
        }
        switch (host, call.method, call.path) {
        case ("google-oauth", .get, "/o/oauth2/v2/auth"): return authorize(call)
        case ("google-oauth", .post, "/token"): return token(call)
        case ("youtube", .post, "/upload/youtube/v3/videos"): return insert(call)
        case ("youtube", .put, "/upload/youtube/v3/videos"): return upload(call)
        case ("youtube", .get, "/youtube/v3/videos"): return list(call)
        case ("youtube", .get, "/youtube/v3/channels"): return channels(call)
        case ("youtube", .get, "/youtube/v3/playlistItems"): return playlistItems(call)
        default:
            return Self.failure(404, reason: "notFound", domain: "global", "no such route: \(call.method) /\(host)\(call.path)")
        }
    }

    /// Every upload begun (a session without its bytes is listed, not landed), with its status now.
    func posts() -> [FakePlatformPost] {
        let now = Date()
        return videos.map { $0.summary(at: now, processingSeconds: config.processingSeconds) }
    }

    func reset() {
        videos = []
        inserts = [:]
        book.reset()
        failsLeft = config.failNext
        uploadFaultUsed = false
        book.seed(access: config.accessTokens, refresh: config.refreshTokens, scopes: config.scopes, account: config.channelId)
    }

    /// Google's JSON error envelope `{error {code, message, errors [{message, domain, reason}], status}}`
    /// (developers.google.com/youtube/v3/docs/errors).
    static func failure(_ code: Int, reason: String, domain: String, _ message: String) -> Response {
        let status: String = switch code {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        default: "UNAVAILABLE"
        }
        return FakePostingRequest.reply(code, json: ["error": [
            "code": .int(Int64(code)), "message": .string(message), "status": .string(status),
            "errors": [["message": .string(message), "domain": .string(domain), "reason": .string(reason)]],
        ]])
    }

    /// The bearer's grant with one of `scopes` (short names), or Google's 401 authError / 403 insufficientPermissions.
    func authorized(_ call: FakePostingRequest, scopes: [String]) -> Result<FakeOAuthBook.Grant, FakePostingRefusal> {
        guard let grant = book.grant(bearer: call.bearer) else {
            return .failure(.init(response: Self.failure(401, reason: "authError", domain: "global",
                                                         "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.")))
        }
        let short = grant.scopes.map { $0.replacingOccurrences(of: "https://www.googleapis.com/auth/", with: "") }
        guard scopes.contains(where: short.contains) else {
            return .failure(.init(response: Self.failure(403, reason: "insufficientPermissions", domain: "global",
                                                         "Request had insufficient authentication scopes.")))
        }
        return .success(grant)
    }
}
