import FactoryCore
import FactoryTesting
import Foundation
import Testing

/// `factory costs` on a ledger written here: groupings, one week against the manifest's caps, CSV,
/// JSON and the exit codes.
@Suite(.serialized) struct CostsCommandTests {
    /// A manifest with small caps and a ledger in its state folder: $2.40 on Monday (over the $2 cap
    /// lowered since), $0.50 on Tuesday, one uncertain call.
    static func setUp() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("costs")
        try folder.write("""
        version: 1
        week: 2026-W48
        timezone: America/New_York
        output: out
        budget: { daily_usd: 2, weekly_usd: 9 }
        items:
          - { id: p1, kind: poster, day: monday, series: monday-motivation, prompt: "a hill" }
        """, to: "week.yaml")
        let ledger = try Ledger(path: folder.url.appendingPathComponent("out/.factory/ledger.sqlite"))
        let roomy = Budget(dailyUSD: 100, weeklyUSD: 100)
        func call(_ n: Int, day: String, provider: String, stage: String, usd: Double) throws -> Int64 {
            try ledger.reserve(Ledger.Reservation(requestKey: "k\(n)", day: day, week: "2026-W48", provider: StageProvider(rawValue: provider), model: "m-\(provider)",
                                                  item: "p1", stage: StageName(rawValue: stage), estimate: CostEstimate(usd: usd, maxUSD: usd, units: [:]),
                                                  runId: "r"), budget: roomy)
        }
        try ledger.settle(try call(1, day: "2026-11-23", provider: "runware", stage: "image", usd: 1.2), actualUSD: 1.2, requestId: nil, units: [:])
        try ledger.settle(try call(2, day: "2026-11-23", provider: "anthropic", stage: "text", usd: 1.2), actualUSD: 1.2, requestId: nil, units: [:])
        try ledger.settle(try call(3, day: "2026-11-24", provider: "runware", stage: "image", usd: 0.5), actualUSD: 0.5, requestId: nil, units: [:])
        try ledger.markUncertain(try call(4, day: "2026-11-24", provider: "runware", stage: "image", usd: 0.25), note: "timeout")
        return folder
    }

    @Test func weekViewFlagsTheDayOverItsCapAndShowsWhatIsLeft() throws {
        let folder = try Self.setUp()
        let out = try TestSupport.runFactory(["costs", "week.yaml", "--week", "2026-W48"], in: folder.url)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "week 2026-W48: caps $2.00 a day, $9.00 a week")
        #expect(lines.contains { $0.hasPrefix("2026-11-23") && $0.contains("$2.4000") && $0.contains("120%") && $0.hasSuffix("OVER the daily cap") })
        #expect(lines.contains { $0.hasPrefix("2026-11-24") && $0.contains("$0.2500") && !$0.contains("OVER") })
        #expect(lines.contains { $0.hasPrefix("week") && $0.hasSuffix("$3.1500 of $9.00 weekly cap: 35% used, $5.8500 left") }, "\(out.stdout)")
    }

    @Test func csvAndJSONAreMachineReadable() throws {
        let folder = try Self.setUp()
        let csv = try TestSupport.runFactory(["costs", "week.yaml", "--by", "day,provider", "--csv"], in: folder.url)
        #expect(csv.status == 0)
        #expect(csv.stdout == """
        day,provider,calls,estimate_usd,actual_usd,uncertain_calls,uncertain_usd
        2026-11-23,anthropic,1,1.200000,1.200000,0,0.000000
        2026-11-23,runware,1,1.200000,1.200000,0,0.000000
        2026-11-24,runware,1,0.500000,0.500000,1,0.250000

        """)
        let json = try TestSupport.runFactory(["costs", "--state", "out/.factory", "--week", "2026-w48", "--json"], in: folder.url)
        #expect(json.status == 0, "\(json.stderr)")
        struct Week: Decodable {
            struct Day: Decodable { var day: String; var over_daily_cap: Bool? }
            struct Total: Decodable { var committed_usd: Double; var weekly_left_usd: Double? }
            var week: String; var weekly_cap_usd: Double?; var days: [Day]; var total: Total
        }
        let week = try JSONDecoder().decode(Week.self, from: Data(json.stdout.utf8))
        // Without the manifest the caps are unknown: the figures are there, the verdicts are null.
        #expect(week.week == "2026-W48" && week.weekly_cap_usd == nil && week.days.map(\.day) == ["2026-11-23", "2026-11-24"])
        #expect(week.days[0].over_daily_cap == nil && week.total.weekly_left_usd == nil && week.total.committed_usd == 3.15)
        let byStage = try TestSupport.runFactory(["costs", "week.yaml", "--by", "item,stage", "--since", "2026-11-24"], in: folder.url)
        let stageLines = byStage.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(stageLines.contains { $0.starts(with: ["p1", "image", "1", "$0.5000", "$0.5000"]) }, "\(byStage.stdout)")
        #expect(!byStage.stdout.contains("text"))
    }

    @Test(arguments: [
        (["--by", "colour"], "\"colour\" is not a grouping"),
        (["--by", "day,day"], "day is named twice"),
        (["--since", "2026-02-30"], "--since 2026-02-30: not a day"),
        (["--week", "2026-48"], "--week 2026-48: not an ISO week"),
        (["--week", "2026-W48", "--by", "item"], "leave out --by"),
        (["--json", "--csv"], "choose one"),
    ])
    func badArgumentsExitTwo(_ arguments: [String], _ message: String) throws {
        let folder = try Self.setUp()
        let out = try TestSupport.runFactory(["costs", "week.yaml"] + arguments, in: folder.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains(message), "\(out.stderr)")
    }

    @Test func noLedgerExitsOne() throws {
        let folder = try TemporaryFolder("costs")
        let out = try TestSupport.runFactory(["costs", "--state", folder.path("empty")], in: folder.url)
        #expect(out.status == 1)
        #expect(out.stderr.contains("no ledger at"))
    }
}
