import Foundation
import GRDB

extension Ledger {
    /// One line of `factory costs`: the calls grouped by day, provider, model or item.
    public struct SummaryRow: Sendable, Codable, Equatable {
        public var key: String
        public var calls: Int
        public var estimateUSD: Double
        public var actualUSD: Double
        /// Calls that may or may not have been billed (in flight when a run stopped).
        public var uncertain: Int
        public var uncertainUSD: Double
    }

    public enum Grouping: String, Sendable, CaseIterable { case day, week, provider, model, item, stage }

    /// Settled calls at their actual cost; uncertain ones counted apart; released ones left out.
    public func summary(by grouping: Grouping, since: String? = nil) throws -> [SummaryRow] {
        let column = grouping == .stage ? "item || ' / ' || stage" : grouping.rawValue
        return try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(column) AS key,
                       SUM(state = 'settled') AS calls,
                       COALESCE(SUM(CASE WHEN state = 'settled' THEN estimate_usd END), 0) AS estimate,
                       COALESCE(SUM(CASE WHEN state = 'settled' THEN actual_usd END), 0) AS actual,
                       SUM(state = 'uncertain') AS uncertain,
                       COALESCE(SUM(CASE WHEN state = 'uncertain' THEN reserved_usd END), 0) AS uncertain_usd
                FROM calls
                WHERE state IN ('settled', 'uncertain') AND (? IS NULL OR day >= ?)
                GROUP BY key ORDER BY key
                """, arguments: [since, since]).map {
                SummaryRow(key: $0["key"], calls: $0["calls"], estimateUSD: $0["estimate"], actualUSD: $0["actual"],
                           uncertain: $0["uncertain"], uncertainUSD: $0["uncertain_usd"])
            }
        }
    }

    /// Total actually spent (settled calls).
    public func totalSpent(since: String? = nil) throws -> Double {
        try db.read { db in
            try Double.fetchOne(db, sql: "SELECT COALESCE(SUM(actual_usd), 0) FROM calls WHERE state = 'settled' AND (? IS NULL OR day >= ?)",
                                arguments: [since, since]) ?? 0
        }
    }
}
