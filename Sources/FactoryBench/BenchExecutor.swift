import ArgumentParser
import FactoryCore
import FactoryFakeProviders
import Foundation

extension BenchCommand {
    /// `factory-bench bench-executor`: `run --skip-render` of a generated week against fake-providers with
    /// a fixed latency, compared with the ideal schedule for the configured limits.
    struct BenchExecutor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-executor",
                                                        abstract: "Measure the executor against the ideal schedule (make bench).")

        @Option(help: "Poster items in the generated manifest.")
        var items = 200

        @Option(help: "Fixed latency of every fake provider call, in milliseconds.")
        var latencyMs = 500

        @Option(help: "Limit per provider (anthropic and runware).")
        var perProvider = 4

        @Option(help: "Global limit of calls in flight (per worker in cluster mode).")
        var total = 8

        @Option(help: "Cluster mode: worker counts to measure, e.g. 1,2,4 (each a fresh week on PostgreSQL).")
        var workers: String?

        @Option(help: "With --workers: the PostgreSQL to use (default: a scratch server on 127.0.0.1, as the tests start).")
        var database: String?

        func run() async throws {
            if let workers { return try await runCluster(workers) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("factory-bench-executor-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let text = Self.week(items: items, total: total, perProvider: perProvider)
            try Data(text.utf8).write(to: folder.appendingPathComponent("week.yaml"))

            let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": latencyMs]))
            _ = try await server.start()
            var environment = ProcessInfo.processInfo.environment
            environment["ANTHROPIC_API_KEY"] = "sk-ant-bench"
            environment["RUNWARE_API_KEY"] = "rw-bench"
            environment["ANTHROPIC_BASE_URL"] = server.baseURLs["anthropic"]
            environment["RUNWARE_BASE_URL"] = server.baseURLs["runware"]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BenchCommand.factoryBinary())
            process.arguments = ["run", "week.yaml", "--output", "out", "--skip-render"]
            process.currentDirectoryURL = folder
            process.environment = environment
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            let started = Date()
            try process.run()
            process.waitUntilExit()
            let wall = Date().timeIntervalSince(started)
            let stats = await server.stats()
            await server.stop()
            guard process.terminationStatus == 0 else {
                printError("the benchmark run exited \(process.terminationStatus)")
                throw ExitCode(1)
            }
            let calls = Self.calls(stats.charges.map(\.provider))
            let ideal = Self.ideal(calls, latency: Double(latencyMs) / 1000, perProvider: perProvider, total: total)
            print("executor: \(items) items (quote + image each), \(stats.billed) billed calls (\(Self.describe(calls, items: items))), "
                  + "latency \(latencyMs) ms, limits \(perProvider) per provider / \(total) in all, render skipped")
            print(String(format: "wall %.2f s; ideal schedule %.2f s; ratio %.2f (goal ≤ 1.10)", wall, ideal, wall / ideal))
        }

        /// The generated week: `items` posters on one day, spread over the five poster series as a
        /// real week spreads them. (All in one series, the fake's small vocabulary makes the content
        /// memory refuse one quote in twenty as a near-repeat, and now and then an item three times.)
        static func week(items: Int, total: Int, perProvider: Int, round: Int? = nil) -> String {
            var text = """
            version: 1
            week: 2026-W48
            budget: { daily_usd: 100, weekly_usd: 100 }
            concurrency: { total: \(total), render: 1, runware: \(perProvider), openai: \(perProvider), anthropic: \(perProvider) }
            providers: { text: anthropic, image: runware }
            items:

            """
            let series = ["monday-motivation", "wednesday-wisdom", "friday-reflection", "mindful-moment", "daily-affirmation"]
            for n in 0..<items {
                text += "  - { id: item-\(n), kind: poster, day: monday, series: \(series[n % series.count]), format: story, "
                    + "prompt: \"a quiet place number \(n)\(round.map { ", round \($0)" } ?? "")\" }\n"
            }
            return text
        }

        /// The quotes and images the fake billed, from its charges' providers. A quote the content
        /// memory asked again for is a real call the schedule has to fit, so the ideal counts it.
        static func calls(_ providers: [String]) -> (quotes: Int, images: Int) {
            (providers.count { $0 == "anthropic" }, providers.count { $0 == "runware" })
        }

        static func describe(_ calls: (quotes: Int, images: Int), items: Int) -> String {
            "\(calls.quotes) quote\(calls.quotes == 1 ? "" : "s")"
                + (calls.quotes > items ? ", \(calls.quotes - items) asked again by the content memory" : "")
                + ", \(calls.images) image\(calls.images == 1 ? "" : "s")"
        }

        /// The ideal schedule: every item asks for its quote, then its image; no provider ever has a
        /// free slot while work for it is ready, and nothing costs time but the providers' latency.
        static func ideal(_ calls: (quotes: Int, images: Int), latency: Double, perProvider: Int, total: Int) -> Double {
            let quotes = Double(calls.quotes), images = Double(calls.images)
            return max((quotes / Double(perProvider)).rounded(.up) * latency + latency,
                       latency + (images / Double(perProvider)).rounded(.up) * latency,
                       ((quotes + images) / Double(total)).rounded(.up) * latency)
        }
    }
}
