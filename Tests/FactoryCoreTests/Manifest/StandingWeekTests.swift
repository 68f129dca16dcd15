import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// `week: auto` and `week: next`: the week containing the run's date in the manifest's time zone,
/// or the one after; `--week` over either; `FACTORY_TODAY` as the run's date; `memory.weeks`.
@Suite struct StandingWeekTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A moment given in UTC.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    @Test(arguments: [
        // Sunday 29 November 2026 in New York (ISO week 48 ends that day).
        (WeekSpec.auto, "2026-W48"), (.next, "2026-W49"), (.fixed(ISOWeek(year: 2026, week: 10)), "2026-W10"),
    ])
    func resolvesFromTheRunsDate(_ spec: WeekSpec, _ expected: String) {
        let sunday = Self.utc(2026, 11, 29, 17)
        #expect(spec.resolve(override: nil, today: sunday, in: Self.newYork).description == expected)
    }

    @Test func theManifestsTimeZoneDecidesTheDay() {
        // 04:30 UTC on Monday 30 November is still Sunday evening in New York, and Monday in Tokyo.
        let moment = Self.utc(2026, 11, 30, 4, 30)
        #expect(WeekSpec.auto.resolve(override: nil, today: moment, in: Self.newYork).description == "2026-W48")
        #expect(WeekSpec.auto.resolve(override: nil, today: moment, in: Self.tokyo).description == "2026-W49")
        #expect(WeekSpec.next.resolve(override: nil, today: moment, in: Self.newYork).description == "2026-W49")
        #expect(WeekSpec.next.resolve(override: nil, today: moment, in: Self.tokyo).description == "2026-W50")
    }

    @Test func theOverrideWinsOverEveryKindOfWeek() {
        let override = ISOWeek(year: 2027, week: 3)
        for spec in [WeekSpec.auto, .next, .fixed(ISOWeek(year: 2026, week: 48))] {
            #expect(spec.resolve(override: override, today: Self.utc(2026, 11, 29, 12), in: Self.newYork) == override)
        }
    }

    @Test(arguments: [
        // 2026 has 53 ISO weeks; 1 January 2027 is a Friday in 2026-W53; 2027-W01 starts on Monday 4 January.
        ("2026-W52", 1, "2026-W53"), ("2026-W53", 1, "2027-W01"), ("2027-W01", -1, "2026-W53"),
        ("2026-W10", -12, "2025-W50"), ("2026-W48", 12, "2027-W07"), ("2025-W52", 1, "2026-W01"),
    ])
    func weekArithmeticCrossesYears(_ from: String, _ weeks: Int, _ expected: String) throws {
        let week = try #require(ISOWeek(from))
        #expect(week.adding(weeks: weeks).description == expected)
        #expect(week.weeks(to: week.adding(weeks: weeks)) == weeks)
    }

    @Test func nextAcrossTheYearsEnd() {
        // Sunday 3 January 2027 is in 2026-W53: the week after is 2027-W01.
        #expect(WeekSpec.next.resolve(override: nil, today: Self.utc(2027, 1, 3, 15), in: Self.newYork).description == "2027-W01")
    }

    @Test func factoryTodayIsNoonOfThatDayInTheZone() throws {
        let clock = try RunDate.today(environment: ["FACTORY_TODAY": "2026-11-29"])
        #expect(clock == .day(year: 2026, month: 11, day: 29))
        // Noon in Tokyo and in New York: both still Sunday there.
        #expect(ISOWeek.containing(clock.moment(in: Self.tokyo), in: Self.tokyo).description == "2026-W48")
        #expect(ISOWeek.containing(clock.moment(in: Self.newYork), in: Self.newYork).description == "2026-W48")
        let now = Date()
        #expect(try RunDate.today(environment: [:], now: now) == .now(now))
    }

    @Test(arguments: ["2026-13-01", "29/11/2026", "2026-11", "tomorrow"])
    func aBadFactoryTodayNamesTheVariableAndTheFix(_ text: String) {
        #expect {
            try RunDate.today(environment: ["FACTORY_TODAY": text])
        } throws: { error in
            "\(error)".contains("FACTORY_TODAY=\(text) is not a date") && "\(error)".contains("YYYY-MM-DD")
        }
    }

    static func load(_ yaml: String, week: ISOWeek? = nil, today: RunClock) throws -> Manifest {
        let folder = try TemporaryFolder("standing")
        let path = try folder.write(yaml, to: "week.yaml")
        return try ManifestLoader.load(path: path, kinds: StandardKinds.registry, week: week, clock: today)
    }

    static let standing = """
    version: 1
    week: next
    timezone: America/New_York
    memory: { weeks: 8 }
    items:
      - { id: mon, kind: poster, day: monday, series: monday-motivation, prompt: "a hill" }
      - { id: sun, kind: poster, day: sunday, series: weekend-wellness, prompt: "a lake" }
    """

    @Test func aStandingManifestsDaysFollowTheResolvedWeek() throws {
        let manifest = try Self.load(Self.standing, today: .day(year: 2026, month: 11, day: 29))
        #expect(manifest.weekSpec == .next && manifest.week.description == "2026-W49")
        #expect(manifest.items.map(\.date) == ["2026-11-30", "2026-12-06"])
        #expect(manifest.memory.weeks == 8)
        let overridden = try Self.load(Self.standing, week: ISOWeek(year: 2027, week: 1), today: .day(year: 2026, month: 11, day: 29))
        #expect(overridden.week.description == "2027-W01")
        #expect(overridden.items.map(\.date) == ["2027-01-04", "2027-01-10"])
    }

    @Test func memoryWeeksDefaultsToTwelveAndRejectsNonsense() throws {
        let plain = try Self.load("version: 1\nweek: auto\nitems: []\n", today: .day(year: 2026, month: 3, day: 4))
        #expect(plain.memory.weeks == 12 && plain.weekSpec == .auto && plain.week.description == "2026-W10")
        #expect {
            try Self.load("version: 1\nweek: auto\nmemory: { weeks: -1 }\nitems: []\n", today: .day(year: 2026, month: 3, day: 4))
        } throws: { error in
            "\(error)".contains("memory.weeks is -1") && "\(error)".contains("or 0 to allow repeats")
        }
        #expect {
            try Self.load("version: 1\nweek: auto\nmemory: { weaks: 3 }\nitems: []\n", today: .day(year: 2026, month: 3, day: 4))
        } throws: { error in "\(error)".contains("weaks") }
        #expect {
            try Self.load("version: 1\nweek: sometimes\nitems: []\n", today: .day(year: 2026, month: 3, day: 4))
        } throws: { error in "\(error)".contains("`auto` (the run date's week) or `next` (the week after)") }
    }
}
