import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// A publish killed with SIGKILL again and again, each time 0–3 s after one of its own uploads
/// began, over a link slow enough (3 MB/s) that the kills land inside upload bodies; then let
/// finish. The fake platforms keep what a dying client had sent (a TikTok chunk or a YouTube body
/// that still arrives whole, an Instagram upload cut short), so every way back in is tried: every
/// item ends on each platform exactly once, nothing half-posted lands later, and a final publish
/// posts nothing. Several seeds, each a fixed sequence so a failure replays.
@Suite(.serialized) struct PublishKillTests {
    @Test(arguments: [UInt64(2026_11_27), 1, 4, 5])
    func killedInsideUploadsEveryItemEndsOnEachPlatformExactlyOnce(seed: UInt64) async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube, instagram], approval: auto }",
                                   items: [("mon", "monday", 6_699_485), ("tue", "monday", 1_300_000), ("wed", "monday", 700_000)])
        let config = PublishWeek.platforms { config in
            config.tiktok.processingSeconds = 1.2
            config.youtube.processingSeconds = 1.2
            config.instagram.processingSeconds = 1.2
            config.linkBytesPerSecond = 3_000_000
        }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var generator = SplitMix(seed: seed)
            var kills = 0
            for round in 0..<7 {
                let aim = 1 + Int(generator.next() % 2)
                let delay = Double(generator.next() % 3_000) / 1_000
                let before = await server.platformUploadsBegun()
                let log = week.folder.url.appendingPathComponent("kill-\(round).log")
                let child = try TestSupport.startFactory(["publish", week.manifest, "--at", "2026-11-23T18:00", "--wait", "20"],
                                                         in: week.folder.url, environment: week.environment(server, config: config), log: log)
                // Until the aimed upload body begins (or the publish ends without it).
                while child.isRunning, await server.platformUploadsBegun() < before + aim {
                    try await Task.sleep(for: .milliseconds(10))
                }
                try await Task.sleep(for: .seconds(delay))
                if child.isRunning {
                    kill(child.processIdentifier, SIGKILL)
                    kills += 1
                }
                child.waitUntilExit()
            }
            #expect(kills >= 4, "only \(kills) kills landed: the publish ends too soon to test anything")
            var finished = false
            for _ in 0..<4 where !finished {
                let out = try week.publish(server, config: config, at: "2026-11-23T18:00")
                finished = out.status == 0 && out.stdout.contains("0 processing")
            }
            #expect(finished)
            let expected = Dictionary(uniqueKeysWithValues: ["tiktok", "youtube", "instagram"].flatMap { platform in
                ["mon", "tue", "wed"].map { ("\(platform) \($0)", 1) }
            })
            let posts = await server.platformPosts()
            #expect(FakeProviderServer.landed(posts, week: week) == expected, "seed \(seed): \(posts)")
            // Nothing left half-way lands afterwards.
            try await Task.sleep(for: .seconds(3))
            let later = await server.platformPosts()
            #expect(FakeProviderServer.landed(later, week: week) == expected, "seed \(seed): \(later)")
            // And one more publish posts nothing and exits 0.
            let again = try week.publish(server, config: config, at: "2026-11-23T18:00")
            #expect(again.status == 0 && !again.stdout.contains("POSTED"), "\(again.stdout)")
            #expect(FakeProviderServer.landed(await server.platformPosts(), week: week) == expected)
        }
    }
}

/// A small seeded generator (SplitMix64): the same moments every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
