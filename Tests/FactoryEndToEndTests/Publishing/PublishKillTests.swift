import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// A publish killed with SIGKILL at moments spread over its uploads, again and again, then let
/// finish: every item ends on each platform exactly once, and nothing half-posted lands later.
@Suite(.serialized) struct PublishKillTests {
    @Test func killedAtAnyMomentEveryItemEndsOnEachPlatformExactlyOnce() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube, instagram], approval: auto }",
                                   items: [("mon", "monday", 6_200_000), ("tue", "monday", 1_300_000), ("wed", "monday", 700_000)])
        let config = PublishWeek.platforms { config in
            config.tiktok.processingSeconds = 1.2
            config.youtube.processingSeconds = 1.2
            config.instagram.processingSeconds = 1.2
        }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            // Moments from early (mid-init) to late (mid-processing), in a fixed order so a failure replays.
            var generator = SplitMix(seed: 2026_11_27)
            for round in 0..<7 {
                let delay = 0.15 + Double(generator.next() % 2_600) / 1_000
                let log = week.folder.url.appendingPathComponent("kill-\(round).log")
                let child = try TestSupport.startFactory(["publish", week.manifest, "--at", "2026-11-23T18:00", "--wait", "20"],
                                                         in: week.folder.url, environment: week.environment(server, config: config), log: log)
                try await Task.sleep(for: .seconds(delay))
                if child.isRunning { kill(child.processIdentifier, SIGKILL) }
                child.waitUntilExit()
            }
            var finished = false
            for _ in 0..<3 where !finished {
                let out = try week.publish(server, config: config, at: "2026-11-23T18:00")
                finished = out.status == 0 && out.stdout.contains("0 processing")
            }
            #expect(finished)
            let expected = Dictionary(uniqueKeysWithValues: ["tiktok", "youtube", "instagram"].flatMap { platform in
                ["mon", "tue", "wed"].map { ("\(platform) \($0)", 1) }
            })
            let posts = await server.platformPosts()
            #expect(FakeProviderServer.landed(posts, week: week) == expected, "\(posts)")
            // Nothing left half-way lands afterwards.
            try await Task.sleep(for: .seconds(3))
            let later = await server.platformPosts()
            #expect(FakeProviderServer.landed(later, week: week) == expected, "\(later)")
            // And one more publish posts nothing.
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
