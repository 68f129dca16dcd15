import FactoryCluster
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// Two hosts (a state folder each, one output folder, one PostgreSQL) run `publish` for the same
/// week at the same moment: they take turns under the week's publication lock, and each approved
/// item lands once per platform. TikTok rotates its refresh token on every refresh: the hosts keep
/// the tokens in the database, so the second host uses the chain the first rotated.
@Suite(.serialized) struct PublishTwoHostsTests {
    @Test func twoHostsPublishingOneWeekAtOnceBeginEachPostOnce() async throws {
        let postgres = try ScratchPostgres()
        defer { postgres.remove() }
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube, instagram], approval: auto }",
                                   items: [("mon", "monday", 1_300_000), ("tue", "monday", 900_000), ("wed", "monday", 700_000)])
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var environment = week.environment(server, config: config)
            environment["FACTORY_DATABASE_URL"] = postgres.url()
            let hosts = try ["a", "b"].map { host in
                try TestSupport.startFactory(["publish", week.manifest, "--at", "2026-11-23T18:00", "--wait", "20",
                                              "--state", week.folder.path("state-\(host)")],
                                             in: week.folder.url, environment: environment, log: week.folder.url.appendingPathComponent("\(host).log"))
            }
            for host in hosts { host.waitUntilExit() }
            let logs = try ["a", "b"].map { try String(contentsOf: week.folder.url.appendingPathComponent("\($0).log"), encoding: .utf8) }
            #expect(hosts.allSatisfy { $0.terminationStatus == 0 }, "\(logs)")
            let expected = ["tiktok mon": 1, "tiktok tue": 1, "tiktok wed": 1, "youtube mon": 1, "youtube tue": 1, "youtube wed": 1, "instagram mon": 1, "instagram tue": 1, "instagram wed": 1]
            #expect(await server.landed(week) == expected, "\(logs)")
            let posts = await server.platformPosts()
            #expect(posts.count == 9, "a post was begun twice: \(posts)")
            #expect(!logs.joined().contains("invalid_grant"), "\(logs)")
            // The tokens live in the database, sealed; neither host's state folder has any.
            for host in ["a", "b"] {
                #expect(!FileManager.default.fileExists(atPath: week.folder.path("state-\(host)/tokens/tiktok.json")))
            }
            let sealed = try postgres.psql("postgres", "SELECT platform || ' ' || saved_by FROM factory_platform_tokens ORDER BY platform")
            #expect(sealed.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == ["tiktok", "youtube"], "\(sealed)")
        }
    }
}
