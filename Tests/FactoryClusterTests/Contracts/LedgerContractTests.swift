import FactoryCore
import Foundation
import Testing

/// One set of cases for every `LedgerStore`: the in-memory twin, SQLite and PostgreSQL (whose caps
/// are PL/pgSQL). Days and weeks come from a `ManualClock` moved across midnight and across the
/// turn of an ISO week in Auckland, never from today.
@Suite(.serialized) struct LedgerContractTests {
    /// `count` reservations of `usd` at once: the ids granted and the caps that refused the rest.
    static func reserveAtOnce(_ count: Int, usd: Double, on ledger: any LedgerStore, clock: WallClock, budget: Budget,
                              from first: Int = 0) async -> (granted: [Int64], refused: [Ledger.Cap]) {
        await withTaskGroup(of: Result<Int64, BudgetExceeded>?.self) { group in
            for n in first..<(first + count) {
                group.addTask {
                    do { return .success(try await ledger.reserve(reservation(n, usd: usd, clock: clock), budget: budget)) }
                    catch let exceeded as BudgetExceeded { return .failure(exceeded) }
                    catch { return nil }
                }
            }
            var granted: [Int64] = [], refused: [Ledger.Cap] = []
            for await result in group {
                switch result {
                case .success(let id): granted.append(id)
                case .failure(let exceeded): refused.append(exceeded.cap)
                case nil: break
                }
            }
            return (granted, refused)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func dailyCapHoldsForConcurrentReservations(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let ledger = try await LedgerUnderTest.open(kind, clock: time.wall)
        let budget = Budget(dailyUSD: 1.0, weeklyUSD: 10)
        let (granted, refused) = await Self.reserveAtOnce(40, usd: 0.1, on: ledger.store, clock: time.wall, budget: budget)
        #expect(granted.count == 10 && Set(granted).count == 10)
        #expect(refused.count == 30 && refused.allSatisfy { $0 == .daily })
        let committed = try await ledger.store.committed(day: "2026-11-28", week: "2026-W48")
        #expect(abs(committed.day - 1.0) < 1e-9 && abs(committed.week - 1.0) < 1e-9)
        // Thirty seconds later it is Sunday in Auckland: a new day, the same week.
        time.advance(by: 31)
        let sunday = await Self.reserveAtOnce(5, usd: 0.1, on: ledger.store, clock: time.wall, budget: budget, from: 100)
        #expect(sunday.granted.count == 5)
        #expect(try await ledger.store.committed(day: "2026-11-29", week: "2026-W48").week > 1.49)
        await ledger.close()
    }

    @Test(arguments: StoreKind.allCases)
    func weeklyCapCountsEveryDayOfTheWeekAndResetsOnMonday(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let ledger = try await LedgerUnderTest.open(kind, clock: time.wall)
        let budget = Budget(dailyUSD: 1.0, weeklyUSD: 1.5)
        let saturday = await Self.reserveAtOnce(12, usd: 0.1, on: ledger.store, clock: time.wall, budget: budget)
        #expect(saturday.granted.count == 10 && saturday.refused.allSatisfy { $0 == .daily })
        time.advance(by: 60)  // Sunday 00:00:30: the daily cap has room, the weekly cap has 0.5.
        let sunday = await Self.reserveAtOnce(12, usd: 0.1, on: ledger.store, clock: time.wall, budget: budget, from: 100)
        #expect(sunday.granted.count == 5 && sunday.refused.count == 7 && sunday.refused.allSatisfy { $0 == .weekly })
        let week = try await ledger.store.committed(day: "2026-11-29", week: "2026-W48")
        #expect(abs(week.day - 0.5) < 1e-9 && abs(week.week - 1.5) < 1e-9)
        time.advance(by: 86_400)  // Monday 00:00:30: ISO week 49, both caps start again.
        #expect(time.wall.week(in: ContractTime.zone) == "2026-W49")
        let monday = await Self.reserveAtOnce(12, usd: 0.1, on: ledger.store, clock: time.wall, budget: budget, from: 200)
        #expect(monday.granted.count == 10)
        await ledger.close()
    }

    @Test(arguments: StoreKind.allCases)
    func settleReleaseAndUncertainCountAsTheyShould(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight.addingTimeInterval(-3_600))
        let ledger = try await LedgerUnderTest.open(kind, clock: time.wall)
        let store = ledger.store, budget = Budget(dailyUSD: 1, weeklyUSD: 1)
        let reservedAt = ContractTime.stamp(time.now)
        let a = try await store.reserve(reservation(1, usd: 0.4, clock: time.wall), budget: budget)
        let b = try await store.reserve(reservation(2, usd: 0.4, clock: time.wall), budget: budget)
        let refusal = await #expect(throws: BudgetExceeded.self) {
            _ = try await store.reserve(reservation(3, usd: 0.4, clock: time.wall), budget: budget)
        }
        #expect(refusal?.cap == .daily && refusal?.period == "2026-11-28" && abs((refusal?.committed ?? 0) - 0.8) < 1e-9)
        time.advance(by: 5)
        let settledAt = ContractTime.stamp(time.now)
        try await store.settle(a, actualUSD: 0.1, requestId: "r1", units: ["images": 1])
        try await store.release(b, note: "HTTP 400")
        time.advance(by: 5)
        // A retried settle (its reply was lost) changes nothing, nor does a late second verdict.
        try await store.settle(a, actualUSD: 0.1, requestId: "r1", units: ["images": 1])
        _ = try? await store.release(a, note: "too late")
        let c = try await store.reserve(reservation(4, usd: 0.4, clock: time.wall), budget: budget)
        try await store.markUncertain(c, note: "timeout")
        let committed = try await store.committed(day: "2026-11-28", week: "2026-W48")
        #expect(abs(committed.day - 0.5) < 1e-9 && abs(committed.week - 0.5) < 1e-9)
        #expect(try await store.paidByStage(runId: "run-1") == [Ledger.StagePaid(item: "p0", stage: "image", provider: "runware", usd: 0.1)])
        #expect(try await ledger.record(a) == CallRecord(state: .settled, createdAt: reservedAt, settledAt: settledAt))
        #expect(try await ledger.record(b) == CallRecord(state: .released, createdAt: reservedAt, settledAt: settledAt))
        #expect(try await ledger.record(c) == CallRecord(state: .uncertain, createdAt: ContractTime.stamp(time.now), settledAt: nil))
        await ledger.close()
    }

