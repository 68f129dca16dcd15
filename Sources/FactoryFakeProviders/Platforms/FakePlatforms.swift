import Foundation
import HTTPTypes
import Hummingbird

/// The three posting platforms on the fake server, each under its own path prefix so one port
/// serves them all: `/tiktok` (open.tiktokapis.com), `/youtube` (www.googleapis.com: uploads and
/// the Data API), `/google-oauth` (oauth2.googleapis.com), `/instagram` (graph.instagram.com) and
/// `/rupload` (rupload.facebook.com). Each platform's behaviour names the doc page it follows.
public final class FakePlatforms: Sendable {
    public static let prefixes = ["tiktok", "youtube", "google-oauth", "instagram", "rupload"]

    let tiktok: FakeTikTok
    let youtube: FakeYouTube
    let instagram: FakeInstagram
    let link: FakeLink
    let metrics: FakeMetrics

    init(config: FakePlatformConfig) {
        link = FakeLink(bytesPerSecond: config.linkBytesPerSecond)
        metrics = FakeMetrics(config: config.metrics)
        tiktok = FakeTikTok(config: config.tiktok, link: link, metrics: metrics)
        youtube = FakeYouTube(config: config.youtube, link: link, metrics: metrics)
        instagram = FakeInstagram(config: config.instagram, link: link, metrics: metrics)
    }

    /// Serves a request whose path starts with one of `prefixes`; nil for any other path.
    func respond(_ request: Request, origin: String) async throws -> Response? {
        let path = request.uri.path
        guard let prefix = Self.prefixes.first(where: { path == "/" + $0 || path.hasPrefix("/" + $0 + "/") }) else { return nil }
        let rest = String(path.dropFirst(prefix.count + 1))
        switch prefix {
        case "tiktok": return try await tiktok.respond(request, path: rest, origin: origin)
        case "youtube", "google-oauth": return try await youtube.respond(request, host: prefix, path: rest, origin: origin)
        default: return try await instagram.respond(request, host: prefix, path: rest, origin: origin)
        }
    }

    /// Every post that has landed (or is landing) on the three platforms, in order.
    func posts() async -> [FakePlatformPost] {
        await tiktok.posts() + youtube.posts() + instagram.posts()
    }

    func reset() async {
        metrics.reset()
        await tiktok.reset()
        await youtube.reset()
        await instagram.reset()
    }
}

/// One post as the fake platform holds it: what a test (or `GET /_platforms`) checks.
public struct FakePlatformPost: Sendable, Codable, Equatable {
    /// tiktok | youtube | instagram
    public var platform: String
    /// The platform's id: TikTok publish_id, YouTube video id, Instagram container id.
    public var id: String
    /// The TikTok title / YouTube title / Instagram caption as received.
    public var title: String
    /// The bytes the platform received for it.
    public var bytes: Int
    /// The platform's status word at the moment (PUBLISH_COMPLETE, processed, PUBLISHED, …).
    public var status: String
    /// True once it is on the platform for good (posted, published, or in the TikTok inbox).
    public var landed: Bool
    /// The request's fields that a test may check (privacy, AI label, made for kids…), as strings.
    public var fields: [String: String]

    public init(platform: String, id: String, title: String, bytes: Int, status: String, landed: Bool, fields: [String: String] = [:]) {
        self.platform = platform
        self.id = id
        self.title = title
        self.bytes = bytes
        self.status = status
        self.landed = landed
        self.fields = fields
    }
}

/// `platforms:` in a scenario file: each platform's knobs (token lifetimes, processing delays, limits, injected failures).
public struct FakePlatformConfig: Sendable, Codable, Equatable {
    public var tiktok = FakeTikTok.Config()
    public var youtube = FakeYouTube.Config()
    public var instagram = FakeInstagram.Config()
    /// The link's speed in bytes per second for request bodies (FakeLink); 0 = unlimited. A slow link
    /// lets a test kill a client inside an upload body.
    public var linkBytesPerSecond = 0
    /// How the posts' counts grow and the metric endpoints' limits (FakeMetricsConfig).
    public var metrics = FakeMetricsConfig()

    public init(tiktok: FakeTikTok.Config = .init(), youtube: FakeYouTube.Config = .init(), instagram: FakeInstagram.Config = .init(),
                linkBytesPerSecond: Int = 0) {
        self.tiktok = tiktok
        self.youtube = youtube
        self.instagram = instagram
        self.linkBytesPerSecond = linkBytesPerSecond
    }

    /// A scenario may name one platform only: the others keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tiktok = try c.decodeIfPresent(FakeTikTok.Config.self, forKey: .tiktok) ?? .init()
        youtube = try c.decodeIfPresent(FakeYouTube.Config.self, forKey: .youtube) ?? .init()
        instagram = try c.decodeIfPresent(FakeInstagram.Config.self, forKey: .instagram) ?? .init()
        linkBytesPerSecond = try c.decodeIfPresent(Int.self, forKey: .linkBytesPerSecond) ?? 0
        metrics = try c.decodeIfPresent(FakeMetricsConfig.self, forKey: .metrics) ?? .init()
    }
}
