import FactoryCluster
import FactoryCore
import Foundation
import Testing

/// The ledger against a real PostgreSQL: caps held for many writers at once, reservations owned
/// by their lease, recovery by another worker.
@Suite(.serialized) struct PostgresLedgerTests {
    @Test func capsHoldForConcurrentWorkers() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let ledgers = (0..<4).map { PostgresLedger(db: db, runId: "w\($0)", leases: LeaseBook()) }
        let budget = Budget(dailyUSD: 1.0, weeklyUSD: 1.5)
        let granted = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<24 {
                group.addTask { (try? await ledgers[n % 4].reserve(Reservations.make(n, runId: "w\(n % 4)"), budget: budget)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 10)
        let committed = try await ledgers[0].committed(day: "2026-11-23", week: "2026-W48")
        #expect(abs(committed.day - 1.0) < 1e-9)
        // The weekly cap counts the other days too, and a refusal names it.
        await #expect(throws: BudgetExceeded.self) {
            _ = try await ledgers[1].reserve(Reservations.make(99, usd: 0.6, day: "2026-11-24", runId: "w1"), budget: budget)
        }
        #expect(try fixture.sql("SELECT round(committed::numeric, 6) FROM factory_budget WHERE period = 'week 2026-W48'") == "1.000000")
        #expect(try fixture.sql("SELECT round(committed::numeric, 6) FROM factory_budget WHERE period = 'day 2026-11-24'") == "0.000000")
        await db.close()
    }

    @Test func settlingMovesTheBudgetRows() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let ledger = PostgresLedger(db: db, runId: "w", leases: LeaseBook())
        let budget = Budget(dailyUSD: 1, weeklyUSD: 1)
        let a = try await ledger.reserve(Reservations.make(1, usd: 0.4, runId: "w"), budget: budget)
        let b = try await ledger.reserve(Reservations.make(2, usd: 0.4, runId: "w"), budget: budget)
        await #expect(throws: BudgetExceeded.self) { _ = try await ledger.reserve(Reservations.make(3, usd: 0.4, runId: "w"), budget: budget) }
        try await ledger.settle(a, actualUSD: 0.1, requestId: "r1", units: [:])
        try await ledger.release(b, note: "HTTP 400")
        // A retried settle (its reply lost) is not an error.
        try await ledger.settle(a, actualUSD: 0.1, requestId: "r1", units: [:])
        let c = try await ledger.reserve(Reservations.make(4, usd: 0.4, runId: "w"), budget: budget)
        try await ledger.markUncertain(c, note: "timeout")
        let committed = try await ledger.committed(day: "2026-11-23", week: "2026-W48")
        #expect(abs(committed.day - 0.5) < 1e-9)
        #expect(try fixture.sql("SELECT round(committed::numeric, 6) FROM factory_budget WHERE period = 'day 2026-11-23'") == "0.500000")
        let paid = try await ledger.paidByStage(runId: "w")
        #expect(paid.map(\.usd) == [0.1])
        await db.close()
    }

    @Test func reservationsBelongToTheLease() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let staleQueue = WorkQueue(db: db, name: "q", owner: "stale", leaseSeconds: 30)
        let otherQueue = WorkQueue(db: db, name: "q", owner: "other", leaseSeconds: 30)
        try await staleQueue.enqueue([("p0", 0)], maxAttempts: 3)
        let staleLeases = LeaseBook(), otherLeases = LeaseBook()
        let lease = try #require(try await staleQueue.claim(1, among: ["p0"]).first)
        staleLeases.hold(lease)
        let stale = PostgresLedger(db: db, runId: "stale", leases: staleLeases)
        let other = PostgresLedger(db: db, runId: "other", leases: otherLeases)
        let budget = Budget(dailyUSD: 10, weeklyUSD: 10)
        let open = try await stale.reserve(Reservations.make(1, runId: "stale"), budget: budget)
        // While the lease is alive, nobody else may recover it.
        #expect(try await other.openCalls(excludingRun: "other").isEmpty)
        try fixture.backdateLeases(queue: "q")
        #expect(try await otherQueue.rescue().count == 1)
        // The stale worker can neither settle nor reserve again.
        await #expect(throws: ClusterError.self) { try await stale.settle(open, actualUSD: 0.1, requestId: nil, units: [:]) }
        await #expect(throws: ClusterError.self) { _ = try await stale.reserve(Reservations.make(2, runId: "stale"), budget: budget) }
        // Another worker recovers it (here: no answer was saved, so uncertain, still counted).
        let found = try await other.openCalls(excludingRun: "other")
        #expect(found.map(\.id) == [open])
        try await other.markUncertain(open, note: "in flight when its worker's lease expired")
        #expect(try fixture.sql("SELECT state FROM factory_calls WHERE id = \(open)") == "uncertain")
        #expect(try await other.openCalls(excludingRun: "other").isEmpty)
        await db.close()
    }
}
