import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// `factory estimate` and `factory regenerate` against fake-providers: the estimate sends nothing
/// and matches what the run then pays; a regenerate pays only for its stage and touches no other bundle.
@Suite(.serialized) struct EstimateRegenerateTests {
    static func environment(_ server: FakeProviderServer) -> [String: String] {
        ["ANTHROPIC_API_KEY": "sk-ant-test", "RUNWARE_API_KEY": "rw-test", "OPENAI_API_KEY": "sk-test",
         "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? "", "RUNWARE_BASE_URL": server.baseURLs["runware"] ?? "",
         "OPENAI_BASE_URL": server.baseURLs["openai"] ?? ""]
    }

    static func posters(_ count: Int, daily: Double = 3) -> String {
        var text = """
        version: 1
        week: 2026-W48
        timezone: America/New_York
        budget: { daily_usd: \(daily), weekly_usd: 15 }
        providers: { text: anthropic, image: runware }
        items:

        """
        for n in 0..<count {
            text += "  - { id: p\(n), kind: poster, day: tuesday, series: wednesday-wisdom, format: square, quality: draft, "
                + "duration: 6, prompt: \"a quiet harbour number \(n)\" }\n"
        }
        return text
    }

    /// Charges are recorded just after each answer is sent: wait until `expected` are in.
    static func billed(_ server: FakeProviderServer, atLeast expected: Int) async -> Int {
        for _ in 0..<250 {
            let billed = await server.stats().billed
            if billed >= expected { return billed }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await server.stats().billed
    }

    struct Plan: Decodable {
        struct Stage: Decodable { var item: String; var stage: String; var status: String; var usd: Double; var provider: String; var calls: Int }
        var stages: [Stage]
        var totalUsd: Double
        var paidCalls: Int
        var breaksCap: Bool
    }

    static func plan(_ output: TestSupport.Output) throws -> Plan {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Plan.self, from: Data(output.stdout.utf8))
    }

    @Test func theSampleWeekEstimateSendsNothingAndMatchesWhatTheRunPays() async throws {
        let folder = try TemporaryFolder("estimate")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let env = Self.environment(server)

        let estimate = try TestSupport.runFactory(["estimate", manifest, "--output", "out", "--json"], in: folder.url, environment: env)
        #expect(estimate.status == 0, "\(estimate.stderr)")
        #expect(await server.stats().requests == 0, "estimate sent requests")
        let planned = try Self.plan(estimate)
        #expect(Set(planned.stages.map(\.provider)) == ["anthropic", "runware", "openai"])
        #expect(planned.stages.allSatisfy { $0.status == "to-pay" })
        // The story is not written yet: its narration is one row for all its chunks.
        #expect(planned.stages.contains { $0.item == "sat-bedtime" && $0.stage == "speech" && $0.calls > 3 })
        #expect(!planned.stages.contains { $0.item == "thu-therapy" && $0.stage == "text" }, "the manifest gives that quote")

        let text = try TestSupport.runFactory(["estimate", manifest, "--output", "out"], in: folder.url, environment: env)
        #expect(text.status == 0)
        for heading in ["item", "by scheduled day", "by provider", "daily cap", "weekly cap"] {
            #expect(text.stdout.contains(heading), "\(heading) missing:\n\(text.stdout)")
        }

        // Every paid asset, no render: the whole week's actual spend.
        let run = try TestSupport.runFactory(["run", manifest, "--output", "out", "--skip-render"], in: folder.url, environment: env)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let billed = await Self.billed(server, atLeast: planned.stages.count)
        let actual = await server.stats().totalUSD
        // One call per planned stage; the narration is planned from a stand-in story of the asked
        // length, so its chunk count may differ by a paragraph or two.
        #expect(planned.paidCalls == planned.stages.reduce(0) { $0 + $1.calls })
        #expect(abs(billed - planned.paidCalls) <= 2, "\(billed) calls for \(planned.paidCalls) planned")
        #expect(abs(actual - planned.totalUsd) <= 0.25 * planned.totalUsd,
                "estimate \(planned.totalUsd) vs actual \(actual)")

        // The run's report sets its own estimate (made as it started) against what it paid, per stage.
        struct Report: Decodable {
            struct Estimate: Decodable {
                struct Row: Decodable { var item: String; var stage: String; var estimateUsd: Double; var actualUsd: Double? }
                var rows: [Row]; var estimatedUsd: Double; var actualUsd: Double
            }
            var estimate: Estimate
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let report = try decoder.decode(Report.self, from: Data(contentsOf: folder.url.appendingPathComponent("out/2026-W48/report.json")))
        #expect(abs(report.estimate.estimatedUsd - planned.totalUsd) < 1e-9)
        #expect(abs(report.estimate.actualUsd - actual) < 1e-6, "report \(report.estimate.actualUsd) vs charge log \(actual)")
        #expect(report.estimate.rows.contains { $0.item == "wed-wisdom" && $0.stage == "image" && $0.estimateUsd > 0 && ($0.actualUsd ?? 0) > 0 })
        #expect(report.estimate.rows.contains { $0.item == "sat-bedtime" && $0.stage == "speech" && ($0.actualUsd ?? 0) > 0 },
                "the narration's chunks are set against its one planned row")
        #expect(!report.estimate.rows.contains { $0.stage.hasPrefix("speech-") })
        #expect(run.stdout.contains("estimate $"), "\(run.stdout)")

