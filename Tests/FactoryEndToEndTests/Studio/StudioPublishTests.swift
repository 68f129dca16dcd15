import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// "Publish now" from the studio against the fake platforms, with a cron `publish` of the same
/// item started at the same moment: it lands once per platform, and the card shows where.
@Suite(.serialized) struct StudioPublishTests {
    @Test func publishNowAndACronPublishAtOnceLandOncePerPlatform() async throws {
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let urls = server.baseURLs
            let keyFolder = try TemporaryFolder("studio-keys")
            let environment = [
                "YOUTUBE_BASE_URL": urls["youtube"] ?? "", "GOOGLE_OAUTH_BASE_URL": urls["google-oauth"] ?? "",
                "INSTAGRAM_BASE_URL": urls["instagram"] ?? "", "INSTAGRAM_UPLOAD_BASE_URL": urls["instagram-upload"] ?? "",
                "YOUTUBE_CLIENT_ID": config.youtube.clientId, "YOUTUBE_CLIENT_SECRET": config.youtube.clientSecret,
                "YOUTUBE_REFRESH_TOKEN": config.youtube.refreshTokens.first ?? "",
                "INSTAGRAM_ACCESS_TOKEN": config.instagram.accessTokens.first ?? "", "INSTAGRAM_USER_ID": config.instagram.userId,
                "FACTORY_TOKEN_KEY_FILE": keyFolder.path("token.key"),
            ]
            let publish = "publish: { platforms: [youtube, instagram], at: \"18:00\" }\n"
            try await StudioProcess.with(extraManifest: publish, environment: environment) { studio in
                // Not approved: the studio's publish posts nothing and says why.
                let early = try await studio.request("POST", "/api/items/calm-poster/publish", json: [:])
                #expect(early.status == 202, "\(early.text)")
                let skipped = try await studio.waitForJob(try #require(early.json?["id"] as? String))
                #expect((skipped["lines"] as? [String])?.joined(separator: "\n").contains("not approved") == true, "\(skipped)")
                #expect(await server.platformPosts().isEmpty)

                #expect(try await studio.request("POST", "/api/items/calm-poster/approve", json: [:]).status == 200)
                let started = try await studio.request("POST", "/api/items/calm-poster/publish", json: [:])
                #expect(started.status == 202, "\(started.text)")
                let cron = try TestSupport.runFactory(["publish", "week.yaml", "--output", "out", "--only", "calm-poster", "--wait", "20"],
                                                      in: studio.folder.url, environment: environment)
                #expect([0, 75].contains(cron.status), "\(cron.stdout)\(cron.stderr)")
                let job = try await studio.waitForJob(try #require(started.json?["id"] as? String))
                #expect([0, 75].contains(job["exitCode"] as? Int ?? -1), "\(job)")
                // Whichever went first, one more publish finishes anything left and posts nothing new.
                let last = try TestSupport.runFactory(["publish", "week.yaml", "--output", "out", "--only", "calm-poster", "--wait", "20"],
                                                      in: studio.folder.url, environment: environment)
                #expect(last.status == 0, "\(last.stdout)\(last.stderr)")
                let landed = await server.platformPosts().filter(\.landed)
                #expect(landed.map(\.platform).sorted() == ["instagram", "youtube"], "\(landed)")
                #expect(await server.platformPosts().count == 2, "a second post was begun")
                let card = StudioHTTPTests.cards(try await studio.request("GET", "/api/week")).first { $0["id"] as? String == "calm-poster" }
                let posts = (card?["posts"] as? [[String: Any]]) ?? []
                #expect(posts.map { $0["state"] as? String } == ["posted", "posted"], "\(posts)")
                #expect(posts.allSatisfy { ($0["url"] as? String)?.hasPrefix("https://") == true }, "\(posts)")
            }
        }
    }
}
