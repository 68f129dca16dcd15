import Foundation

/// When a post's figures are read: hourly for its first 48 h, daily to day 30, weekly after, and
/// never after two years (Instagram keeps insights two years). Instagram's figures arrive up to
/// 48 h late, so it is read every 6 h over those first two days instead of hourly. No platform
/// documents a cadence; this one keeps a week of 30 posts far inside every limit
/// (docs/analytics.md). A slot is the latest schedule moment at or before now: a poll records at
/// most one snapshot per slot, and a poll that missed slots reads once for the latest.
public enum MetricSchedule {
    public static let end: TimeInterval = 2 * 365 * 86_400

    /// The schedule's moments for a post, as offsets from its publication.
    static func offsets(_ platform: Platform) -> (first: TimeInterval, early: TimeInterval) {
        platform == .instagram ? (6 * 3600, 6 * 3600) : (3600, 3600)
    }

    /// The latest slot at or before `now`, or nil before the first and after the end.
    public static func slot(postedAt: Date, now: Date, platform: Platform) -> Date? {
        let age = now.timeIntervalSince(postedAt)
        let (first, early) = offsets(platform)
        guard age >= first, age <= end else { return nil }
        let step: TimeInterval
        let start: TimeInterval
        if age < 48 * 3600 {
            (start, step) = (first, early)
        } else if age < 30 * 86_400 {
            (start, step) = (48 * 3600, 86_400)
        } else {
            (start, step) = (30 * 86_400, 7 * 86_400)
        }
        return postedAt.addingTimeInterval(start + ((age - start) / step).rounded(.down) * step)
    }

    /// The slot as stored.
    public static func stamp(_ slot: Date) -> String { ISO8601DateFormatter().string(from: slot) }
}
