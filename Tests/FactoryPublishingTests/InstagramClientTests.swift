import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import Testing

/// The Instagram client against the fake Instagram over real HTTP on 127.0.0.1.
@Suite("Instagram client")
struct InstagramClientTests {
    static let seedToken = "IGfake-instagram-test-token-0001"
    static let user = "17841400000000001"

    actor Vault: TokenVault {
        var tokens: [Platform: OAuthToken] = [:]
        func load(_ platform: Platform) async throws -> OAuthToken? { tokens[platform] }
        func save(_ token: OAuthToken, for platform: Platform) async throws { tokens[platform] = token }
    }

    /// The journal as the publisher keeps it; `crash` says which save "kills" the publish (it throws unsaved).
    actor Journal: PostProgress {
        var saved: SavedPost?
        let crash: @Sendable (PostStep, PostDetails) -> Bool

        init(crash: @escaping @Sendable (PostStep, PostDetails) -> Bool = { _, _ in false }) { self.crash = crash }

        func save(remoteId: String?, details: PostDetails, step: PostStep) async throws {
            if crash(step, details) { throw PublishError(.transient, "killed at \(step)") }
            var post = saved ?? SavedPost(remoteId: nil, step: step)
            post.remoteId = remoteId
            post.details = post.details.merging(details)
            post.step = step
            saved = post
        }
    }

    /// The fake's knobs for a quick test: short processing, the test token seeded.
    static func config(_ change: (inout FakeInstagram.Config) -> Void = { _ in }) -> FakeProviderConfig {
        var instagram = FakeInstagram.Config()
        instagram.accessTokens = [seedToken]
        instagram.processingSeconds = 0.2
        change(&instagram)
        return FakeProviderConfig(platforms: FakePlatformConfig(instagram: instagram))
    }

    /// A client on `server` with a vault seeded from `seed`; the HTTP client is shut down afterwards.
    static func withClient<T>(_ server: FakeProviderServer, vault: Vault = Vault(), seed: OAuthToken? = nil,
                              _ body: (InstagramClient) async throws -> T) async throws -> T {
        let urls = server.baseURLs
        let seeded = seed ?? OAuthToken(accessToken: seedToken, expiresAt: Date().addingTimeInterval(50 * 86_400), account: user)
        let keeper = TokenKeeper(platform: .instagram, vault: vault, seed: seeded, clock: .system)
        let context = PlatformContext(baseURL: try #require(urls["instagram"].flatMap(URL.init(string:))),
                                      secondURL: urls["instagram-upload"].flatMap(URL.init(string:)),
                                      authorizeURL: urls["instagram"].flatMap(URL.init(string:)),
                                      app: AppCredentials(clientId: "fake-instagram-app", clientSecret: "fake-instagram-secret"),
                                      tokens: keeper, clock: .system, processingWait: .seconds(10), pollEvery: .milliseconds(50))
        let http = PlatformHTTP()
        do {
            let value = try await body(InstagramClient(context: context, http: http))
            await http.shutdown()
            return value
        } catch {
            await http.shutdown()
            throw error
        }
    }

