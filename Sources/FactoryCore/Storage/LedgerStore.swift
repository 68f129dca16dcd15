import Foundation

/// Where paid calls are reserved against the caps and settled: the SQLite `Ledger` on one
/// machine, `MemoryLedger` in unit tests; the cluster adds a PostgreSQL one. The gateway and the
/// runner see only this.
public protocol LedgerStore: Sendable {
    /// Where the ledger is, for messages ("ledger /srv/out/.factory/ledger.sqlite").
    var location: String { get }
    /// Reserves the call's maximum cost against the daily and weekly caps in one step, or throws
    /// `BudgetExceeded` naming the cap; returns the reservation's id.
    func reserve(_ reservation: Ledger.Reservation, budget: Budget) throws -> Int64
    /// Records the actual cost of a call whose answer has been saved.
    func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) throws
    /// The call was not billed: frees its reservation.
    func release(_ id: Int64, note: String) throws
    /// The provider may or may not have billed the call: its reservation keeps counting.
    func markUncertain(_ id: Int64, note: String) throws
    /// Reservations left open by other runs (a crash between reserving and settling).
    func openCalls(excludingRun runId: String) throws -> [Ledger.OpenCall]
    /// Committed on a day and in a week: settled at their cost, open and uncertain at their reservation.
    func committed(day: String, week: String) throws -> (day: Double, week: Double)
    /// What one run paid, by item and stage.
    func paidByStage(runId: String) throws -> [Ledger.StagePaid]
}

extension Ledger: LedgerStore {
    public var location: String { path.path }
}
