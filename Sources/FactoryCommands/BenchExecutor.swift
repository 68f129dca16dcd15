import ArgumentParser
import FactoryCore
import FactoryFakeProviders
import Foundation

extension FactoryCommand {
    /// `factory bench-executor`: `run --skip-render` of a generated week against fake-providers with
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
                    + "prompt: \"a quiet place number \(n)\" }\n"
            }
            try Data(text.utf8).write(to: folder.appendingPathComponent("week.yaml"))

            let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": latencyMs]))
            _ = try await server.start()
            var environment = ProcessInfo.processInfo.environment
            environment["ANTHROPIC_API_KEY"] = "sk-ant-bench"
            environment["RUNWARE_API_KEY"] = "rw-bench"
            environment["ANTHROPIC_BASE_URL"] = server.baseURLs["anthropic"]
            environment["RUNWARE_BASE_URL"] = server.baseURLs["runware"]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
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
            // The ideal: every item asks for its quote, then its image; no provider ever has a free slot
            // while work for it is ready, and nothing costs time but the providers' latency.
            let latency = Double(latencyMs) / 1000
            let quotes = Double(items), images = Double(items)
            let ideal = max((quotes / Double(perProvider)).rounded(.up) * latency + latency,
                            latency + (images / Double(perProvider)).rounded(.up) * latency,
                            ((quotes + images) / Double(total)).rounded(.up) * latency)
            print("executor: \(items) items (quote + image each), \(stats.billed) billed calls, latency \(latencyMs) ms, "
                  + "limits \(perProvider) per provider / \(total) in all, render skipped")
            print(String(format: "wall %.2f s; ideal schedule %.2f s; ratio %.2f (goal ≤ 1.10)", wall, ideal, wall / ideal))
        }
    }
}
