import Foundation
import GRDB

extension Ledger {
    /// One day of a week's calls, as the caps see it.
    public struct DaySpend: Sendable, Equatable {
        public var day: String
        /// Settled calls.
        public var calls: Int
        /// What the week's settled calls on this day actually cost.
        public var spentUSD: Double
        /// Reservations still held by the week's calls on this day: uncertain calls and calls in flight.
        public var heldUSD: Double
        /// What the daily cap counts for this day, all weeks together (spent and held).
        public var dayTotalUSD: Double

        public init(day: String, calls: Int, spentUSD: Double, heldUSD: Double, dayTotalUSD: Double) {
            self.day = day
            self.calls = calls
            self.spentUSD = spentUSD
            self.heldUSD = heldUSD
            self.dayTotalUSD = dayTotalUSD
        }

        /// What this week's calls hold against the caps on this day.
        public var committedUSD: Double { spentUSD + heldUSD }
    }

    /// The days on which calls of `week` (the manifest's week, the weekly cap's bucket) were made.
    public func weekSpend(_ week: String) throws -> [DaySpend] {
        try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT day,
                       SUM(state = \(CallState.settled.sql)) AS calls,
                       COALESCE(SUM(CASE WHEN state = \(CallState.settled.sql) THEN actual_usd END), 0) AS spent,
                       COALESCE(SUM(CASE WHEN state IN (\(CallState.uncertain.sql), \(CallState.reserved.sql)) THEN reserved_usd END), 0) AS held
                FROM calls WHERE week = ? AND state != \(CallState.released.sql)
                GROUP BY day ORDER BY day
                """, arguments: [week]).map { row in
                let day: String = row["day"]
                return DaySpend(day: day, calls: row["calls"], spentUSD: row["spent"], heldUSD: row["held"],
                                dayTotalUSD: try Double.fetchOne(db, sql: Self.committedSQL + " WHERE day = ?", arguments: [day]) ?? 0)
            }
        }
    }
}

/// One week's spend against the caps: what `factory costs --week` shows (a pure value, tested as such).
public struct WeekCosts: Sendable, Equatable {
    public var week: String
    public var days: [Ledger.DaySpend]
    /// The manifest's caps; nil when the ledger was read without a manifest.
    public var budget: Budget?

    public init(week: String, days: [Ledger.DaySpend], budget: Budget?) {
        self.week = week
        self.days = days
        self.budget = budget
    }

    public var calls: Int { days.reduce(0) { $0 + $1.calls } }
    public var spentUSD: Double { days.reduce(0) { $0 + $1.spentUSD } }
    public var heldUSD: Double { days.reduce(0) { $0 + $1.heldUSD } }
    /// What the weekly cap counts: every call of the week, spent or held.
    public var committedUSD: Double { spentUSD + heldUSD }

    /// Share of the daily cap a day uses (all weeks' calls that day), in percent.
    public func dailyUsedPercent(_ day: Ledger.DaySpend) -> Double? {
        budget.map { $0.dailyUSD > 0 ? day.dayTotalUSD / $0.dailyUSD * 100 : (day.dayTotalUSD > 0 ? .infinity : 0) }
    }

    /// The day went over the daily cap (possible when actual costs beat their estimates, or the cap was lowered).
    public func overDailyCap(_ day: Ledger.DaySpend) -> Bool {
        budget.map { day.dayTotalUSD > $0.dailyUSD + 1e-9 } ?? false
    }

    public var weeklyUsedPercent: Double? {
        budget.map { $0.weeklyUSD > 0 ? committedUSD / $0.weeklyUSD * 100 : (committedUSD > 0 ? .infinity : 0) }
    }

    /// What the weekly cap still allows (never negative).
    public var weeklyLeftUSD: Double? { budget.map { max(0, $0.weeklyUSD - committedUSD) } }

    public var overWeeklyCap: Bool { budget.map { committedUSD > $0.weeklyUSD + 1e-9 } ?? false }
}
