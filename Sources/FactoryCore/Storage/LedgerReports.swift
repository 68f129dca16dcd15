import Foundation

/// What `factory costs` reads from a ledger: the calls grouped, and one week day by day. The SQLite
/// ledger (`LocalLedger`) and the cluster's PostgreSQL ledger answer it alike.
public protocol LedgerReports: Sendable {
    /// Calls grouped by `groupings` (day, week, provider …), from `since` (a day) on.
    func summary(by groupings: [Ledger.Grouping], since: String?) async throws -> [Ledger.SummaryRow]
    /// The week's days: spent, held and their total.
    func weekSpend(_ week: String) async throws -> [Ledger.DaySpend]
}

extension LocalLedger: LedgerReports {
    public func summary(by groupings: [Ledger.Grouping], since: String?) async throws -> [Ledger.SummaryRow] {
        try await BlockingIO.run { try ledger.summary(by: groupings, since: since) }
    }

    public func weekSpend(_ week: String) async throws -> [Ledger.DaySpend] {
        try await BlockingIO.run { try ledger.weekSpend(week) }
    }

    /// Closes the SQLite file; the ledger must not be used after (`Stores.with` calls it on the way out,
    /// once the command's work is done).
    public func close() throws {
        try ledger.db.close()
    }
}
