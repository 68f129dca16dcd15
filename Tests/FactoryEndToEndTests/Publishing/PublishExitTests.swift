import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// `factory publish`'s other exits: a dry run sends nothing, missing credentials exit 2, a second
/// publish while one holds the lock exits 75, a manifest without `publish:` exits 2.
@Suite(.serialized) struct PublishExitTests {
    @Test func aDryRunSaysWhatWouldGoOutAndSendsNothing() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube], approval: auto }")
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let out = try week.publish(server, config: config, at: "2026-11-23T18:00", ["--dry-run"])
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("PLANNED     mon → tiktok: would post now") && out.stdout.contains("tue → youtube: due at 2026-11-24 18:00 America/New_York (23:00Z)"), "\(out.stdout)")
            #expect(await server.platformPosts().isEmpty)
            #expect(await server.stats().requests == 0)
        }
    }

    @Test func missingCredentialsExitTwoNamingTheFixAndTheOtherPlatformStillPosts() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube], approval: auto }", items: [("mon", "monday", 200_000)])
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var environment = week.environment(server, config: config)
            environment["TIKTOK_REFRESH_TOKEN"] = nil
            let out = try TestSupport.runFactory(["publish", week.manifest, "--at", "2026-11-23T18:00", "--wait", "20"], in: week.folder.url,
                                                 environment: environment)
            #expect(out.status == 2, "\(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("factory auth tiktok"), "\(out.stdout)")
            #expect(await server.platformPosts().map(\.platform) == ["youtube"])
        }
    }

    @Test func aSecondPublishWhileOneHoldsTheLockExits75() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok], approval: auto }", items: [("mon", "monday", 200_000)])
        try FileManager.default.createDirectory(at: week.state, withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [week.state.appendingPathComponent("publish.lock").path, "sleep", "30"]
        try holder.run()
        defer { holder.terminate() }
        let lockFile = week.state.appendingPathComponent("publish.lock").path
        #expect(await eventually(timeout: .seconds(10)) { FileManager.default.fileExists(atPath: lockFile) })
        let out = try TestSupport.runFactory(["publish", week.manifest, "--at", "2026-11-23T18:00"], in: week.folder.url)
        #expect(out.status == 75, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("another publish"), "\(out.stderr)")
    }

    @Test func aManifestWithoutPublishExitsTwo() throws {
        let week = try PublishWeek(publish: "", items: [("mon", "monday", 1000)])
        let out = try TestSupport.runFactory(["publish", week.manifest], in: week.folder.url)
        #expect(out.status == 2 && out.stderr.contains("no `publish:` section"), "\(out.stderr)")
    }
}
