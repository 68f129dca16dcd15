import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation

/// A week ready to publish: a manifest with `publish:`, and finished bundles for its items (a
/// metadata.json, a caption and a video of random bytes: the publisher only sends the bytes, and
/// the fake platforms check their sizes and ranges, not their pictures).
struct PublishWeek {
    let folder: TemporaryFolder
    let manifest: String
    var output: URL { folder.url.appendingPathComponent("out") }
    var state: URL { output.appendingPathComponent(".factory") }
    var weekFolder: URL { output.appendingPathComponent("2026-W48") }
    /// Each item's video size (a TikTok inbox upload carries no caption: the bytes tell the item).
    let sizes: [Int: String]

    /// Items on Monday 23 and Tuesday 24 November 2026, posted at 18:00 New York time (23:00 UTC).
    init(publish: String = "publish: { platforms: [tiktok, youtube, instagram], at: \"18:00\" }",
         items: [(id: String, day: String, bytes: Int)] = [("mon", "monday", 6_200_000), ("tue", "tuesday", 900_000)]) throws {
        folder = try TemporaryFolder("publish-week")
        let lines = items.map { "  - { id: \($0.id), kind: poster, day: \($0.day), series: monday-motivation }" }.joined(separator: "\n")
        manifest = try folder.write("""
            version: 1
            week: 2026-W48
            timezone: America/New_York
            output: out
            \(publish)
            items:
            \(lines)

            """, to: "week.yaml")
        var sizes: [Int: String] = [:]
        let weekFolder = folder.url.appendingPathComponent("out/2026-W48")
        for item in items {
            try Self.bundle(item.id, bytes: item.bytes, in: weekFolder)
            sizes[item.bytes / 8 * 8 + 1] = item.id
        }
        self.sizes = sizes
    }

    /// Writes `<week>/<id>/` as a run publishes it; a new `salt` makes a new version (a regeneration).
    static func bundle(_ id: String, bytes: Int, in weekFolder: URL, salt: UInt8 = 0) throws {
        let folder = weekFolder.appendingPathComponent(id, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var video = Data((0..<bytes / 8).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } })
        video.append(salt)
        try video.write(to: folder.appendingPathComponent("video.mp4"))
        try "\(id): small steps still move you. #MondayMotivation #mindset\n".write(to: folder.appendingPathComponent("caption.txt"),
                                                                                      atomically: true, encoding: .utf8)
        // metadata.json as BundleMetadata writes it (snake_case), with the fields review reads.
        let metadata: [String: Any] = [
            "schema_version": 1, "item_id": id, "kind": "poster", "week": "2026-W48", "scheduled_date": "2026-11-23",
            "title": "Small steps (\(id))",
            "files": [["name": "video.mp4", "size": video.count, "sha256": Digest.sha256(video)]],
            "generation": [], "total_cost_usd": 0, "layout": [:], "manifest_sha256": "test", "tool_version": "test",
            "created_at": "2026-11-22T10:00:00Z",
            "checks": [["name": "video:codec", "passed": true, "detail": "h264 High"]],
        ]
        try JSONSerialization.data(withJSONObject: metadata).write(to: folder.appendingPathComponent("metadata.json"))
    }

    /// The environment a publish against `server` runs with: base URLs, app credentials and the seeds.
    func environment(_ server: FakeProviderServer, config: FakePlatformConfig) -> [String: String] {
        let urls = server.baseURLs
        return [
            "TIKTOK_BASE_URL": urls["tiktok"]!, "YOUTUBE_BASE_URL": urls["youtube"]!, "GOOGLE_OAUTH_BASE_URL": urls["google-oauth"]!,
            "INSTAGRAM_BASE_URL": urls["instagram"]!, "INSTAGRAM_UPLOAD_BASE_URL": urls["instagram-upload"]!,
            "TIKTOK_CLIENT_KEY": config.tiktok.clientKey, "TIKTOK_CLIENT_SECRET": config.tiktok.clientSecret,
            "TIKTOK_REFRESH_TOKEN": config.tiktok.refreshTokens.first ?? "",
            "YOUTUBE_CLIENT_ID": config.youtube.clientId, "YOUTUBE_CLIENT_SECRET": config.youtube.clientSecret,
            "YOUTUBE_REFRESH_TOKEN": config.youtube.refreshTokens.first ?? "",
            "INSTAGRAM_ACCESS_TOKEN": config.instagram.accessTokens.first ?? "", "INSTAGRAM_USER_ID": config.instagram.userId,
            "FACTORY_TOKEN_KEY_FILE": folder.path("keys/token.key"),
        ]
    }

    /// Fake platforms with seeded refresh tokens and quick processing.
    static func platforms(_ change: (inout FakePlatformConfig) -> Void = { _ in }) -> FakePlatformConfig {
        var config = FakePlatformConfig()
        config.tiktok.refreshTokens = ["tiktok-seed-rft.0001"]
        config.tiktok.processingSeconds = 0.5
        config.youtube.refreshTokens = ["google-seed-rft.0001"]
        config.youtube.processingSeconds = 0.5
        config.instagram.processingSeconds = 0.5
        change(&config)
        return config
    }

    func publish(_ server: FakeProviderServer, config: FakePlatformConfig, at: String, _ extra: [String] = []) throws -> TestSupport.Output {
        try TestSupport.runFactory(["publish", manifest, "--at", at, "--wait", "20"] + extra, in: folder.url,
                                   environment: environment(server, config: config))
    }

    func approve(_ items: [String], _ extra: [String] = []) throws -> TestSupport.Output {
        try TestSupport.runFactory(["approve"] + items + ["--manifest", manifest] + extra, in: folder.url)
    }
}

extension FakeProviderServer {
    /// Landed posts per "platform item" (the item is read from the title or caption the fake received).
    func landed(_ week: PublishWeek) async -> [String: Int] { Self.landed(await platformPosts(), week: week) }

    static func landed(_ posts: [FakePlatformPost], week: PublishWeek) -> [String: Int] {
        var counts: [String: Int] = [:]
        for post in posts where post.landed {
            let item = week.sizes[post.bytes] ?? "?\(post.bytes)"
            counts["\(post.platform) \(item)", default: 0] += 1
        }
        return counts
    }
}
