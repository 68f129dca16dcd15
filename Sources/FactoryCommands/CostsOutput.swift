import FactoryCore
import Foundation

/// The three renderings of `factory costs` (table, CSV, JSON), as pure functions of the ledger's
/// rows. The CSV columns and JSON fields are a stable interface, documented in docs/cost-and-resume.md.
enum CostsOutput {
    // MARK: Grouped (`--by`)

    static func groupedCSV(_ groupings: [Ledger.Grouping], rows: [Ledger.SummaryRow]) -> String {
        CSV.table(header: groupings.map(\.rawValue) + ["calls", "estimate_usd", "actual_usd", "uncertain_calls", "uncertain_usd"],
                  rows: rows.map { $0.keys + ["\($0.calls)", usd6($0.estimateUSD), usd6($0.actualUSD), "\($0.uncertain)", usd6($0.uncertainUSD)] })
    }

    static func groupedJSON(_ groupings: [Ledger.Grouping], since: String?, rows: [Ledger.SummaryRow], budget: Budget?) throws -> String {
        try encode(GroupedJSON(by: groupings.map(\.rawValue), since: since, rows: rows, budget: budget))
    }

    static func groupedText(_ groupings: [Ledger.Grouping], rows: [Ledger.SummaryRow], budget: Budget?) -> String {
        let titles = groupings.map(\.rawValue)
        var widths = titles.map(\.count)
        for row in rows { for (i, key) in row.keys.enumerated() where i < widths.count { widths[i] = max(widths[i], key.count) } }
        widths[0] = max(widths[0], "total".count)
        func keyColumns(_ keys: [String]) -> String {
            zip(keys, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        func figures(_ calls: Int, _ estimate: Double, _ actual: Double) -> String {
            String(format: "  %5d", calls) + "  " + usd4(estimate).leftPadded(10) + "  " + usd4(actual).leftPadded(10)
        }
        var lines = [keyColumns(titles) + "  calls    estimate      actual"]
        if rows.isEmpty { lines.append("(no settled calls)") }
        for row in rows {
            var line = keyColumns(row.keys) + figures(row.calls, row.estimateUSD, row.actualUSD)
            if row.uncertain > 0 { line += "  (+\(row.uncertain) uncertain, up to \(usd4(row.uncertainUSD)))" }
            lines.append(line)
        }
        let blank = titles.dropFirst().map { _ in "" }
        var total = keyColumns(["total"] + blank) + figures(rows.reduce(0) { $0 + $1.calls }, rows.reduce(0) { $0 + $1.estimateUSD },
                                                             rows.reduce(0) { $0 + $1.actualUSD })
        let uncertain = rows.reduce(0) { $0 + $1.uncertain }
        if uncertain > 0 { total += "  (+\(uncertain) uncertain, up to \(usd4(rows.reduce(0) { $0 + $1.uncertainUSD })))" }
        lines.append(total)
        if let budget { lines.append("caps: \(usd2(budget.dailyUSD)) a day, \(usd2(budget.weeklyUSD)) a week (factory costs --week YYYY-Www compares a week with them)") }
        return lines.map { $0.trimmingTrailingSpaces + "\n" }.joined()
    }

    // MARK: One week against the caps (`--week`)

    static func weekCSV(_ week: WeekCosts) -> String {
        CSV.table(header: ["day", "calls", "spent_usd", "held_usd", "committed_usd", "day_total_usd", "daily_cap_usd",
                           "daily_used_pct", "over_daily_cap"],
                  rows: week.days.map { day in
                      [day.day, "\(day.calls)", usd6(day.spentUSD), usd6(day.heldUSD), usd6(day.committedUSD), usd6(day.dayTotalUSD),
                       week.budget.map { usd6($0.dailyUSD) } ?? "", week.dailyUsedPercent(day).map(pct1) ?? "",
                       week.budget == nil ? "" : (week.overDailyCap(day) ? "true" : "false")]
                  })
    }

    static func weekJSON(_ week: WeekCosts) throws -> String { try encode(WeekJSON(week)) }

    static func weekText(_ week: WeekCosts) -> String {
        var lines: [String] = []
        if let budget = week.budget {
            lines.append("week \(week.week): caps \(usd2(budget.dailyUSD)) a day, \(usd2(budget.weeklyUSD)) a week")
        } else {
            lines.append("week \(week.week) (caps unknown: name the manifest to compare with its budget)")
        }
        lines.append("day".padding(toLength: 12, withPad: " ", startingAt: 0) + "  calls  " + "spent".leftPadded(10) + "  "
                     + "held".leftPadded(10) + "  " + "day total".leftPadded(10) + (week.budget == nil ? "" : "  " + "daily cap".leftPadded(9)))
        if week.days.isEmpty { lines.append("(nothing was spent for this week)") }
        for day in week.days {
            var line = day.day.padding(toLength: 12, withPad: " ", startingAt: 0)
                + String(format: "  %5d", day.calls) + "  " + usd4(day.spentUSD).leftPadded(10) + "  "
                + (day.heldUSD > 0 ? usd4(day.heldUSD) : "-").leftPadded(10) + "  " + usd4(day.dayTotalUSD).leftPadded(10)
            if let used = week.dailyUsedPercent(day) { line += "  " + pct0(used).leftPadded(9) }
            if week.overDailyCap(day) { line += "  OVER the daily cap" }
            if day.dayTotalUSD > day.committedUSD + 1e-9 {
                line += "  (day total includes \(usd4(day.dayTotalUSD - day.committedUSD)) for other weeks)"
            }
            lines.append(line)
        }
        var total = "week".padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(format: "  %5d", week.calls) + "  " + usd4(week.spentUSD).leftPadded(10) + "  "
            + (week.heldUSD > 0 ? usd4(week.heldUSD) : "-").leftPadded(10)
        if let budget = week.budget, let used = week.weeklyUsedPercent, let left = week.weeklyLeftUSD {
            total += "  \(usd4(week.committedUSD)) of \(usd2(budget.weeklyUSD)) weekly cap: \(pct0(used)) used, \(usd4(left)) left"
            if week.overWeeklyCap { total += "  OVER the weekly cap" }
        }
        lines.append(total)
        if week.heldUSD > 0 {
            lines.append("held: uncertain calls and calls in flight, counted at their reservation until settled")
        }
        return lines.map { $0.trimmingTrailingSpaces + "\n" }.joined()
    }

    // MARK: JSON shapes

    struct GroupedJSON: Encodable {
        var by: [String]
        var since: String?
        var rows: [Ledger.SummaryRow]
        var budget: Budget?

        enum Keys: String, CodingKey {
            case by, since, rows, totalCalls = "total_calls", totalEstimateUSD = "total_estimate_usd", totalUSD = "total_usd"
            case uncertain, uncertainUSD = "uncertain_usd", dailyCapUSD = "daily_cap_usd", weeklyCapUSD = "weekly_cap_usd"
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(by, forKey: .by)
            try c.encode(since, forKey: .since)
            try c.encode(rows.map { RowJSON(by: by, row: $0) }, forKey: .rows)
            try c.encode(rows.reduce(0) { $0 + $1.calls }, forKey: .totalCalls)
            try c.encode(money(rows.reduce(0) { $0 + $1.estimateUSD }), forKey: .totalEstimateUSD)
            try c.encode(money(rows.reduce(0) { $0 + $1.actualUSD }), forKey: .totalUSD)
            try c.encode(rows.reduce(0) { $0 + $1.uncertain }, forKey: .uncertain)
            try c.encode(money(rows.reduce(0) { $0 + $1.uncertainUSD }), forKey: .uncertainUSD)
            try c.encode(budget?.dailyUSD, forKey: .dailyCapUSD)
            try c.encode(budget?.weeklyUSD, forKey: .weeklyCapUSD)
        }
    }

    /// A row: one field per grouping (`"day": "2026-11-23"`), `key` (them joined), then the figures.
    struct RowJSON: Encodable {
        var by: [String]
        var row: Ledger.SummaryRow

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for (name, value) in zip(by, row.keys) { try c.encode(value, forKey: Key(name)) }
            try c.encode(row.key, forKey: Key("key"))
            try c.encode(row.calls, forKey: Key("calls"))
            try c.encode(money(row.estimateUSD), forKey: Key("estimate_usd"))
            try c.encode(money(row.actualUSD), forKey: Key("actual_usd"))
            try c.encode(row.uncertain, forKey: Key("uncertain"))
            try c.encode(money(row.uncertainUSD), forKey: Key("uncertain_usd"))
        }
    }

    struct WeekJSON: Encodable {
        struct Day: Encodable {
            var day: String
            var calls: Int
            var spent_usd, held_usd, committed_usd, day_total_usd: Double
            var daily_used_pct: Double?
            var over_daily_cap: Bool?

            enum CodingKeys: String, CodingKey {
                case day, calls, spent_usd, held_usd, committed_usd, day_total_usd, daily_used_pct, over_daily_cap
            }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(day, forKey: .day)
                try c.encode(calls, forKey: .calls)
                try c.encode(spent_usd, forKey: .spent_usd)
                try c.encode(held_usd, forKey: .held_usd)
                try c.encode(committed_usd, forKey: .committed_usd)
                try c.encode(day_total_usd, forKey: .day_total_usd)
                try c.encode(daily_used_pct, forKey: .daily_used_pct)
                try c.encode(over_daily_cap, forKey: .over_daily_cap)
            }
        }
        struct Total: Encodable {
            var calls: Int
            var spent_usd, held_usd, committed_usd: Double
            var weekly_used_pct: Double?
            var weekly_left_usd: Double?
            var over_weekly_cap: Bool?

            enum CodingKeys: String, CodingKey {
                case calls, spent_usd, held_usd, committed_usd, weekly_used_pct, weekly_left_usd, over_weekly_cap
            }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(calls, forKey: .calls)
                try c.encode(spent_usd, forKey: .spent_usd)
                try c.encode(held_usd, forKey: .held_usd)
                try c.encode(committed_usd, forKey: .committed_usd)
                try c.encode(weekly_used_pct, forKey: .weekly_used_pct)
                try c.encode(weekly_left_usd, forKey: .weekly_left_usd)
                try c.encode(over_weekly_cap, forKey: .over_weekly_cap)
            }
        }
        var week: String
        var daily_cap_usd: Double?
        var weekly_cap_usd: Double?
        var days: [Day]
        var total: Total

