import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryFakeProviders
import Foundation
import FactoryTesting

extension BenchCommand.BenchExecutor {
    /// `--workers 1,2,4`: the same week made by N `run --database` processes at once, against the
    /// ideal schedule for the limits, which are per provider account (the same for any N); and the
    /// database round trips each item cost.
    func runCluster(_ list: String) async throws {
        let counts = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 >= 1 }) else { throw ValidationError("--workers: a list like 1,2,4") }
        let scratch = database == nil ? try ScratchPostgres() : nil
        defer { scratch?.remove() }
        let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": latencyMs]))
        _ = try await server.start()
        let latency = Double(latencyMs) / 1000
        print("cluster executor: \(items) items (quote + image each), latency \(latencyMs) ms, \(perProvider) per provider "
              + "(all workers together), \(total) in all per worker, render skipped; ideal schedule "
              + String(format: "%.2f", Self.ideal((items, items), latency: latency, perProvider: perProvider, total: total)) + " s")
        for (round, count) in counts.enumerated() {
            let url: String
            if let scratch {
                try scratch.createDatabase("bench\(round)")
                url = scratch.url(database: "bench\(round)")
            } else {
                url = database ?? ""
            }
            let before = await server.stats().charges.count
            let (wall, trips) = try await week(round: round, workers: count, url: url, server: server)
            let calls = Self.calls(await server.stats().charges.dropFirst(before).map(\.provider))
            // The per-provider limits are for all workers together; the total is per worker.
            let ideal = Self.ideal(calls, latency: latency, perProvider: perProvider, total: total * count)
            print(String(format: "workers %d: wall %.2f s, ratio %.2f (goal ≤ 1.10) to an ideal of %.2f s for %@; "
                         + "database %d round trips, %.1f per item",
                         count, wall, wall / ideal, ideal, Self.describe(calls, items: items), trips, Double(trips) / Double(items)))
        }
        let most = await server.stats().maxInFlight
        print("most calls in flight at the fake: \(most.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        await server.stop()
    }

    /// One week (its prompts new to the cache) made by `workers` processes; wall time and round trips.
    func week(round: Int, workers: Int, url: String, server: FakeProviderServer) async throws -> (Double, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("factory-bench-cluster-\(getpid())-\(round)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.week(items: items, total: total, perProvider: perProvider, round: round)
        try Data(text.utf8).write(to: folder.appendingPathComponent("week.yaml"))
        var environment = ProcessInfo.processInfo.environment
        environment["ANTHROPIC_API_KEY"] = "sk-ant-bench"
        environment["RUNWARE_API_KEY"] = "rw-bench"
        environment["ANTHROPIC_BASE_URL"] = server.baseURLs["anthropic"]
        environment["RUNWARE_BASE_URL"] = server.baseURLs["runware"]
        let started = Date()
        let processes = try (0..<workers).map { n -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BenchCommand.factoryBinary())
            process.arguments = ["run", "week.yaml", "--database", url, "--output", "out", "--state", "local-\(n)", "--skip-render",
                                 "--progress", "plain", "--lease-seconds", "30"]
            process.currentDirectoryURL = folder
            process.environment = environment
            let log = folder.appendingPathComponent("worker-\(n).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: log)
            process.standardError = process.standardOutput
            try process.run()
            return process
        }
        for process in processes {
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        }
        let wall = Date().timeIntervalSince(started)
        var trips = 0
        for (n, process) in processes.enumerated() {
            let log = (try? String(contentsOf: folder.appendingPathComponent("worker-\(n).log"), encoding: .utf8)) ?? ""
            guard process.terminationStatus == 0 else {
                printError("worker \(n) exited \(process.terminationStatus):\n\(log.suffix(2000))")
                throw ExitCode(1)
            }
            for line in log.split(separator: "\n") where line.hasPrefix("database: ") {
                trips += Int(line.split(separator: " ")[1]) ?? 0
            }
        }
        return (wall, trips)
    }
}
