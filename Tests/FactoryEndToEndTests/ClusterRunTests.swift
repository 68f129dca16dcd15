import FactoryCluster
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Synchronization
import Testing

/// `factory run --database`: several worker processes against one scratch PostgreSQL and the fake
/// providers, each with its own --state, sharing --output. Kills, pauses and a server restart.
@Suite(.serialized) struct ClusterRunTests {
    /// One week's setting: a database, the fake, a folder with the manifest.
    final class Week: Sendable {
        let folder: TemporaryFolder
        let postgres: ScratchPostgres
        let server: FakeProviderServer
        let started = Mutex<[Process]>([])

        init(items: Int, latencyMS: Int, daily: Double = 5, weekly: Double = 20, limit: Int = 4, total: Int = 4) async throws {
            folder = try TemporaryFolder("cluster")
            postgres = try ScratchPostgres()
            server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": latencyMS]))
            _ = try await server.start()
            var text = """
            version: 1
            week: 2026-W48
            timezone: America/New_York
            budget: { daily_usd: \(daily), weekly_usd: \(weekly) }
            concurrency: { total: \(total), render: 1, runware: \(limit), openai: \(limit), anthropic: \(limit) }
            providers: { text: anthropic, image: runware }
            items:

            """
            let series = ["monday-motivation", "wednesday-wisdom", "friday-reflection", "mindful-moment"]
            for n in 0..<items {
                text += "  - { id: p\(n), kind: poster, day: monday, series: \(series[n % series.count]), format: square, "
                    + "quality: draft, duration: 6, prompt: \"a quiet place number \(n)\" }\n"
            }
            try folder.write(text, to: "week.yaml")
        }

        /// Stops whatever a failed test left running (a stopped worker is woken to die), then the servers.
        func close() async {
            for process in started.withLock({ $0 }) where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kill(process.processIdentifier, SIGCONT)
            }
            await server.stop()
            postgres.remove()
        }

        /// Runs a test's body and always cleans up after it.
        static func with(items: Int, latencyMS: Int, daily: Double = 5, weekly: Double = 20, limit: Int = 4, total: Int = 4,
                         _ body: (Week) async throws -> Void) async throws {
            let week = try await Week(items: items, latencyMS: latencyMS, daily: daily, weekly: weekly, limit: limit, total: total)
            do {
                try await body(week)
            } catch {
                // What the workers said, so a failure on a loaded machine can be read afterwards.
                let logs = (0..<4).map { week.log($0) }.enumerated().filter { !$0.element.isEmpty }
                    .map { "worker-\($0.offset).log:\n\($0.element.suffix(3000))" }.joined(separator: "\n")
                await week.close()
                throw WorkerFailure(error: error, logs: logs)
            }
            await week.close()
        }

        var environment: [String: String] {
            ["ANTHROPIC_API_KEY": "sk-ant-cluster-test", "RUNWARE_API_KEY": "rw-cluster-test",
             "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? "", "RUNWARE_BASE_URL": server.baseURLs["runware"] ?? ""]
        }

        /// Starts worker `n` with its own state folder; its output goes to worker-n.log.
        func start(_ n: Int, lease: Int = 6, _ extra: [String] = []) throws -> Process {
            let process = try TestSupport.startFactory(["run", "week.yaml", "--database", postgres.url(), "--output", "shared", "--state", "local-\(n)",
                                          "--lease-seconds", "\(lease)", "--progress", "plain"] + extra,
                                         in: folder.url, environment: environment, log: folder.url.appendingPathComponent("worker-\(n).log"))
            started.withLock { $0.append(process) }
            return process
        }

        func log(_ n: Int) -> String { (try? String(contentsOf: folder.url.appendingPathComponent("worker-\(n).log"), encoding: .utf8)) ?? "" }

        func sql(_ text: String) throws -> String { try postgres.psql("postgres", text).trimmingCharacters(in: .whitespacesAndNewlines) }

        /// The worker's name, from its first lines.
        func owner(_ n: Int) async throws -> String {
            try await until("worker \(n) says its name") { self.log(n).contains("cluster worker ") }
            let line = log(n).split(separator: "\n").first { $0.contains("cluster worker ") } ?? ""
            return String(line.split(separator: " ")[2].dropLast())
        }

        /// Waits (polling, never asserting on time) until `condition` holds; fails the test after `limit` seconds.
        func until(_ what: String, limit: Double = 240, _ condition: () throws -> Bool) async throws {
            let started = Date()
            while try !condition() {
                if Date().timeIntervalSince(started) > limit { throw TestTimeout(what: what) }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        /// Waits for a worker to exit without holding a thread (the fake answers on this process's threads).
        func exit(_ process: Process) async throws -> Int32 {
            try await until("worker \(process.processIdentifier) exits", limit: 900) { !process.isRunning }
            return process.terminationStatus
        }

        /// Requests billed more than once, and what `factory costs --database` calls uncertain.
        func repeatsAndUncertain() async throws -> (repeats: Int, uncertain: Int, distinct: Int) {
            let stats = await server.stats()
            var seen = Set<String>(), repeats = 0
            for charge in stats.charges where !seen.insert(charge.requestHash).inserted { repeats += 1 }
            let uncertain = Int(try sql("SELECT count(*) FROM factory_calls WHERE state = 'uncertain'")) ?? -1
            return (repeats, uncertain, seen.count)
        }

        func bundles(_ items: Int) -> [Bool] {
            (0..<items).map { FileManager.default.fileExists(atPath: folder.path("shared/2026-W48/p\($0)/metadata.json")) }
        }

        struct Report: Decodable {
            struct Item: Decodable { var id: String; var status: String }
            var items: [Item]
        }

        func report() throws -> Report {
            try JSONDecoder().decode(Report.self, from: Data(contentsOf: folder.url.appendingPathComponent("shared/2026-W48/report.json")))
        }
    }

    struct WorkerFailure: Error, CustomStringConvertible {
        var error: any Error
        var logs: String
        var description: String { "\(error)\n\(logs)" }
    }

    struct TestTimeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "gave up waiting: \(what)" }
    }