        init(_ w: WeekCosts) {
            week = w.week
            daily_cap_usd = w.budget?.dailyUSD
            weekly_cap_usd = w.budget?.weeklyUSD
            days = w.days.map { d in
                Day(day: d.day, calls: d.calls, spent_usd: money(d.spentUSD), held_usd: money(d.heldUSD),
                    committed_usd: money(d.committedUSD), day_total_usd: money(d.dayTotalUSD),
                    daily_used_pct: w.dailyUsedPercent(d).map(percent), over_daily_cap: w.budget == nil ? nil : w.overDailyCap(d))
            }
            total = Total(calls: w.calls, spent_usd: money(w.spentUSD), held_usd: money(w.heldUSD), committed_usd: money(w.committedUSD),
                          weekly_used_pct: w.weeklyUsedPercent.map(percent), weekly_left_usd: w.weeklyLeftUSD.map(money),
                          over_weekly_cap: w.budget == nil ? nil : w.overWeeklyCap)
        }

        // Optionals are written as null (not left out), so every document has the same fields.
        enum CodingKeys: String, CodingKey { case week, daily_cap_usd, weekly_cap_usd, days, total }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(week, forKey: .week)
            try c.encode(daily_cap_usd, forKey: .daily_cap_usd)
            try c.encode(weekly_cap_usd, forKey: .weekly_cap_usd)
            try c.encode(days, forKey: .days)
            try c.encode(total, forKey: .total)
        }
    }

    // MARK: Numbers

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// Dollars rounded to a millionth (so 0.1 + 0.2 prints as 0.3).
    static func money(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
    /// Percent rounded to a tenth; a zero cap used at all reads as a very large number, not infinity.
    static func percent(_ value: Double) -> Double { value.isFinite ? (value * 10).rounded() / 10 : 999_999 }
    static func usd6(_ value: Double) -> String { String(format: "%.6f", value) }
    static func usd4(_ value: Double) -> String { String(format: "$%.4f", value) }
    static func usd2(_ value: Double) -> String { String(format: "$%.2f", value) }
    static func pct1(_ value: Double) -> String { String(format: "%.1f", percent(value)) }
    static func pct0(_ value: Double) -> String { value.isFinite ? String(format: "%.0f%%", value) : "over" }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
