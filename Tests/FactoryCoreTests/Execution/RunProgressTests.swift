@testable import FactoryCore
import FactoryTesting
import Foundation
import Testing

@Suite("Run progress and report")
struct RunProgressTests {
    static func record(model: String = "m", cost: Double = 0, cache: String? = nil) -> GenerationRecord {
        GenerationRecord(stage: "image", provider: "runware", model: model, promptHash: "h", costUSD: cost, cached: cache == "hit")
    }

    @Test("a stage is in flight while it runs, then recorded with its model, cost and cache flag")
    func stageDone() async throws {
        let seen = Seen()
        let progress = RunProgress(onStage: { outcome in seen.add(outcome) })
        let value = try await progress.stage(item: "p1", stage: "image-2", provider: "runware",
                                             describe: { (r: GenerationRecord) in (r.model, r.costUSD, r.cached) }) {
            let during = await progress.snapshot()
            #expect(during.inFlight["runware"] == 1)
            return Self.record(model: "runware:101@1", cost: 0.0038, cache: "miss")
        }
        #expect(value.model == "runware:101@1")
        let after = await progress.snapshot()
        #expect(after.inFlight["runware"] == 0 && after.stagesFinished == 1)
        let stage = try #require(await progress.stages.first)
        #expect(stage.item == "p1" && stage.stage == "image-2" && stage.provider == "runware" && stage.model == "runware:101@1")
        #expect(stage.status == .done && stage.costUSD == 0.0038 && !stage.cached && stage.seconds >= 0)
        #expect(seen.all == [stage] && after.lastStage == stage)
    }

