import FactoryCore
import Foundation
import Testing

@Suite("Metric schedule")
struct MetricScheduleTests {
    static let posted = Date(timeIntervalSince1970: 1_795_000_000)

    static func slot(_ hours: Double, _ platform: Platform = .tiktok) -> Double? {
        MetricSchedule.slot(postedAt: posted, now: posted.addingTimeInterval(hours * 3600), platform: platform)
            .map { ($0.timeIntervalSince(posted) / 3600 * 1000).rounded() / 1000 }
    }

    @Test("hourly to 48 h, daily to day 30, weekly to two years, then never")
    func cadence() {
        #expect(Self.slot(0.5) == nil)
        #expect(Self.slot(1) == 1 && Self.slot(1.99) == 1 && Self.slot(47.5) == 47)
        #expect(Self.slot(48) == 48 && Self.slot(71) == 48 && Self.slot(72.1) == 72)
        #expect(Self.slot(30 * 24 - 1) == Double(29 * 24))
        #expect(Self.slot(30 * 24 + 5) == 30 * 24 && Self.slot(37 * 24 + 1) == 37 * 24)
        #expect(Self.slot(2 * 365 * 24 + 1) == nil)
    }

    @Test("Instagram, whose figures are up to 48 h late, is read every 6 h over those two days")
    func instagramStartsLater() {
        #expect(Self.slot(3, .instagram) == nil)
        #expect(Self.slot(6, .instagram) == 6 && Self.slot(11.9, .instagram) == 6 && Self.slot(47, .instagram) == 42)
        #expect(Self.slot(50, .instagram) == 48)
    }

    @Test("metrics as stored: sorted, explicit nulls, integers without a decimal point, and read back as written")
    func encoding() {
        let values: [String: Double?] = ["views": 1200, "ig_reels_avg_watch_time": 5321.5, "saved": nil]
        let text = MetricSnapshot.encode(values)
        #expect(text == #"{"ig_reels_avg_watch_time":5321.5,"saved":null,"views":1200}"#)
        #expect(MetricSnapshot.decode(text) == values)
    }
}
