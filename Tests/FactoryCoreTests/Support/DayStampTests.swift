@testable import FactoryCore
import Foundation
import Testing

/// `DayStamp` works days out by arithmetic, not with a `Calendar`: it must agree with Foundation's
/// Gregorian calendar on every kind of day (leap days, year ends, before 1970, far ahead) and zone.
@Suite struct DayStampTests {
    static func calendarDay(_ moment: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: moment)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    @Test func theArithmeticAgreesWithTheCalendar() throws {
        let zones = try ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe"]
            .map { try #require(TimeZone(identifier: $0)) }
        var random = SeededRandom(seed: 20261127)
        // Every day of the leap years 2024 and 2000, each hour around the year ends, and random moments from 1901 to 2199.
        var moments = (0..<(366 * 24)).map { Date(timeIntervalSince1970: 1_704_067_200 + Double($0) * 3600) }
        moments += (0..<(366 * 4)).map { Date(timeIntervalSince1970: 946_684_800 + Double($0) * 21_600) }
        moments += (0..<2000).map { _ in Date(timeIntervalSince1970: random.double(-2_177_452_800, 7_258_118_400)) }
        for zone in zones {
            for moment in moments {
                #expect(DayStamp.day(moment, in: zone) == Self.calendarDay(moment, in: zone), "\(moment) in \(zone.identifier)")
            }
        }
        #expect(DayStamp.utcToday(Date(timeIntervalSince1970: 1_709_164_800)) == "2024-02-29")
        #expect(DayStamp.utcToday(Date(timeIntervalSince1970: 1_798_761_599)) == "2026-12-31")
        #expect(DayStamp.utcToday(Date(timeIntervalSince1970: -1)) == "1969-12-31")
    }
}