    @Test("a failed stage is recorded failed with its reason (keys scrubbed), a deferred one deferred; both rethrow")
    func stageFailedAndDeferred() async throws {
        Secrets.register("sk-progress-SECRET-1234")
        let progress = RunProgress()
        let describe: (GenerationRecord) -> (model: String, costUSD: Double, cached: Bool) = { _ in ("m", 0, false) }
        await #expect(throws: FactoryError.self) {
            try await progress.stage(item: "p1", stage: "text", provider: "anthropic", describe: describe) {
                throw FactoryError(.provider, "HTTP 401 for key sk-progress-SECRET-1234")
            }
        }
        await #expect(throws: Deferral.self) {
            try await progress.stage(item: "p2", stage: "image", provider: "runware", describe: describe) {
                throw Deferral(.budget, "the daily cap of $3.00 would be broken")
            }
        }
        let stages = await progress.stages
        #expect(stages.map(\.status) == [.failed, .deferred])
        #expect(stages[0].message == "HTTP 401 for key [redacted]")
        #expect(stages[1].message == "the daily cap of $3.00 would be broken")
        #expect(await progress.snapshot().inFlight.values.allSatisfy { $0 == 0 })
    }

    @Test("the gateway's calls count at the provider while sent, and settled money adds to the spend")
    func gatewayReports() async throws {
        let folder = try TemporaryFolder()
        let progress = RunProgress()
        let gateway = PaidCallGateway(
            settings: .init(budget: Budget(dailyUSD: 1, weeklyUSD: 5), timezone: TimeZone(identifier: "UTC") ?? .current,
                            week: "2026-W48", runId: "run", fresh: false, limits: [.runware: 2], total: 2),
            ledger: LocalLedger(try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))),
            cache: LocalAnswerCache(ResultCache(folder: folder.url.appendingPathComponent("cache"))), stop: StopSignal(), log: { _ in },
            progress: progress)
        let call = PaidCall(provider: .runware, endpoint: "imageInference", model: "m", canonical: Data("{\"p\":1}".utf8),
                            estimate: CostEstimate(usd: 0.01, maxUSD: 0.02, units: [:]))
        let result = try await gateway.perform(call, context: CallContext(item: "p1", stage: "image", gateway: gateway), send: {
            #expect(await progress.snapshot().atProvider["runware"] == 1)
            return ProviderAnswer(body: Data("ok".utf8), requestId: "r1", costUSD: 0.015, units: [:])
        }, finish: { $0.body })
        #expect(!result.cached)
        let after = await progress.snapshot()
        #expect(after.atProvider["runware"] == 0 && abs(after.spentUSD - 0.015) < 1e-12)
        // The same call again is a cache hit: nothing sent, nothing paid.
        let again = try await gateway.perform(call, context: CallContext(item: "p1", stage: "image", gateway: gateway),
                                              send: { throw FactoryError(.provider, "must not be sent") }, finish: { $0.body })
        let spent = await progress.snapshot().spentUSD
        #expect(again.cached && abs(spent - 0.015) < 1e-12)
    }

    @Test("items finished move the counts and the ETA follows the pace so far", arguments: [
        (0, 4, 10.0, nil), (1, 4, 10.0, 30.0), (2, 4, 10.0, 10.0), (4, 4, 10.0, 0.0), (0, 0, 0.0, nil),
    ] as [(Int, Int, Double, Double?)])
    func eta(finished: Int, total: Int, elapsed: Double, expected: Double?) {
        let snapshot = ProgressSnapshot(elapsed: elapsed, itemsTotal: total, itemsDone: finished)
        #expect(snapshot.etaSeconds == expected)
    }

    @Test("the report files stages under their items, picks the slowest fresh stages, and summarises")
    func reportAndSummary() {
        func stage(_ item: String, _ name: StageName, _ provider: StageProvider, _ seconds: Double, cached: Bool = false) -> StageOutcome {
            StageOutcome(item: item, stage: name, provider: provider, model: "m", status: .done, seconds: seconds, costUSD: 0.01, cached: cached)
        }
        func item(_ id: String, _ status: ItemOutcome.Status, _ message: String?, deferral: Deferral.Reason? = nil) -> ItemOutcome {
            var outcome = ItemOutcome(id: id, kind: "poster", day: "monday", status: status, message: message, costUSD: 0, seconds: 1, bundle: nil)
            outcome.deferral = deferral
            return outcome
        }
        var report = RunReport(week: "2026-W48", manifest: "/m.yaml", startedAt: "s", finishedAt: "f", seconds: 42.04, providers: [:],
                               items: [item("a", .done, nil), item("b", .failed, "item b: music/missing.mp3 does not exist"),
                                       item("c", .deferred, "item c stage image: the daily cap would be broken", deferral: .budget)],
                               calls: CallSummary(sent: ["runware": 3], cacheHits: 1, retries: 0, spentUSD: 0.03, uncertain: [],
                                                  pausedProviders: [:]))
        report.attach(stages: [stage("a", "text", "anthropic", 1.5), stage("a", "image", "runware", 0, cached: true),
                               stage("a", "render", "render", 9.24), stage("b", "text", "anthropic", 2.0),
                               stage("c", "text", "anthropic", 0.5), stage("a", "image-2", "runware", 4.0)])
        #expect(report.items[0].stages.map(\.stage) == ["text", "image", "render", "image-2"])
        #expect(report.items[1].stages.map(\.stage) == ["text"])
        #expect(report.slowestStages.map { "\($0.item) \($0.stage)" } == ["a render", "a image-2", "b text", "a text", "c text"])
        #expect(report.summary == """
        1/3 items done, 1 deferred, 1 failed in 42.0 s, spent $0.0300 (calls: runware 3; cache hits 1; retries 0)
          FAILED b: item b: music/missing.mp3 does not exist
          DEFERRED (budget) c: item c stage image: the daily cap would be broken
          slowest stages: a render 9.2 s, a image-2 4.0 s (runware), b text 2.0 s (anthropic)
        """)
    }

    @Test("report.json carries each item's stages and the slowest stages in snake_case")
    func reportJSON() throws {
        var report = RunReport(week: "2026-W48", manifest: "/m.yaml", startedAt: "s", finishedAt: "f", seconds: 1, providers: [:],
                               items: [ItemOutcome(id: "a", kind: "poster", day: "monday", status: .done, message: nil, costUSD: 0,
                                                   seconds: 1, bundle: nil)], calls: nil)
        report.attach(stages: [StageOutcome(item: "a", stage: "image", provider: "runware", model: "runware:101@1", status: .done,
                                            seconds: 2.5, costUSD: 0.0038, cached: false)])
        let object = try #require(try JSONSerialization.jsonObject(with: SnakeJSON.encoder().encode(report)) as? [String: Any])
        let stage = try #require(((object["items"] as? [[String: Any]])?.first?["stages"] as? [[String: Any]])?.first)
        #expect(stage["stage"] as? String == "image" && stage["provider"] as? String == "runware" && stage["model"] as? String == "runware:101@1")
        #expect(stage["seconds"] as? Double == 2.5 && stage["cost_usd"] as? Double == 0.0038 && stage["cached"] as? Bool == false)
        #expect(stage["status"] as? String == "done")
        #expect((object["slowest_stages"] as? [[String: Any]])?.first?["item"] as? String == "a")
    }
}

/// Collects what a sink was given (the sink is called from the actor; the lock guards the array).
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [StageOutcome] = []
    func add(_ outcome: StageOutcome) { lock.withLock { outcomes.append(outcome) } }
    var all: [StageOutcome] { lock.withLock { outcomes } }
}
