import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// The live path against a fake that follows the providers' docs: answers cut at max_tokens,
/// broken downloads, what the summary says was paid, `factory doctor`, and the models a manifest names.
@Suite(.serialized) struct RealProvidersTests {
    static let keys = ["ANTHROPIC_API_KEY": "sk-ant-good-7c1d", "RUNWARE_API_KEY": "rw-good-7c1d", "OPENAI_API_KEY": "sk-good-7c1d"]

    static func environment(_ server: FakeProviderServer, overriding: [String: String] = [:]) -> [String: String] {
        var env = keys.merging(overriding) { $1 }
        env["ANTHROPIC_BASE_URL"] = server.baseURLs["anthropic"] ?? ""
        env["RUNWARE_BASE_URL"] = server.baseURLs["runware"] ?? ""
        env["OPENAI_BASE_URL"] = server.baseURLs["openai"] ?? ""
        return env
    }

    static func server(_ faults: [FakeFault] = []) async throws -> FakeProviderServer {
        let server = FakeProviderServer(config: FakeProviderConfig(faults: faults, requiredKeys: [
            "anthropic": keys["ANTHROPIC_API_KEY"] ?? "", "runware": keys["RUNWARE_API_KEY"] ?? "", "openai": keys["OPENAI_API_KEY"] ?? "",
        ]))
        _ = try await server.start()
        return server
    }

    static func week(_ items: Int) -> String {
        var text = """
        version: 1
        week: 2026-W48
        timezone: America/New_York
        providers: { text: anthropic, image: runware, speech: offline }
        items:

        """
        for n in 0..<items {
            text += "  - { id: p\(n), kind: poster, day: monday, series: monday-motivation, format: square, quality: draft, duration: 6, "
                + "prompt: \"a quiet place number \(n)\" }\n"
        }
        return text
    }

    @Test func doctorWithGoodKeysSpendsNothingAndABadRunwareKeyIsNamed() async throws {
        let folder = try TemporaryFolder("doctor")
        let server = try await Self.server()
        try folder.write(Self.week(1), to: "week.yaml")
        let good = try TestSupport.runFactory(["doctor", "week.yaml"], in: folder.url, environment: Self.environment(server))
        #expect(good.status == 0, "\(good.stdout)\n\(good.stderr)")
        #expect(good.stdout.contains("ok      anthropic") && good.stdout.contains("ok      runware"), "\(good.stdout)")
        let bad = try TestSupport.runFactory(["doctor", "week.yaml"], in: folder.url,
                                             environment: Self.environment(server, overriding: ["RUNWARE_API_KEY": "rw-wrong"]))
        #expect(bad.status == 1, "\(bad.stdout)\n\(bad.stderr)")
        #expect(bad.stdout.contains("PROBLEM runware") && bad.stdout.contains("RUNWARE_API_KEY"), "\(bad.stdout)")
        #expect(!bad.stdout.contains("rw-wrong") && !bad.stderr.contains("rw-wrong"))
        let stats = await server.stats()
        #expect(stats.billed == 0 && stats.totalUSD == 0)
        let badArguments = try TestSupport.runFactory(["doctor", "--no-such-flag"], in: folder.url, environment: Self.environment(server))
        #expect(badArguments.status == 2)
        await server.stop()
    }

    @Test func aThirdOfAnswersCutAtMaxTokensStillFinishesEveryItem() async throws {
        let folder = try TemporaryFolder("cut")
        let server = try await Self.server([FakeFault(provider: "anthropic", kind: .maxTokens, every: 3)])
        try folder.write(Self.week(6), to: "week.yaml")
        var last = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        var runs = 1
        while last.status != 0, runs < 4 {
            last = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
            runs += 1
        }
        #expect(last.status == 0, "after \(runs) runs:\n\(last.stdout)\n\(last.stderr)")
        for n in 0..<6 {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/p\(n)/metadata.json")))
        }
        let billed = await server.stats().billed
        let again = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(again.status == 0)
        #expect(await server.stats().billed == billed)
        await server.stop()
    }

    @Test func halfTheDownloadsBrokenTheFirstRunFinishesAndNothingIsPaidTwice() async throws {
        let folder = try TemporaryFolder("downloads")
        let server = try await Self.server([FakeFault(provider: "runware", endpoint: "image", kind: .truncatedBody, every: 2)])
        try folder.write(Self.week(4), to: "week.yaml")
        let run = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let stats = await server.stats()
        #expect(Set(stats.charges.map(\.requestHash)).count == stats.charges.count)
        #expect(stats.charges.filter { $0.provider == "runware" }.count == 4)
        await server.stop()
    }

    @Test func theSummaryReportsWhatWasPaidFailedItemsIncluded() async throws {
        let folder = try TemporaryFolder("paid")
        let server = try await Self.server([FakeFault(provider: "anthropic", kind: .maxTokens)])
        try folder.write(Self.week(1), to: "week.yaml")
        let run = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(run.status == 1)
        #expect(run.stdout.contains("output limit twice"), "\(run.stdout)\n\(run.stderr)")
        let paid = await server.stats().totalUSD
        #expect(paid > 0)
        struct Report: Decodable {
            struct Estimate: Decodable { var actualUsd: Double }
            struct Item: Decodable { var costUsd: Double; var status: String }
            var estimate: Estimate?
            var items: [Item]
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/2026-W48/report.json")))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let report = try decoder.decode(Report.self, from: data)
        #expect(abs((report.estimate?.actualUsd ?? 0) - paid) < 1e-6)
        #expect(abs((report.items.first?.costUsd ?? 0) - paid) < 1e-6)
        #expect(!run.stdout.contains("paid $0.0000"), "\(run.stdout)")
        // The cut answers are quarantined beside the week, not replayed by the next run.
        let quarantine = folder.path("out/2026-W48/.quarantine/p0")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: quarantine))?.contains { $0.hasSuffix(".answer") } == true)
        await server.stop()
    }

    @Test func aVoiceTheSpeechModelLacksIsAValidateError() throws {
        let folder = try TemporaryFolder("voice")
        try folder.write("""
            version: 1
            week: 2026-W48
            providers: { speech_model: tts-1 }
            items:
              - { id: tue-bedtime, kind: bedtime-story, day: tuesday, voice: marin, length_minutes: 2,
                  hero: { name: Luna, age: 6 }, theme: "a lost star finds its way home" }
            """, to: "week.yaml")
        // On a day tts-1 still speaks: from 2027-01-06 its retirement is the error (SpeechRetirementTests).
        let out = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url, at: "2026-12-01 09:00:00")
        #expect(out.status == 2)
        #expect(out.stderr.contains("marin") && out.stderr.contains("tts-1") && out.stderr.contains("items[0].voice"), "\(out.stderr)")
    }

    @Test func anErrorUnderDefaultsIsSaidOnce() throws {
        let folder = try TemporaryFolder("defaults")
        var text = "version: 1\nweek: 2026-W48\ndefaults:\n  format: sqare\nitems:\n"
        for n in 0..<24 { text += "  - { id: p\(n), kind: poster, day: monday, series: monday-motivation, prompt: \"x\" }\n" }
        try folder.write(text, to: "week.yaml")
        let out = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url)
        #expect(out.status == 2)
        #expect(out.stderr.components(separatedBy: "sqare").count - 1 == 1, "\(out.stderr)")
    }
}
