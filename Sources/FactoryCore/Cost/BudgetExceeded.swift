import Foundation

/// A call that would break a cap: it is not made and its item is deferred.
public struct BudgetExceeded: Error, CustomStringConvertible, Sendable {
    public var cap: Ledger.Cap
    /// The cap's bucket: the day (`2026-11-23`) or the week (`2026-W48`).
    public var period: String
    public var limit: Double
    public var committed: Double
    public var amount: Double

    public init(cap: Ledger.Cap, period: String, limit: Double, committed: Double, amount: Double) {
        self.cap = cap
        self.period = period
        self.limit = limit
        self.committed = committed
        self.amount = amount
    }

    /// The refusal of a reservation of `amount` when `day` and `week` are already committed (the
    /// daily cap is checked first), or nil when both caps have room. The SQLite ledger and its
    /// in-memory twin call this; PostgreSQL's `factory_reserve` applies the same rule in PL/pgSQL.
    public static func check(_ r: Ledger.Reservation, amount: Double, day: Double, week: Double, budget: Budget) -> BudgetExceeded? {
        if day + amount > budget.dailyUSD + 1e-9 {
            return BudgetExceeded(cap: .daily, period: r.day, limit: budget.dailyUSD, committed: day, amount: amount)
        }
        if week + amount > budget.weeklyUSD + 1e-9 {
            return BudgetExceeded(cap: .weekly, period: r.week, limit: budget.weeklyUSD, committed: week, amount: amount)
        }
        return nil
    }

    public var description: String {
        String(format: "the %@ cap of $%.2f for %@ would be broken: $%.4f already committed, this call may cost up to $%.4f; "
               + "raise budget.%@_usd or run again when the %@ has room", cap.rawValue, limit, period, committed, amount,
               cap.rawValue, cap.roomAgain)
    }
}
