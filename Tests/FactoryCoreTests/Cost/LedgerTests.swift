import FactoryCore
import FactoryTesting
import Foundation
import Testing

@Suite("Ledger")
struct LedgerTests {
    static func reservation(_ n: Int, usd: Double, day: String = "2026-11-23", week: String = "2026-W48") -> Ledger.Reservation {
        Ledger.Reservation(requestKey: "key-\(n)", day: day, week: week, provider: "runware", model: "m", item: "item-\(n)",
                           stage: "image", estimate: CostEstimate(usd: usd, maxUSD: usd, units: ["images": 1]), runId: "run-a")
    }

    @Test("50 concurrent reservations against a cap of 10 calls: exactly 10 are made")
    func concurrentReservations() async throws {
        let folder = try TemporaryFolder()
        let ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        let budget = Budget(dailyUSD: 1.0, weeklyUSD: 100)
        let made = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<50 {
                group.addTask { (try? ledger.reserve(Self.reservation(n, usd: 0.1), budget: budget)) != nil }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(made == 10)
        let committed = try ledger.committed(day: "2026-11-23", week: "2026-W48")
        #expect(abs(committed.day - 1.0) < 1e-9)
    }

    @Test("settled calls count at their actual cost, released ones not at all, uncertain ones at their reservation")
    func settleReleaseUncertain() throws {
        let folder = try TemporaryFolder()
        let ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        let budget = Budget(dailyUSD: 1.0, weeklyUSD: 1.5)
        let a = try ledger.reserve(Self.reservation(1, usd: 0.4), budget: budget)
        let b = try ledger.reserve(Self.reservation(2, usd: 0.4), budget: budget)
        #expect(throws: BudgetExceeded.self) { try ledger.reserve(Self.reservation(3, usd: 0.4), budget: budget) }
        try ledger.settle(a, actualUSD: 0.1, requestId: "req-1", units: ["images": 1])
        try ledger.release(b, note: "HTTP 400")
        let c = try ledger.reserve(Self.reservation(4, usd: 0.4), budget: budget)
        try ledger.markUncertain(c, note: "timeout")
        let committed = try ledger.committed(day: "2026-11-23", week: "2026-W48")
        #expect(abs(committed.day - 0.5) < 1e-9)
        #expect(abs(try ledger.totalSpent() - 0.1) < 1e-9)
        // The weekly cap counts other days of the same week.
        _ = try ledger.reserve(Self.reservation(5, usd: 0.9, day: "2026-11-24"), budget: budget)
        #expect(throws: BudgetExceeded.self) { try ledger.reserve(Self.reservation(6, usd: 0.2, day: "2026-11-25"), budget: budget) }
        let rows = try ledger.summary(by: .item)
        #expect(rows.first { $0.key == "item-1" }?.actualUSD == 0.1)
        #expect(rows.first { $0.key == "item-4" }?.uncertain == 1)
        #expect(rows.contains { $0.key == "item-2" } == false)
    }

    @Test("reservations left open by a killed run are found by the next one")
    func openCalls() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("ledger.sqlite")
        let id = try Ledger(path: path).reserve(Self.reservation(1, usd: 0.2), budget: Budget(dailyUSD: 1, weeklyUSD: 1))
        let reopened = try Ledger(path: path)
        #expect(try reopened.openCalls(excludingRun: "run-b").map(\.id) == [id])
        #expect(try reopened.openCalls(excludingRun: "run-a").isEmpty)
    }
}
