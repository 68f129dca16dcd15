import Foundation
import GRDB

extension Ledger {
    /// One line of `factory costs`: the calls of one group (a day, a provider, a day and a provider…).
    public struct SummaryRow: Sendable, Codable, Equatable {
        /// The group's value for each grouping asked for, in the order asked (`["2026-11-23", "runware"]`).
        public var keys: [String]
        public var calls: Int
        public var estimateUSD: Double
        public var actualUSD: Double
        /// Calls that may or may not have been billed (in flight when a run stopped).
        public var uncertain: Int
        public var uncertainUSD: Double

        public init(keys: [String], calls: Int, estimateUSD: Double, actualUSD: Double, uncertain: Int, uncertainUSD: Double) {
            self.keys = keys
            self.calls = calls
            self.estimateUSD = estimateUSD
            self.actualUSD = actualUSD
            self.uncertain = uncertain
            self.uncertainUSD = uncertainUSD
        }

        /// The keys joined with " / ", for one-column displays.
        public var key: String { keys.joined(separator: " / ") }
    }

    /// What `factory costs --by` can group on; several can be combined (`--by day,provider`).
    public enum Grouping: String, Sendable, CaseIterable {
        /// The calendar day of the call in the manifest's timezone (what the daily cap counts).
        case day
        /// The manifest's ISO week (what the weekly cap counts).
        case week
        case provider, model, item
        /// The stage name (`text`, `image-2`, `speech-03`); `--by item,stage` for one item's stages.
        case stage
    }

    /// Settled calls at their actual cost; uncertain ones counted apart; released ones left out.
    public func summary(by groupings: [Grouping], since: String? = nil) throws -> [SummaryRow] {
        let columns = groupings.isEmpty ? ["'all'"] : groupings.map(\.rawValue)
        let selected = columns.enumerated().map { "\($0.element) AS k\($0.offset)" }.joined(separator: ", ")
        let grouped = columns.indices.map { "k\($0)" }.joined(separator: ", ")
        return try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(selected),
                       SUM(state = \(CallState.settled.sql)) AS calls,
                       COALESCE(SUM(CASE WHEN state = \(CallState.settled.sql) THEN estimate_usd END), 0) AS estimate,
                       COALESCE(SUM(CASE WHEN state = \(CallState.settled.sql) THEN actual_usd END), 0) AS actual,
                       SUM(state = \(CallState.uncertain.sql)) AS uncertain,
                       COALESCE(SUM(CASE WHEN state = \(CallState.uncertain.sql) THEN reserved_usd END), 0) AS uncertain_usd
                FROM calls
                WHERE state IN (\(CallState.settled.sql), \(CallState.uncertain.sql)) AND (? IS NULL OR day >= ?)
                GROUP BY \(grouped) ORDER BY \(grouped)
                """, arguments: [since, since]).map { row in
                SummaryRow(keys: columns.indices.map { row["k\($0)"] }, calls: row["calls"], estimateUSD: row["estimate"],
                           actualUSD: row["actual"], uncertain: row["uncertain"], uncertainUSD: row["uncertain_usd"])
            }
        }
    }

    /// One grouping (the common case).
    public func summary(by grouping: Grouping, since: String? = nil) throws -> [SummaryRow] {
        try summary(by: [grouping], since: since)
    }

    /// Total actually spent (settled calls).
    public func totalSpent(since: String? = nil) throws -> Double {
        try db.read { db in
            try Double.fetchOne(db, sql: """
                SELECT COALESCE(SUM(actual_usd), 0) FROM calls WHERE state = \(CallState.settled.sql) AND (? IS NULL OR day >= ?)
                """, arguments: [since, since]) ?? 0
        }
    }
}
