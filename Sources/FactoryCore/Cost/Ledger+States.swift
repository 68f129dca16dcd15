extension Ledger {
    /// Where a paid call stands. The raw values are the `state` column's text in SQLite and
    /// PostgreSQL alike, so rows written before this type existed read back unchanged.
    public enum CallState: String, Sendable, CaseIterable, Codable {
        /// Reserved against the caps at its maximum cost; the call is in flight (or its run died).
        case reserved
        /// Answered and saved: counts at its actual cost.
        case settled
        /// Not billed (refused before sending, or an error answer): counts at nothing.
        case released
        /// May or may not have been billed: keeps counting at its reservation.
        case uncertain

        /// What a call in this state holds against a cap, given its reservation and actual cost.
        public func committed(reservedUSD: Double, actualUSD: Double?) -> Double {
            switch self {
            case .settled: actualUSD ?? 0
            case .released: 0
            case .reserved, .uncertain: reservedUSD
            }
        }

        /// The state as an SQL string literal (`'settled'`), for queries assembled in Swift.
        public var sql: String { "'\(rawValue)'" }

        /// The states as an SQL list (`'reserved', 'settled', …`), for CHECK constraints.
        public static var sqlList: String { allCases.map(\.sql).joined(separator: ", ") }
    }

    /// The budget's caps. The raw values are what `BudgetExceeded` and PostgreSQL's
    /// `factory_reserve` call them (`budget.daily_usd`, `budget.weekly_usd`).
    public enum Cap: String, Sendable, CaseIterable, Codable {
        case daily, weekly

        /// The cap's limit in `budget`.
        public func limit(_ budget: Budget) -> Double {
            switch self {
            case .daily: budget.dailyUSD
            case .weekly: budget.weeklyUSD
            }
        }

        /// When a refused call may find room again, for messages.
        var roomAgain: String {
            switch self {
            case .daily: "next day"
            case .weekly: "cap"
            }
        }
    }
}
