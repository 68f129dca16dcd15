import FactoryCore
import FactoryTesting
import Foundation
import Testing

@Suite("Ledger summaries")
struct LedgerSummaryTests {
    /// A ledger with settled calls on two days of W48, one on a day of W49, one uncertain and one released.
    static func ledger(_ folder: TemporaryFolder) throws -> Ledger {
        let ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        let roomy = Budget(dailyUSD: 100, weeklyUSD: 100)
        func call(_ n: Int, _ provider: String, _ item: String, _ stage: String, day: String, week: String = "2026-W48",
                  usd: Double) throws -> Int64 {
            try ledger.reserve(Ledger.Reservation(requestKey: "k\(n)", day: day, week: week, provider: StageProvider(rawValue: provider), model: "\(provider)-m",
                                                  item: item, stage: StageName(rawValue: stage), estimate: CostEstimate(usd: usd, maxUSD: usd * 2, units: [:]),
                                                  runId: "run"), budget: roomy)
        }
        try ledger.settle(try call(1, "runware", "a", "image-1", day: "2026-11-23", usd: 0.5), actualUSD: 0.4, requestId: nil, units: [:])
        try ledger.settle(try call(2, "runware", "a", "image-2", day: "2026-11-23", usd: 0.5), actualUSD: 0.6, requestId: nil, units: [:])
        try ledger.settle(try call(3, "anthropic", "a", "text", day: "2026-11-24", usd: 0.1), actualUSD: 0.1, requestId: nil, units: [:])
        try ledger.settle(try call(4, "anthropic", "b", "text", day: "2026-11-24", week: "2026-W49", usd: 0.2), actualUSD: 0.2,
                          requestId: nil, units: [:])
        try ledger.markUncertain(try call(5, "runware", "b", "image", day: "2026-11-24", usd: 0.3), note: "timeout")
        try ledger.release(try call(6, "runware", "b", "image", day: "2026-11-24", usd: 9), note: "HTTP 400")
        return ledger
    }

    @Test("groupings combine: day then provider, in that order, with the figures of each pair")
    func combinedGroupings() throws {
        let folder = try TemporaryFolder()
        let rows = try Self.ledger(folder).summary(by: [.day, .provider])
        #expect(rows.map(\.keys) == [["2026-11-23", "runware"], ["2026-11-24", "anthropic"], ["2026-11-24", "runware"]])
        #expect(rows[0].calls == 2 && abs(rows[0].actualUSD - 1.0) < 1e-9 && abs(rows[0].estimateUSD - 1.0) < 1e-9)
        #expect(rows[1].calls == 2 && abs(rows[1].actualUSD - 0.3) < 1e-9)
        // The uncertain call is its own column; the released one is nowhere.
        #expect(rows[2].calls == 0 && rows[2].uncertain == 1 && abs(rows[2].uncertainUSD - 0.6) < 1e-9)
    }

    @Test("stage groups by stage name; item,stage by both; since drops earlier days")
    func stageAndSince() throws {
        let folder = try TemporaryFolder()
        let ledger = try Self.ledger(folder)
        #expect(try ledger.summary(by: .stage).map(\.key) == ["image", "image-1", "image-2", "text"])
        #expect(try ledger.summary(by: [.item, .stage]).map(\.key) == ["a / image-1", "a / image-2", "a / text", "b / image", "b / text"])
        #expect(try ledger.summary(by: .day, since: "2026-11-24").map(\.key) == ["2026-11-24"])
    }

    @Test("a week's days: the week's calls only, held reservations apart, the day's total across weeks")
    func weekSpend() throws {
        let folder = try TemporaryFolder()
        let days = try Self.ledger(folder).weekSpend("2026-W48")
        #expect(days.map(\.day) == ["2026-11-23", "2026-11-24"])
        #expect(days[0].calls == 2 && abs(days[0].spentUSD - 1.0) < 1e-9 && days[0].heldUSD == 0 && abs(days[0].dayTotalUSD - 1.0) < 1e-9)
        // 24th: W48's text ($0.1) + the uncertain image held at its $0.6 reservation; the day's total adds W49's $0.2.
        #expect(days[1].calls == 1 && abs(days[1].spentUSD - 0.1) < 1e-9 && abs(days[1].heldUSD - 0.6) < 1e-9)
        #expect(abs(days[1].dayTotalUSD - 0.9) < 1e-9)
    }

    @Test("caps: a day over the daily cap is flagged, the week shows % used and what is left")
    func weekAgainstCaps() {
        let days = [Ledger.DaySpend(day: "2026-11-23", calls: 2, spentUSD: 1.0, heldUSD: 0, dayTotalUSD: 1.0),
                    Ledger.DaySpend(day: "2026-11-24", calls: 1, spentUSD: 0.1, heldUSD: 0.6, dayTotalUSD: 0.9)]
        let week = WeekCosts(week: "2026-W48", days: days, budget: Budget(dailyUSD: 0.95, weeklyUSD: 4))
        #expect(week.overDailyCap(days[0]) && !week.overDailyCap(days[1]))
        #expect(abs((week.dailyUsedPercent(days[1]) ?? 0) - 94.736842) < 1e-3)
        #expect(abs(week.committedUSD - 1.7) < 1e-9 && abs((week.weeklyUsedPercent ?? 0) - 42.5) < 1e-9)
        #expect(abs((week.weeklyLeftUSD ?? 0) - 2.3) < 1e-9 && !week.overWeeklyCap)
        let over = WeekCosts(week: "2026-W48", days: days, budget: Budget(dailyUSD: 3, weeklyUSD: 1.5))
        #expect(over.overWeeklyCap && over.weeklyLeftUSD == 0)
        let unknown = WeekCosts(week: "2026-W48", days: days, budget: nil)
        #expect(unknown.weeklyUsedPercent == nil && !unknown.overDailyCap(days[0]))
    }
}
