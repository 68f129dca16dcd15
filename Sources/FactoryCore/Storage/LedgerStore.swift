import Foundation

/// Where paid calls are reserved against the caps and settled: `LocalLedger` (the SQLite `Ledger`)
/// on one machine, `MemoryLedger` in unit tests, a PostgreSQL one in cluster mode (FactoryCluster).
/// The gateway and the runner see only this. Async, because the cluster's store is a network away.
public protocol LedgerStore: Sendable {
    /// Where the ledger is, for messages ("ledger /srv/out/.factory/ledger.sqlite").
    var location: String { get }
    /// The clock the ledger stamps its rows with; the gateway buckets a call's day by it too, so a
    /// test that moves it moves the daily cap's day with it.
    var clock: WallClock { get }
    /// Reserves the call's maximum cost against the daily and weekly caps in one step, or throws
    /// `BudgetExceeded` naming the cap; returns the reservation's id.
    func reserve(_ reservation: Ledger.Reservation, budget: Budget) async throws -> Int64
    /// Records the actual cost of a call whose answer has been saved.
    func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) async throws
    /// The call was not billed: frees its reservation.
    func release(_ id: Int64, note: String) async throws
    /// The provider may or may not have billed the call: its reservation keeps counting.
    func markUncertain(_ id: Int64, note: String) async throws
    /// Reservations left open by runs that are gone (a crash between reserving and settling).
    func openCalls(excludingRun runId: String) async throws -> [Ledger.OpenCall]
    /// Committed on a day and in a week: settled at their cost, open and uncertain at their reservation.
    func committed(day: String, week: String) async throws -> (day: Double, week: Double)
    /// What one run paid, by item and stage.
    func paidByStage(runId: String) async throws -> [Ledger.StagePaid]
}

/// The SQLite `Ledger` as a `LedgerStore`: each call runs on `BlockingIO`'s threads, so a commit's
/// fsync never holds one of the few cooperative threads.
public struct LocalLedger: LedgerStore {
    public let ledger: Ledger
    public init(_ ledger: Ledger) { self.ledger = ledger }

    public var location: String { ledger.path.path }
    public var clock: WallClock { ledger.clock }

    public func reserve(_ reservation: Ledger.Reservation, budget: Budget) async throws -> Int64 {
        try await BlockingIO.run { try ledger.reserve(reservation, budget: budget) }
    }

    public func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) async throws {
        try await BlockingIO.run { try ledger.settle(id, actualUSD: actualUSD, requestId: requestId, units: units) }
    }

    public func release(_ id: Int64, note: String) async throws {
        try await BlockingIO.run { try ledger.release(id, note: note) }
    }

    public func markUncertain(_ id: Int64, note: String) async throws {
        try await BlockingIO.run { try ledger.markUncertain(id, note: note) }
    }

    public func openCalls(excludingRun runId: String) async throws -> [Ledger.OpenCall] {
        try await BlockingIO.run { try ledger.openCalls(excludingRun: runId) }
    }

    public func committed(day: String, week: String) async throws -> (day: Double, week: Double) {
        let both = try await BlockingIO.run { try ledger.committed(day: day, week: week) }
        return (both.day, both.week)
    }

    public func paidByStage(runId: String) async throws -> [Ledger.StagePaid] {
        try await BlockingIO.run { try ledger.paidByStage(runId: runId) }
    }
}