    @Test(arguments: StoreKind.allCases)
    func openCallsOfGoneRunsAreListedAndRecovered(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let ledger = try await LedgerUnderTest.open(kind, clock: time.wall)
        let gone = ledger.other("gone"), budget = Budget(dailyUSD: 5, weeklyUSD: 5)
        let settled = try await gone.reserve(reservation(1, usd: 0.3, clock: time.wall, runId: "gone"), budget: budget)
        let open = try await gone.reserve(reservation(2, usd: 0.2, clock: time.wall, runId: "gone", item: "p1", stage: "text"), budget: budget)
        try await gone.settle(settled, actualUSD: 0.25, requestId: nil, units: [:])
        let mine = try await ledger.store.reserve(reservation(3, usd: 0.1, clock: time.wall), budget: budget)
        let found = try await ledger.store.openCalls(excludingRun: "run-1")
        #expect(found == [Ledger.OpenCall(id: open, requestKey: "key-gone-2", provider: "runware", item: "p1", stage: "text", reservedUSD: 0.2)])
        #expect(try await ledger.store.openCalls(excludingRun: "gone").map(\.id) == [mine])
        // Recovered as uncertain (no answer was saved): no longer open, still counted.
        try await ledger.store.markUncertain(open, note: "in flight when its run stopped")
        #expect(try await ledger.store.openCalls(excludingRun: "run-1").isEmpty)
        let committed = try await ledger.store.committed(day: "2026-11-28", week: "2026-W48")
        #expect(abs(committed.day - 0.55) < 1e-9)
        await ledger.close()
    }

    @Test(arguments: StoreKind.allCases)
    func weekRowsShowEachDayAsTheCapsSeeIt(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let ledger = try await LedgerUnderTest.open(kind, clock: time.wall)
        let store = ledger.store, budget = Budget(dailyUSD: 5, weeklyUSD: 5)
        let a = try await store.reserve(reservation(1, usd: 0.5, clock: time.wall), budget: budget)
        let b = try await store.reserve(reservation(2, usd: 0.4, clock: time.wall), budget: budget)
        let c = try await store.reserve(reservation(3, usd: 0.3, clock: time.wall), budget: budget)
        try await store.settle(a, actualUSD: 0.45, requestId: nil, units: [:])
        try await store.release(b, note: "HTTP 500")
        try await store.markUncertain(c, note: "timeout")
        time.advance(by: 60)  // Sunday
        let d = try await store.reserve(reservation(4, usd: 0.2, clock: time.wall), budget: budget)
        _ = try await store.reserve(reservation(5, usd: 0.1, clock: time.wall), budget: budget)
        try await store.settle(d, actualUSD: 0.2, requestId: nil, units: [:])
        // Another week's call on Sunday counts toward Sunday's daily total, not this week's rows.
        var other = reservation(6, usd: 0.7, clock: time.wall)
        other.week = "2026-W49"
        _ = try await store.reserve(other, budget: budget)
        let days = try await ledger.reports.weekSpend("2026-W48")
        #expect(days.map(\.day) == ["2026-11-28", "2026-11-29"])
        #expect(days.map(\.calls) == [1, 1])
        #expect(zip(days.map(\.spentUSD), [0.45, 0.2]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(days.map(\.heldUSD), [0.3, 0.1]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(days.map(\.dayTotalUSD), [0.75, 1.0]).allSatisfy { abs($0 - $1) < 1e-9 })
        let byDay = try await ledger.reports.summary(by: [.day], since: nil)
        #expect(byDay.map(\.keys) == [["2026-11-28"], ["2026-11-29"]])
        #expect(byDay.map(\.calls) == [1, 1] && byDay.map(\.uncertain) == [1, 0])
        await ledger.close()
    }
}
