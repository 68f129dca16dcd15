import Foundation
import Hummingbird

/// The fake Instagram API with Instagram Login, Reels only: graph.instagram.com under `/instagram`
/// (with api.instagram.com's authorize page and code exchange under the same prefix) and Meta's
/// upload host rupload.facebook.com under `/rupload`. Each behaviour names the page it follows
/// (docs/publishing.md, section 3 of the publishing reference); where only secondary sources or
/// nothing at all say it, the comment says so. Time is the machine's clock.
public actor FakeInstagram {
    /// `platforms.instagram` in a scenario file; every knob has a default, so any subset may be given.
    public struct Config: Sendable, Codable, Equatable {
        /// Long-lived tokens accepted from the start (what `INSTAGRAM_ACCESS_TOKEN` is set to in tests).
        public var accessTokens = ["IGfake-instagram-long-lived-token"]
        /// How old the seeded tokens are when the fake starts (refresh needs ≥ `refreshMinimumAgeSeconds`).
        public var seedTokenAgeSeconds: Double = 2 * 86_400
        /// A long-lived token's life: 60 days (access_token and refresh_access_token pages).
        public var tokenLifetimeSeconds: Double = 60 * 86_400
        /// A short-lived token's life: 1 hour (access_token page).
        public var shortTokenLifetimeSeconds: Double = 3600
        /// refresh_access_token: "at least 24 hours old but has not expired".
        public var refreshMinimumAgeSeconds: Double = 86_400
        /// The Instagram professional account the tokens belong to.
        public var userId = "17841400000000001"
        public var username = "factory.fake"
        /// The app `factory auth` must present (oauth/access_token, access_token pages).
        public var clientId = "fake-instagram-app"
        public var clientSecret = "fake-instagram-secret"
        /// How long a container stays IN_PROGRESS once its video arrived.
        public var processingSeconds: Double = 1
        /// ig-user/media: "Containers expire after 24 hours".
        public var containerLifetimeSeconds: Double = 86_400
        /// ig-user/media: "400 containers within a rolling 24 hour period" (counted over `quotaDuration`).
        public var containerLimit = 400
        /// content_publishing_limit: `config.quota_total` ("currently 50") over `quota_duration` 86400.
        public var quotaTotal = 50
        public var quotaDuration: Double = 86_400
        /// The next N containers end in ERROR once their video arrived, with `failReason` as `status`
        /// (ig-container: "If status_code is ERROR, this value will be the error subcode").
        public var failNext = 0
        public var failReason = "2207053"

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Config()
            accessTokens = try c.decodeIfPresent([String].self, forKey: .accessTokens) ?? d.accessTokens
            seedTokenAgeSeconds = try c.decodeIfPresent(Double.self, forKey: .seedTokenAgeSeconds) ?? d.seedTokenAgeSeconds
            tokenLifetimeSeconds = try c.decodeIfPresent(Double.self, forKey: .tokenLifetimeSeconds) ?? d.tokenLifetimeSeconds
            shortTokenLifetimeSeconds = try c.decodeIfPresent(Double.self, forKey: .shortTokenLifetimeSeconds) ?? d.shortTokenLifetimeSeconds
            refreshMinimumAgeSeconds = try c.decodeIfPresent(Double.self, forKey: .refreshMinimumAgeSeconds) ?? d.refreshMinimumAgeSeconds
            userId = try c.decodeIfPresent(String.self, forKey: .userId) ?? d.userId
            username = try c.decodeIfPresent(String.self, forKey: .username) ?? d.username
            clientId = try c.decodeIfPresent(String.self, forKey: .clientId) ?? d.clientId
            clientSecret = try c.decodeIfPresent(String.self, forKey: .clientSecret) ?? d.clientSecret
            processingSeconds = try c.decodeIfPresent(Double.self, forKey: .processingSeconds) ?? d.processingSeconds
            containerLifetimeSeconds = try c.decodeIfPresent(Double.self, forKey: .containerLifetimeSeconds) ?? d.containerLifetimeSeconds
            containerLimit = try c.decodeIfPresent(Int.self, forKey: .containerLimit) ?? d.containerLimit
            quotaTotal = try c.decodeIfPresent(Int.self, forKey: .quotaTotal) ?? d.quotaTotal
            quotaDuration = try c.decodeIfPresent(Double.self, forKey: .quotaDuration) ?? d.quotaDuration
            failNext = try c.decodeIfPresent(Int.self, forKey: .failNext) ?? d.failNext
            failReason = try c.decodeIfPresent(String.self, forKey: .failReason) ?? d.failReason
        }
    }

    /// An access token the fake issued (or was seeded with).
    struct Token {
        var issued: Date
        var expires: Date
    }

    /// A Reels container (ig-container page) and what became of it.
    struct Container {
        var id: String
        var created: Date
        var caption: String
        var shareToFeed: Bool
        var aiGenerated: Bool
        /// resumable | video_url
        var mode: String
        var videoURL: String?
        var thumbOffset: String?
        var fileSize: Int?
        var received = 0
        /// When the whole video was there (the last upload byte, or `video_url` taken as fetched).
        var arrived: Date?
        var failure: String?
        var mediaId: String?
        var publishCalls = 0
    }

    /// A published reel (IG Media).
    struct Media {
        var id: String
        var container: String
        var caption: String
        var timestamp: Date
        var permalink: String
    }

    var config: Config
    var tokens: [String: Token] = [:]
    var codes: [String: String] = [:]
    var containers: [String: Container] = [:]
    var order: [String] = []
    var media: [Media] = []
    var publishes: [Date] = []
    var creations: [Date] = []
    var failuresLeft: Int
    private let initial: Config
    let link: FakeLink

    let metrics: FakeMetrics

    init(config: Config, link: FakeLink, metrics: FakeMetrics) {
        self.metrics = metrics
        self.config = config
        self.link = link
        initial = config
        failuresLeft = config.failNext
        tokens = Self.seeded(config)
    }

    private static func seeded(_ config: Config) -> [String: Token] {
        let issued = Date().addingTimeInterval(-config.seedTokenAgeSeconds)
        var out: [String: Token] = [:]
        for token in config.accessTokens {
            out[token] = Token(issued: issued, expires: issued.addingTimeInterval(config.tokenLifetimeSeconds))
        }
        return out
    }

    func respond(_ request: Request, host: String, path: String, origin: String) async throws -> Response {
        let call = try await FakeInstagramCall.read(request, path: path, origin: origin, link: link, upload: host == "rupload")
        if host == "rupload" { return upload(call) }
        guard call.complete else { return FakeInstagramCall.graphError(code: 100, "The request body was cut short") }
        if let answer = oauth(call) { return answer }
        if let rejected = rejection(call.accessToken) { return rejected }
        return graph(call)
    }

    /// The Graph nodes and edges a Reels post uses.
    private func graph(_ call: FakeInstagramCall) -> Response {
        let parts = call.parts
        switch (call.method, parts.count) {
        case (.get, 1) where parts[0] == "me": return me()
        case (.get, 2) where parts[1] == "content_publishing_limit" && isUser(parts[0]): return limit(call)
        case (.post, 2) where parts[1] == "media" && isUser(parts[0]): return createContainer(call)
        case (.get, 2) where parts[1] == "media" && isUser(parts[0]): return mediaList()
        case (.post, 2) where parts[1] == "media_publish" && isUser(parts[0]): return publish(call)
        case (.get, 2) where parts[1] == "insights": return insights(parts[0], call)
        case (.get, 1): return node(parts[0])
        default: return Self.unsupported(call)
        }
    }

    private func isUser(_ id: String) -> Bool { id == config.userId || id == "me" }

    /// Graph's answer to a path it does not serve or an id it does not know (code 100, subcode 33).
    static func unsupported(_ call: FakeInstagramCall) -> Response {
        let object = call.parts.first ?? ""
        return FakeInstagramCall.graphError(code: 100, subcode: 33,
            "Unsupported \(call.method.rawValue.lowercased()) request. Object with ID '\(object)' does not exist, cannot be loaded due to missing permissions, or does not support this operation")
    }

    /// One `FakePlatformPost` per container; landed once PUBLISHED.
    func posts() -> [FakePlatformPost] {
        let now = Date()
        return order.compactMap { containers[$0] }.map { container in
            var fields = ["caption": container.caption, "share_to_feed": String(container.shareToFeed),
                          "is_ai_generated": String(container.aiGenerated), "mode": container.mode,
                          "publish_calls": String(container.publishCalls)]
            if let mediaId = container.mediaId { fields["media_id"] = mediaId }
            if let url = container.videoURL { fields["video_url"] = url }
            if let offset = container.thumbOffset { fields["thumb_offset"] = offset }
            return FakePlatformPost(platform: "instagram", id: container.id, title: container.caption, bytes: container.received,
                                    status: status(of: container, at: now).code, landed: container.mediaId != nil, fields: fields)
        }
    }

    func reset() {
        config = initial
        failuresLeft = initial.failNext
        tokens = Self.seeded(initial)
        codes = [:]
        containers = [:]
        order = []
        media = []
        publishes = []
        creations = []
    }

    /// A numeric id like Graph's (`17889455560051444`) or a token-like string after `prefix`.
    static func randomId(_ prefix: String = "178", length: Int = 14) -> String {
        prefix + String((0..<length).map { _ in "0123456789".randomElement() ?? "0" })
    }
}