        // Now everything is cached: the estimate says $0 and still sends nothing.
        let again = try Self.plan(try TestSupport.runFactory(["estimate", manifest, "--output", "out", "--json"], in: folder.url,
                                                             environment: env))
        #expect(again.totalUsd == 0)
        #expect(again.stages.allSatisfy { $0.status == "cached" })
        #expect(again.stages.contains { $0.item == "sat-bedtime" && $0.stage.hasPrefix("speech-") }, "a cached story plans each chunk")
        #expect(await server.stats().billed == billed)
        await server.stop()
    }

    @Test func anEstimateOverTheCapExitsThree() async throws {
        let folder = try TemporaryFolder("estimate-cap")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        try folder.write(Self.posters(3, daily: 0.001), to: "week.yaml")
        let out = try TestSupport.runFactory(["estimate", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(out.status == 3, "\(out.stdout)\n\(out.stderr)")
        #expect(out.stdout.contains("OVER THE DAILY CAP"))
        let offline = try TestSupport.runFactory(["estimate", "week.yaml", "--output", "out", "--offline"], in: folder.url)
        #expect(offline.status == 0, "offline costs nothing: \(offline.stdout)")
        let unknown = try TestSupport.runFactory(["estimate", "week.yaml", "--only", "nope"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(await server.stats().requests == 0)
        await server.stop()
    }

    @Test func regeneratingOneStagePaysForItAloneAndLeavesTheRestAlone() async throws {
        let folder = try TemporaryFolder("regenerate")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        let env = Self.environment(server)
        try folder.write(Self.posters(2), to: "week.yaml")
        let first = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        let paid = await Self.billed(server, atLeast: 4)
        #expect(paid == 4)
        let week = folder.url.appendingPathComponent("out/2026-W48")
        func hashes(_ item: String) throws -> [String: Data] {
            let dir = week.appendingPathComponent(item)
            var out: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
                out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
            }
            return out
        }
        let otherBefore = try hashes("p1"), mineBefore = try hashes("p0")

        // Not on a terminal and no --yes: nothing happens.
        let refused = try TestSupport.runFactory(["regenerate", "p0", "--stage", "image", "--manifest", "week.yaml", "--output", "out"],
                                                 in: folder.url, environment: env)
        #expect(refused.status == 2, "\(refused.stdout)\n\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"))

        // The manifest is found from the week's report.json.
        let image = try TestSupport.runFactory(["regenerate", "p0", "--stage", "image", "--output", "out", "--yes"],
                                               in: folder.url, environment: env)
        #expect(image.status == 0, "\(image.stdout)\n\(image.stderr)")
        #expect(image.stdout.contains("asked again: image"), "\(image.stdout)")
        #expect(image.stdout.contains("from the cache: text"), "\(image.stdout)")
        #expect(await Self.billed(server, atLeast: 5) == 5, "only the image was paid for")
        let charges = await server.stats().charges
        #expect(charges.last?.provider == "runware")
        #expect(try hashes("p1") == otherBefore, "another item's bundle changed")
        let mineAfter = try hashes("p0")
        #expect(mineAfter["poster.jpg"] != mineBefore["poster.jpg"], "a new seed gives a new picture")
        let versions = try FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".versions").path)
        #expect(versions.count == 1)
        let kept = week.appendingPathComponent(".versions/\(versions[0])/p0/poster.jpg")
        #expect(try Data(contentsOf: kept) == mineBefore["poster.jpg"], "the old bundle is kept whole")

        // A render only: nothing paid, a second version kept.
        let render = try TestSupport.runFactory(["regenerate", "p0", "--stage", "render", "--output", "out", "--yes"],
                                                in: folder.url, environment: env)
        #expect(render.status == 0, "\(render.stdout)\n\(render.stderr)")
        try await Task.sleep(for: .milliseconds(200))
        #expect(await server.stats().billed == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".versions").path).count == 2)

        // A stage the item does not have.
        let speech = try TestSupport.runFactory(["regenerate", "p0", "--stage", "speech", "--output", "out", "--yes"],
                                                in: folder.url, environment: env)
        #expect(speech.status == 2)
        #expect(speech.stderr.contains("has no speech stage"))
        await server.stop()
    }
}
