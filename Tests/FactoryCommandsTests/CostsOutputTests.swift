@testable import FactoryCommands
import FactoryCore
import Foundation
import Testing

@Suite("factory costs output")
struct CostsOutputTests {
    static let rows = [
        Ledger.SummaryRow(keys: ["2026-11-23", "runware"], calls: 2, estimateUSD: 0.1, actualUSD: 0.2, uncertain: 0, uncertainUSD: 0),
        Ledger.SummaryRow(keys: ["2026-11-24", "a \"quoted\", model"], calls: 1, estimateUSD: 0.1, actualUSD: 0.1, uncertain: 1, uncertainUSD: 0.05),
    ]

    @Test("CSV fields with commas, quotes or line breaks are quoted, quotes doubled; plain fields are not")
    func csvQuoting() {
        #expect(CSV.field("plain") == "plain")
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
        #expect(CSV.field("") == "")
    }

    @Test("grouped CSV: one column per grouping, then the figures with six decimals")
    func groupedCSV() {
        let text = CostsOutput.groupedCSV([.day, .provider], rows: Self.rows)
        #expect(text == """
        day,provider,calls,estimate_usd,actual_usd,uncertain_calls,uncertain_usd
        2026-11-23,runware,2,0.100000,0.200000,0,0.000000
        2026-11-24,"a ""quoted"", model",1,0.100000,0.100000,1,0.050000

        """)
    }

    @Test("grouped JSON: a field per grouping and key; totals rounded to a millionth; caps null without a manifest")
    func groupedJSON() throws {
        let text = try CostsOutput.groupedJSON([.day, .provider], since: nil, rows: Self.rows, budget: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["by"] as? [String] == ["day", "provider"])
        #expect(object["total_usd"] as? Double == 0.3)
        #expect(object["total_calls"] as? Int == 3 && object["uncertain"] as? Int == 1)
        #expect(object["daily_cap_usd"] is NSNull && object["since"] is NSNull)
        let first = try #require((object["rows"] as? [[String: Any]])?.first)
        #expect(first["day"] as? String == "2026-11-23" && first["provider"] as? String == "runware")
        #expect(first["key"] as? String == "2026-11-23 / runware" && first["actual_usd"] as? Double == 0.2)
        #expect(Set(first.keys) == ["day", "provider", "key", "calls", "estimate_usd", "actual_usd", "uncertain", "uncertain_usd"])
    }

    @Test("grouped table: aligned columns, the uncertain note, a total line and the caps")
    func groupedText() {
        let row = Ledger.SummaryRow(keys: ["runware"], calls: 2, estimateUSD: 0.1, actualUSD: 0.2, uncertain: 0, uncertainUSD: 0)
        let text = CostsOutput.groupedText([.provider], rows: [row], budget: Budget(dailyUSD: 3, weeklyUSD: 15))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "provider  calls    estimate      actual")
        #expect(lines[1] == "runware       2     $0.1000     $0.2000")
        #expect(lines[2] == "total         2     $0.1000     $0.2000")
        #expect(lines[3].hasPrefix("caps: $3.00 a day, $15.00 a week"))
        let two = CostsOutput.groupedText([.day, .provider], rows: Self.rows, budget: nil).split(separator: "\n").map(String.init)
        #expect(two[0] == "day         provider           calls    estimate      actual")
        #expect(two[2] == "2026-11-24  a \"quoted\", model      1     $0.1000     $0.1000  (+1 uncertain, up to $0.0500)")
        #expect(two[3] == "total                              3     $0.2000     $0.3000  (+1 uncertain, up to $0.0500)")
    }

    static let week = WeekCosts(week: "2026-W48", days: [
        Ledger.DaySpend(day: "2026-11-23", calls: 2, spentUSD: 3.2, heldUSD: 0, dayTotalUSD: 3.2),
        Ledger.DaySpend(day: "2026-11-24", calls: 1, spentUSD: 0.5, heldUSD: 0.25, dayTotalUSD: 1.0),
    ], budget: Budget(dailyUSD: 3, weeklyUSD: 15))

    @Test("week table: each day against the daily cap (OVER flagged), the week's % used and what is left")
    func weekText() {
        let lines = CostsOutput.weekText(Self.week).split(separator: "\n").map(String.init)
        #expect(lines[0] == "week 2026-W48: caps $3.00 a day, $15.00 a week")
        #expect(lines[1] == "day           calls       spent        held   day total  daily cap")
        #expect(lines[2] == "2026-11-23        2     $3.2000           -     $3.2000       107%  OVER the daily cap")
        #expect(lines[3].hasPrefix("2026-11-24        1     $0.5000     $0.2500     $1.0000        33%"))
        #expect(lines[3].hasSuffix("(day total includes $0.2500 for other weeks)"))
        #expect(lines[4] == "week              3     $3.7000     $0.2500  $3.9500 of $15.00 weekly cap: 26% used, $11.0500 left")
        #expect(lines[5].hasPrefix("held: "))
    }

    @Test("week CSV and JSON carry the same figures; JSON has every field even without caps")
    func weekCSVAndJSON() throws {
        let csv = CostsOutput.weekCSV(Self.week).split(separator: "\n").map(String.init)
        #expect(csv[0] == "day,calls,spent_usd,held_usd,committed_usd,day_total_usd,daily_cap_usd,daily_used_pct,over_daily_cap")
        #expect(csv[1] == "2026-11-23,2,3.200000,0.000000,3.200000,3.200000,3.000000,106.7,true")
        #expect(csv[2] == "2026-11-24,1,0.500000,0.250000,0.750000,1.000000,3.000000,33.3,false")

        let object = try #require(try JSONSerialization.jsonObject(with: Data(CostsOutput.weekJSON(Self.week).utf8)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        #expect(total["committed_usd"] as? Double == 3.95 && total["weekly_left_usd"] as? Double == 11.05)
        #expect(total["weekly_used_pct"] as? Double == 26.3 && total["over_weekly_cap"] as? Bool == false)
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days[0]["over_daily_cap"] as? Bool == true && days[0]["daily_used_pct"] as? Double == 106.7)

        let bare = WeekCosts(week: "2026-W48", days: Self.week.days, budget: nil)
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(CostsOutput.weekJSON(bare).utf8)) as? [String: Any])
        #expect(plain["weekly_cap_usd"] is NSNull)
        #expect(((plain["total"] as? [String: Any])?["weekly_left_usd"]) is NSNull)
    }
}