    /// A bundle's video: bytes the fake counts (it does not decode them).
    static func request(_ item: String = "2026-W48-mon-quote", caption: String = "A calm morning #quote #calm",
                        publicBase: URL? = nil) throws -> PostRequest {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ig-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = folder.appendingPathComponent("video.mp4")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: video)
        return PostRequest(item: item, video: video, videoBytes: Int64(bytes.count), durationSeconds: 20, title: "Morning",
                           caption: caption, hashtags: ["quote", "calm"], aiDisclosure: true,
                           instagram: InstagramSettings(shareToFeed: true, publicBaseURL: publicBase), coverMilliseconds: 1500)
    }

    static func landed(_ server: FakeProviderServer) async -> [FakePlatformPost] {
        await server.platformPosts().filter { $0.platform == "instagram" && $0.landed }
    }

    @Test("a reel lands once, uploaded resumably, with the AI label, the caption and its permalink")
    func landsOnce() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let request = try Self.request()
            let journal = Journal()
            let outcome = try await Self.withClient(server) { try await $0.post(request, saved: nil, progress: journal) }
            guard case .posted(let media, let url) = outcome else { Issue.record("not posted: \(outcome)"); return }
            let reels = await Self.landed(server)
            #expect(reels.count == 1)
            let reel = try #require(reels.first)
            #expect(reel.fields["media_id"] == media)
            #expect(reel.fields["is_ai_generated"] == "true")
            #expect(reel.fields["mode"] == "resumable")
            #expect(reel.fields["share_to_feed"] == "true")
            #expect(reel.fields["thumb_offset"] == "1500")
            #expect(reel.fields["publish_calls"] == "1")
            #expect(reel.title == request.caption)
            #expect(reel.bytes == Int(request.videoBytes))
            #expect(url?.hasPrefix("https://www.instagram.com/reel/") == true)
            let saved = await journal.saved
            #expect(saved?.remoteId == reel.id && saved?.details[.media] == media && saved?.step == .publishing)
        }
    }

    @Test("with public_base_url the container names <base>/<item>/video.mp4 and nothing is uploaded")
    func videoURL() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let base = try #require(URL(string: "https://cdn.example.org/week"))
            let request = try Self.request(publicBase: base)
            let outcome = try await Self.withClient(server) { try await $0.post(request, saved: nil, progress: Journal()) }
            guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
            let reel = try #require(await Self.landed(server).first)
            #expect(reel.fields["mode"] == "video_url")
            #expect(reel.fields["video_url"] == "https://cdn.example.org/week/2026-W48-mon-quote/video.mp4")
            #expect(reel.bytes == 0)
        }
    }

    @Test("the ERROR status closes the container with its subcode; the new post makes a new container that lands")
    func errorStatus() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failNext = 1; $0.failReason = "2207053" }) { server in
            let request = try Self.request()
            try await Self.withClient(server) { client in
                let first = try await client.post(request, saved: nil, progress: Journal())
                guard case .abandoned(let reason) = first else { Issue.record("not abandoned: \(first)"); return }
                #expect(reason.contains("2207053") && reason.contains("unknown upload error"))
                let second = try await client.post(request, saved: nil, progress: Journal())
                guard case .posted = second else { Issue.record("not posted: \(second)"); return }
            }
            let all = await server.platformPosts().filter { $0.platform == "instagram" }
            #expect(all.map(\.status) == ["ERROR", "PUBLISHED"])
        }
    }

    @Test("an over-long caption or more than 30 hashtags is refused by the platform, with nothing created")
    func captionLimits() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let long = try Self.request(caption: String(repeating: "a", count: 2201))
            let tags = try Self.request(caption: (1...31).map { "#t\($0)" }.joined(separator: " "))
            try await Self.withClient(server) { client in
                for request in [long, tags] {
                    do {
                        let outcome = try await client.post(request, saved: nil, progress: Journal())
                        Issue.record("not refused: \(outcome)")
                    } catch let error as PublishError {
                        #expect(error.code == .refused)
                    }
                }
            }
            #expect(await server.platformPosts().filter { $0.platform == "instagram" }.isEmpty)
        }
    }

    @Test("check reads the account and the publishing limit and posts nothing")
    func check() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let check = try await Self.withClient(server) { await $0.check() }
            #expect(check.ok)
            #expect(check.detail.contains("@factory.fake") && check.detail.contains("published 0 of 50 in 24 h"))
            #expect(await server.platformPosts().isEmpty)
        }
    }

    @Test("the fake's knobs load from a scenario's partial JSON, the rest keeping their documented defaults")
    func configDefaults() throws {
        let config = try JSONDecoder().decode(FakeInstagram.Config.self, from: Data(#"{"quotaTotal": 1, "failNext": 2}"#.utf8))
        #expect(config.quotaTotal == 1 && config.failNext == 2)
        #expect(config.quotaDuration == 86_400 && config.containerLifetimeSeconds == 86_400 && config.containerLimit == 400)
        #expect(config.refreshMinimumAgeSeconds == 86_400 && config.tokenLifetimeSeconds == 60 * 86_400)
    }
}
