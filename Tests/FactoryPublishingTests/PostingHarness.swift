import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import Testing

/// What the TikTok and YouTube client tests share: an in-memory vault, a progress that records
/// what the journal would hold, a video file in a temporary folder, and a context on the fake.
actor PostingTestVault: TokenVault {
    var tokens: [Platform: OAuthToken] = [:]
    var saves = 0

    init(_ token: OAuthToken? = nil, for platform: Platform = .tiktok) {
        if let token { tokens[platform] = token }
    }

    func load(_ platform: Platform) async throws -> OAuthToken? { tokens[platform] }

    func save(_ token: OAuthToken, for platform: Platform) async throws {
        tokens[platform] = token
        saves += 1
    }
}

/// The journal's row for one post, as a client leaves it.
actor RecordedProgress: PostProgress {
    private(set) var saved: SavedPost?
    private(set) var steps: [PostStep] = []
    /// True for the save the process "dies" at: it throws, and nothing of it is recorded.
    let crash: @Sendable (PostStep) -> Bool

    init(crash: @escaping @Sendable (PostStep) -> Bool = { _ in false }) { self.crash = crash }

    func save(remoteId: String?, details: PostDetails, step: PostStep) async throws {
        if crash(step) { throw PublishError(.transient, "killed before saving \(step)") }
        var row = saved ?? SavedPost(remoteId: nil, step: step)
        row.remoteId = remoteId
        row.details = row.details.merging(details)
        row.step = step
        saved = row
        steps.append(step)
    }
}

enum PostingHarness {
    /// A file of `bytes` arbitrary bytes (the fakes never parse the video).
    static func video(bytes: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("posting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("video.mp4")
        var data = Data(count: bytes)
        data.withUnsafeMutableBytes { raw in
            for index in stride(from: 0, to: raw.count, by: 97) { raw[index] = UInt8(truncatingIfNeeded: index / 97) }
        }
        try data.write(to: url)
        return url
    }

    static func request(_ video: URL, tiktok: TikTokSettings = .init(), youtube: YouTubeSettings = .init()) throws -> PostRequest {
        let size = try FileManager.default.attributesOfItem(atPath: video.path)[.size] as? Int64 ?? 0
        return PostRequest(item: "monday-quote", video: video, videoBytes: size, durationSeconds: 20, title: "Monday's quote",
                           caption: "A quiet start to the week #quotes #monday", hashtags: ["#quotes", "#monday"],
                           aiDisclosure: true, tiktok: tiktok, youtube: youtube)
    }

    static func context(_ server: FakeProviderServer, platform: Platform, vault: PostingTestVault, seed: OAuthToken?,
                        clock: WallClock = .system, wait: Duration = .seconds(5)) throws -> PlatformContext {
        let urls = server.baseURLs
        let base = try #require(URL(string: urls[platform == .tiktok ? "tiktok" : "youtube"] ?? ""))
        let keeper = TokenKeeper(platform: platform, vault: vault, seed: seed, clock: clock)
        if platform == .tiktok {
            return PlatformContext(baseURL: base, authorizeURL: base,
                                   app: AppCredentials(clientId: "fake-tiktok-client-key", clientSecret: "fake-tiktok-client-secret"),
                                   tokens: keeper, clock: clock, processingWait: wait, pollEvery: .milliseconds(50))
        }
        let google = try #require(URL(string: urls["google-oauth"] ?? ""))
        return PlatformContext(baseURL: base, secondURL: google, authorizeURL: google,
                               app: AppCredentials(clientId: "fake-google-client-id.apps.googleusercontent.com",
                                                   clientSecret: "fake-google-client-secret"),
                               tokens: keeper, clock: clock, processingWait: wait, pollEvery: .milliseconds(50))
    }

    /// Runs `body` with a PlatformHTTP that is shut down on every path.
    static func withHTTP<T>(_ body: (PlatformHTTP) async throws -> T) async throws -> T {
        let http = PlatformHTTP()
        do {
            let value = try await body(http)
            await http.shutdown()
            return value
        } catch {
            await http.shutdown()
            throw error
        }
    }

    /// base64url(SHA-256(verifier)): RFC 7636's S256 challenge.
    static func challenge(_ verifier: String) -> String {
        let hex = Array(Digest.sha256(verifier))
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            bytes.append(UInt8(String(hex[index...index + 1]), radix: 16) ?? 0)
        }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func landed(_ server: FakeProviderServer, _ platform: String) async -> [FakePlatformPost] {
        await server.platformPosts().filter { $0.platform == platform && $0.landed }
    }
}
