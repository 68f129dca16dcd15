import Foundation

/// What `factory estimate` prints: a table of every stage, totals by scheduled day and by
/// provider, and the caps as a run today would meet them; or all of it as JSON.
public enum EstimateReport {
    public static func text(_ plan: WeekPlan) -> String {
        var out = "estimate for \(plan.week) (\(plan.timezone)), \(plan.items) items, \(plan.manifest)\n\n"
        out += stageTable(plan)
        for problem in plan.problems { out += "CANNOT PLAN \(problem.item): \(problem.message)\n" }

        let cap = plan.caps.dailyUSD
        out += "\nby scheduled day (daily cap \(usd(cap, places: 2)))\n"
        out += table(["day", "paid calls", "usd", ""], plan.byDay.map { total in
            [total.key + " " + weekday(total.key, in: plan), "\(total.calls)", usd(total.usd),
             total.usd > cap + 1e-9 ? "over the daily cap if run that day" : ""]
        }, rightAligned: [1, 2])
        out += "\nby provider\n"
        out += table(["provider", "paid calls", "usd", "at most"], plan.byProvider.map { total in
            [total.key, "\(total.calls)", usd(total.usd), usd(total.maxUSD)]
        }, rightAligned: [1, 2, 3])

        let caps = plan.caps, total = plan.totalUSD
        let paid = plan.paidCalls
        let cached = plan.stages.filter { $0.status == .cached }.count
        out += "\ntotal \(usd(total)) for \(paid) paid calls (at most \(usd(plan.totalMaxUSD))); \(cached) cached, "
            + "\(plan.stages.filter { $0.status == .free }.count) offline, \(plan.stages.filter { $0.status == .upToDate }.count) bundles up to date\n"
        out += "run today (\(caps.today)): \(usd(caps.committedTodayUSD)) committed + \(usd(total)) = "
            + "\(usd(caps.committedTodayUSD + total)) of the \(usd(caps.dailyUSD, places: 2)) daily cap"
            + (caps.breaksDaily(total) ? " — OVER THE DAILY CAP\n" : " — ok\n")
        out += "week \(plan.week): \(usd(caps.committedWeekUSD)) committed + \(usd(total)) = "
            + "\(usd(caps.committedWeekUSD + total)) of the \(usd(caps.weeklyUSD, places: 2)) weekly cap"
            + (caps.breaksWeekly(total) ? " — OVER THE WEEKLY CAP\n" : " — ok\n")
        if let reasks = plan.reasks { out += reasks.summary + "\n" }
        if plan.breaksCap {
            out += "a run today would defer items at the cap; raise `budget:` in the manifest, run fewer items (--day, --only), or wait for tomorrow\n"
        }
        return out
    }

    /// The table of every stage: item, stage, provider, model, units, usd, status.
    public static func stageTable(_ plan: WeekPlan) -> String {
        let header = ["item", "stage", "provider", "model", "units", "usd", "status"]
        var rows: [[String]] = []
        rows.reserveCapacity(plan.stages.count)
        for s in plan.stages {
            rows.append([s.item, s.calls == 1 ? s.stage.rawValue : "\(s.stage) ×\(s.calls)", s.provider.rawValue, s.model,
                         units(s.units, exact: s.exact), usd(s.usd), status(s)])
        }
        return table(header, rows, rightAligned: [5])
    }

    /// Everything, for scripts: the stages, the totals and the caps.
    public static func json(_ plan: WeekPlan) throws -> String {
        struct Output: Encodable {
            var plan: WeekPlan
            var byDay: [WeekPlan.Total]
            var byProvider: [WeekPlan.Total]
            var totalUsd: Double
            var totalMaxUsd: Double
            var paidCalls: Int
            var breaksCap: Bool
            func encode(to encoder: Encoder) throws {
                try plan.encode(to: encoder)
                enum Keys: String, CodingKey { case byDay, byProvider, totalUsd, totalMaxUsd, paidCalls, breaksCap }
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(byDay, forKey: .byDay)
                try container.encode(byProvider, forKey: .byProvider)
                try container.encode(totalUsd, forKey: .totalUsd)
                try container.encode(totalMaxUsd, forKey: .totalMaxUsd)
                try container.encode(paidCalls, forKey: .paidCalls)
                try container.encode(breaksCap, forKey: .breaksCap)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(Output(plan: plan, byDay: plan.byDay, byProvider: plan.byProvider, totalUsd: plan.totalUSD,
                                             totalMaxUsd: plan.totalMaxUSD, paidCalls: plan.paidCalls, breaksCap: plan.breaksCap))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func status(_ stage: PlannedStage) -> String {
        switch stage.status {
        case .toPay: stage.exact ? "to pay" : "to pay (~ from the brief)"
        case .cached: "cached"
        case .free: "offline"
        case .upToDate: "bundle up to date"
        }
    }

    /// "1,204 in + 600 out tokens", "1 image", "2,310 chars, 142 s audio"; "~" when from the brief.
    static func units(_ units: [String: Double], exact: Bool) -> String {
        var parts: [String] = []
        if let input = units["input_tokens"], let output = units["output_tokens"] {
            parts.append("\(grouped(input)) in + \(grouped(output)) out tokens")
        }
        if let images = units["images"] { parts.append(images == 1 ? "1 image" : "\(grouped(images)) images") }
        if let characters = units["characters"] { parts.append("\(grouped(characters)) chars") }
        if let seconds = units["audio_seconds"] { parts.append("\(grouped(seconds)) s audio") }
        let text = parts.joined(separator: ", ")
        return exact || text.isEmpty ? text : "~" + text
    }

    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0, i % 3 == 0, c != "-" { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    /// Dollars with `places` decimals, without String(format:) (fast enough for 10,000-item plans).
    public static func usd(_ value: Double, places: Int = 4) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let units = Int((abs(value) * scale).rounded())
        let whole = units / Int(scale), fraction = String(units % Int(scale))
        return (value < 0 ? "-$" : "$") + "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    static func weekday(_ date: String, in plan: WeekPlan) -> String {
        plan.stages.first { $0.date == date }.map { "(\($0.day))" } ?? ""
    }

    /// The header and rows as padded lines (see `TextTable`).
    static func table(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let table = TextTable(header: header, rows: rows, rightAligned: rightAligned)
        var out = table.line(header) + "\n"
        for row in rows { out += table.line(row) + "\n" }
        return out
    }
}
