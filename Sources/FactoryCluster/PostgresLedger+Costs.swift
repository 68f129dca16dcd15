import FactoryCore
import Foundation
import PostgresNIO

extension PostgresLedger {
    /// `factory costs --database`: the same groups as the SQLite ledger's summary, for every worker.
    public func summary(by groupings: [Ledger.Grouping], since: String?) async throws -> [Ledger.SummaryRow] {
        let columns = groupings.isEmpty ? ["'all'"] : groupings.map(\.rawValue)
        let selected = columns.enumerated().map { "\($0.element)::text AS k\($0.offset)" }.joined(separator: ", ")
        let grouped = columns.indices.map { "k\($0)" }.joined(separator: ", ")
        let query: PostgresQuery = """
            SELECT \(unescaped: selected),
                   count(*) FILTER (WHERE state = \(unescaped: Ledger.CallState.settled.sql)),
                   COALESCE(SUM(estimate_usd) FILTER (WHERE state = \(unescaped: Ledger.CallState.settled.sql)), 0),
                   COALESCE(SUM(actual_usd) FILTER (WHERE state = \(unescaped: Ledger.CallState.settled.sql)), 0),
                   count(*) FILTER (WHERE state = \(unescaped: Ledger.CallState.uncertain.sql)),
                   COALESCE(SUM(reserved_usd) FILTER (WHERE state = \(unescaped: Ledger.CallState.uncertain.sql)), 0)
              FROM factory_calls
             WHERE state IN (\(unescaped: Ledger.CallState.settled.sql), \(unescaped: Ledger.CallState.uncertain.sql)) AND (\(since)::text IS NULL OR day >= \(since)::text)
             GROUP BY \(unescaped: grouped) ORDER BY \(unescaped: grouped)
            """
        return try await db.rows("summarise the ledger", query).map { row in
            let cells = row.makeRandomAccess()
            let n = columns.count
            let keys = try (0..<n).map { try cells[$0].decode(String.self) }
            return Ledger.SummaryRow(keys: keys, calls: try cells[n].decode(Int.self), estimateUSD: try cells[n + 1].decode(Double.self),
                                     actualUSD: try cells[n + 2].decode(Double.self), uncertain: try cells[n + 3].decode(Int.self),
                                     uncertainUSD: try cells[n + 4].decode(Double.self))
        }
    }

    /// `factory costs --week W --database`: the week day by day, as the caps see it.
    public func weekSpend(_ week: String) async throws -> [Ledger.DaySpend] {
        try await db.rows("read the week's spend", """
            SELECT day,
                   count(*) FILTER (WHERE state = \(unescaped: Ledger.CallState.settled.sql)),
                   COALESCE(SUM(actual_usd) FILTER (WHERE state = \(unescaped: Ledger.CallState.settled.sql)), 0),
                   COALESCE(SUM(reserved_usd) FILTER (WHERE state IN (\(unescaped: Ledger.CallState.uncertain.sql), \(unescaped: Ledger.CallState.reserved.sql))), 0),
                   (SELECT \(unescaped: Self.committedSQL) FROM factory_calls d WHERE d.day = c.day)
              FROM factory_calls c WHERE week = \(week) AND state <> \(unescaped: Ledger.CallState.released.sql)
             GROUP BY day ORDER BY day
            """).map { row in
            let (day, calls, spent, held, total) = try row.decode((String, Int, Double, Double, Double).self)
            return Ledger.DaySpend(day: day, calls: calls, spentUSD: spent, heldUSD: held, dayTotalUSD: total)
        }
    }
}
