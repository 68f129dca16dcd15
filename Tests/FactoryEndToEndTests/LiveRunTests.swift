import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// `factory run` against fake-providers over real HTTP: live end to end, the cache, kills and
/// resume, caps, and a canary key that must be found nowhere.
@Suite(.serialized) struct LiveRunTests {
    static let canary = "sk-ant-CANARY-5f0c2e9a"

    static func manifest(items: Int, daily: Double = 3, concurrency: Int = 4) -> String {
        var text = """
        version: 1
        week: 2026-W48
        timezone: America/New_York
        budget: { daily_usd: \(daily), weekly_usd: 15 }
        concurrency: { total: \(concurrency), render: 1, runware: \(concurrency), openai: \(concurrency), anthropic: \(concurrency) }
        providers: { text: anthropic, image: runware }
        items:

        """
        let series = ["monday-motivation", "wednesday-wisdom", "friday-reflection", "mindful-moment"]
        for n in 0..<items {
            text += "  - { id: p\(n), kind: poster, day: monday, series: \(series[n % series.count]), format: square, "
                + "quality: draft, duration: 6, prompt: \"a quiet place number \(n)\" }\n"
        }
        return text
    }

    static func environment(_ server: FakeProviderServer, key: String = canary) -> [String: String] {
        ["ANTHROPIC_API_KEY": key, "RUNWARE_API_KEY": "rw-" + key,
         "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? "", "RUNWARE_BASE_URL": server.baseURLs["runware"] ?? ""]
    }

    struct Costs: Decodable { var total_usd: Double }

    static func ledgerTotal(_ folder: TemporaryFolder) throws -> Double {
        let out = try TestSupport.runFactory(["costs", "--state", "out/.factory", "--json"], in: folder.url)
        return try JSONDecoder().decode(Costs.self, from: Data(out.stdout.utf8)).total_usd
    }

    struct Rows: Decodable { struct Row: Decodable { var uncertain: Int }; var rows: [Row] }

    static func uncertainCalls(_ folder: TemporaryFolder) throws -> Int {
        let out = try TestSupport.runFactory(["costs", "--state", "out/.factory", "--json", "--by", "item"], in: folder.url)
        return try JSONDecoder().decode(Rows.self, from: Data(out.stdout.utf8)).rows.reduce(0) { $0 + $1.uncertain }
    }

    @Test func liveWeekThenSecondRunPaysNothing() async throws {
        let folder = try TemporaryFolder("live")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        try folder.write(Self.manifest(items: 3), to: "week.yaml")
        let first = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        #expect(first.stdout.contains("text: anthropic claude-sonnet-5-5 (live"), "\(first.stdout)")
        let afterFirst = await server.stats()
        #expect(afterFirst.billed == 6)
        #expect(abs(try Self.ledgerTotal(folder) - afterFirst.totalUSD) < 1e-6)

        let second = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(second.status == 0, "\(second.stdout)\n\(second.stderr)")
        #expect(await server.stats().billed == afterFirst.billed)
        // Re-rendering from the cache (published bundles ignored) still calls nothing.
        let third = try TestSupport.runFactory(["run", "week.yaml", "--output", "out", "--only", "p1"], in: folder.url,
                                               environment: Self.environment(server))
        #expect(third.status == 0)
        #expect(await server.stats().billed == afterFirst.billed)
        #expect(abs(try Self.ledgerTotal(folder) - afterFirst.totalUSD) < 1e-6)
        await server.stop()
    }

    /// The soak: random kills, then one run. The deterministic kills are in CrashPointTests.
    @Test func killedRunsResumeWithoutPayingTwice() async throws {
        let folder = try TemporaryFolder("kill")
        let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": 120]))
        _ = try await server.start()
        try folder.write(Self.manifest(items: 4, concurrency: 2), to: "week.yaml")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<5 {
            let process = try TestSupport.startFactory(["run", "week.yaml", "--output", "out"], in: folder.url,
                                                       environment: Self.environment(server), log: folder.url.appendingPathComponent("run-\(round).log"))
            // Not a wait: the kill lands at a random point of the run (start-up, calls, renders, publishing).
            try await Task.sleep(for: .milliseconds(Int.random(in: 150...2500, using: &generator)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // One run after the kills must finish everything: no second chance.
        let final = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(final.status == 0, "\(final.stdout)\n\(final.stderr)")
        for n in 0..<4 {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/p\(n)/metadata.json")))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/.staging")))
        let stats = await server.stats()
        // A request may be billed twice only in the one window no client can close (the answer was
        // delivered and the process died before saving it), and then the ledger lists it as uncertain.
        var seen = Set<String>(), repeatedUSD = 0.0, repeats = 0
        for charge in stats.charges where !seen.insert(charge.requestHash).inserted {
            repeats += 1
            repeatedUSD += charge.costUSD
        }
        let uncertain = try Self.uncertainCalls(folder)
        #expect(repeats <= uncertain, "\(repeats) requests billed twice, \(uncertain) reported uncertain")
        #expect(stats.billed - repeats == 8)
        #expect(abs(try Self.ledgerTotal(folder) - (stats.totalUSD - repeatedUSD)) < 1e-6)
        await server.stop()
    }

    @Test func dailyCapDefersItemsAndIsNeverBroken() async throws {
        let folder = try TemporaryFolder("cap")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        // Each square poster costs about $0.0013 (image) + $0.001 (quote); a $0.006 cap fits two or three of eight.
        try folder.write(Self.manifest(items: 8, daily: 0.006, concurrency: 8), to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(out.status == 3, "\(out.stdout)\n\(out.stderr)")
        #expect(out.stdout.contains("DEFERRED (budget)"), "\(out.stdout)")
        #expect(out.stdout.contains("daily cap of $0.01") || out.stdout.contains("daily cap of $0.006"), "\(out.stdout)")
        let stats = await server.stats()
        #expect(stats.billed > 0)
        #expect(stats.totalUSD <= 0.006 + 1e-9)
        await server.stop()
    }

    @Test func canaryKeyIsFoundNowhere() async throws {
        let folder = try TemporaryFolder("canary")
        let server = FakeProviderServer(config: FakeProviderConfig(faults: [
            FakeFault(provider: "anthropic", kind: .authEchoKey, count: 1),
            FakeFault(provider: "runware", kind: .rateLimit, count: 1, retryAfter: "1"),
        ]))
        _ = try await server.start()
        try folder.write(Self.manifest(items: 2), to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(out.status == 1, "\(out.stdout)\n\(out.stderr)")
        #expect(out.stdout.contains("401"), "\(out.stdout)")
        #expect(!(out.stdout + out.stderr).contains("CANARY"))
        // Every file written (bundles, report, ledger, cache) is free of both keys.
        let enumerator = FileManager.default.enumerator(atPath: folder.path("out"))
        var files = 0
        while let name = enumerator?.nextObject() as? String {
            let path = folder.path("out/\(name)")
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            files += 1
            #expect(data.range(of: Data("CANARY".utf8)) == nil, "key found in \(name)")
        }
        #expect(files > 5)
        await server.stop()
    }

    @Test func twoRunsAtOnceOneExits75() async throws {
        let folder = try TemporaryFolder("lock")
        let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": 400]))
        _ = try await server.start()
        try folder.write(Self.manifest(items: 2), to: "week.yaml")
        let first = try TestSupport.startFactory(["run", "week.yaml", "--output", "out"], in: folder.url,
                                                 environment: Self.environment(server), log: folder.url.appendingPathComponent("first.log"))
        // The first run has taken the lock once it has stamped its pid in it.
        let lock = folder.path("out/.factory/lock")
        try #require(await eventually {
            (try? String(contentsOfFile: lock, encoding: .utf8))?.hasPrefix("\(first.processIdentifier) ") == true
        }, "the first run never took the lock: \((try? String(contentsOf: folder.url.appendingPathComponent("first.log"), encoding: .utf8)) ?? "")")
        let started = Date()
        let second = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.environment(server))
        #expect(second.status == 75)
        #expect(second.stderr.contains("pid \(first.processIdentifier)"), "\(second.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        await server.stop()
    }
}