    @Test func threeWorkersMakeTheWeekOnceAndAReRunPaysNothing() async throws {
        try await Week.with(items: 3, latencyMS: 200, total: 2) { week in
            let workers = try (0..<3).map { try week.start($0) }
            var statuses: [Int32] = []
            for worker in workers { statuses.append(try await week.exit(worker)) }
            #expect(statuses == [0, 0, 0], "\(week.log(0))\n\(week.log(1))\n\(week.log(2))")
            #expect(week.bundles(3).allSatisfy { $0 })
            // Each worker says which weeks its content memory (in PostgreSQL) looks back on.
            #expect((0..<3).allSatisfy { week.log($0).contains("memory: no repeats of what a series published in 2026-W36…2027-W07")
                && week.log($0).contains("(content memory)") }, "\(week.log(0))")
            // Published once each: no bundle was replaced (a replaced one would be kept in .versions).
            #expect(!FileManager.default.fileExists(atPath: week.folder.path("shared/2026-W48/.versions")))
            let paid = try await week.repeatsAndUncertain()
            #expect(paid.repeats == 0 && paid.distinct == 6)
            // Every worker reports the whole week, whichever made each item.
            #expect(try week.report().items.map(\.status) == Array(repeating: "done", count: 3))
            #expect(try week.sql("SELECT count(DISTINCT owner) FROM factory_jobs") != "0")
            let costs = try TestSupport.runFactory(["costs", "--database", week.postgres.url(), "--json"], in: week.folder.url)
            struct Costs: Decodable { var total_usd: Double }
            let total = try JSONDecoder().decode(Costs.self, from: Data(costs.stdout.utf8)).total_usd
            #expect(abs(total - (await week.server.stats().totalUSD)) < 1e-6, "\(costs.stdout)\(costs.stderr)")
            let review = try TestSupport.runFactory(["review", "--output", "shared"], in: week.folder.url)
            #expect(review.status == 0, "\(review.stdout)\(review.stderr)")
            // A re-run of the same manifest joins the finished week: nothing to make, nothing paid.
            let again = try week.start(3)
            #expect(try await week.exit(again) == 0, "\(week.log(3))")
            #expect(await week.server.stats().billed == 6)
        }
    }

    @Test func aKilledWorkersItemsAreFinishedByTheOthers() async throws {
        try await Week.with(items: 6, latencyMS: 1500, total: 2) { week in
            let first = try week.start(0, lease: 3, ["--skip-render"])
            let name = try await week.owner(0)
            try await week.until("worker 0 holds an item") { (try? week.sql("SELECT count(*) FROM factory_jobs WHERE owner = '\(name)' AND state = 'running'")) ?? "0" != "0" }
            let others = try (1..<3).map { try week.start($0, lease: 3, ["--skip-render"]) }
            try await Task.sleep(for: .milliseconds(300))
            kill(first.processIdentifier, SIGKILL)
            _ = try await week.exit(first)
            for (n, worker) in others.enumerated() {
                #expect(try await week.exit(worker) == 0, "\(week.log(n + 1))")
            }
            #expect(try week.sql("SELECT string_agg(DISTINCT state, ',') FROM factory_jobs") == "done")
            // The killed worker's items were taken over (a second attempt), and nothing was paid twice
            // except calls in flight when it died, which the ledger lists as uncertain.
            #expect(try week.sql("SELECT max(attempt) FROM factory_jobs") == "2")
            let paid = try await week.repeatsAndUncertain()
            #expect(paid.repeats <= paid.uncertain && paid.distinct == 12, "\(paid)")
            #expect(try week.sql("SELECT count(*) FROM factory_calls WHERE state = 'reserved'") == "0")
        }
    }

    @Test func aWorkerStoppedPastItsLeaseIsFencedOff() async throws {
        try await Week.with(items: 4, latencyMS: 1000, total: 2) { week in
            let stopped = try week.start(0, lease: 3, ["--skip-render"])
            let name = try await week.owner(0)
            try await week.until("worker 0 holds an item") { (try? week.sql("SELECT count(*) FROM factory_jobs WHERE owner = '\(name)' AND state = 'running'")) ?? "0" != "0" }
            kill(stopped.processIdentifier, SIGSTOP)
            let other = try week.start(1, lease: 3, ["--skip-render"])
            let otherStatus = try await week.exit(other)
            kill(stopped.processIdentifier, SIGCONT)
            let stoppedStatus = try await week.exit(stopped)
            #expect(otherStatus == 0, "\(week.log(1))")
            // Woken late, it stops what it held, changes nothing, and exits with the week's code.
            #expect(stoppedStatus == 0, "\(week.log(0))")
            #expect(week.log(0).contains("lease lost") || week.log(0).contains("fenced off"), "\(week.log(0))")
            // Its items were taken over on a second attempt; its late writes recorded nothing.
            #expect(try week.sql("SELECT max(attempt) FROM factory_jobs") == "2")
            #expect(try week.sql("SELECT count(*) FROM factory_jobs WHERE owner = '\(name)'") == "0")
            #expect(try week.sql("SELECT string_agg(DISTINCT state, ',') FROM factory_jobs") == "done")
            let paid = try await week.repeatsAndUncertain()
            #expect(paid.repeats <= paid.uncertain && paid.distinct == 8, "\(paid)")
            #expect(try week.report().items.allSatisfy { $0.status == "fetched" })
        }
    }

    @Test func theWeekSurvivesAPostgresRestart() async throws {
        try await Week.with(items: 8, latencyMS: 400, total: 2) { week in
            let workers = try (0..<2).map { try week.start($0, lease: 6, ["--skip-render"]) }
            try await week.until("an item is done") { (try? week.sql("SELECT count(*) FROM factory_jobs WHERE state = 'done'")) ?? "0" != "0" }
            try week.postgres.restart()
            for (n, worker) in workers.enumerated() {
                #expect(try await week.exit(worker) == 0, "\(week.log(n))")
            }
            #expect(try week.sql("SELECT count(*) FROM factory_jobs WHERE state = 'done'") == "8")
            let paid = try await week.repeatsAndUncertain()
            #expect(paid.repeats <= paid.uncertain && paid.distinct == 16, "\(paid)")
        }
    }

    @Test func aWeeklyCapIsHeldForThreeWorkers() async throws {
        // A square poster costs about $0.0023 (quote and image): $0.006 fits two of ten, across all workers.
        try await Week.with(items: 10, latencyMS: 100, daily: 1, weekly: 0.006, total: 2) { week in
            let workers = try (0..<3).map { try week.start($0, lease: 6, ["--skip-render"]) }
            for (n, worker) in workers.enumerated() {
                #expect(try await week.exit(worker) == 3, "\(week.log(n))")
            }
            let stats = await week.server.stats()
            #expect(stats.billed > 0)
            #expect(stats.totalUSD <= 0.006 + 1e-9)
            #expect(try week.report().items.contains { $0.status == "deferred" })
        }
    }

    @Test func aProviderLimitHoldsAcrossWorkers() async throws {
        try await Week.with(items: 12, latencyMS: 300, limit: 2, total: 4) { week in
            let workers = try (0..<3).map { try week.start($0, lease: 6, ["--skip-render"]) }
            for (n, worker) in workers.enumerated() {
                #expect(try await week.exit(worker) == 0, "\(week.log(n))")
            }
            let most = await week.server.stats().maxInFlight
            #expect((most["runware"] ?? 0) <= 2 && (most["anthropic"] ?? 0) <= 2, "\(most)")
            #expect((most["runware"] ?? 0) >= 1 && (most["anthropic"] ?? 0) >= 1, "\(most)")
        }
    }
}
