import Foundation
import Synchronization

/// The time of day a store stamps its rows with (`created_at`, `settled_at`, `recorded_at`) and
/// a caller buckets calls by: the system's clock, or a `ManualClock` a test sets and moves, so
/// day and week boundaries are tested at chosen moments rather than today.
public struct WallClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    /// The machine's clock.
    public static let system = WallClock { Date() }

    /// The moment as rows record it: ISO 8601 in UTC, to the second (`2026-11-23T09:00:00Z`).
    public func stamp() -> String { ISO8601DateFormatter().string(from: now()) }

    /// The calendar day in `zone` (YYYY-MM-DD): the daily cap's bucket.
    public func day(in zone: TimeZone) -> String { DayStamp.day(now(), in: zone) }

    /// The ISO week in `zone` (`2026-W48`): the weekly cap's bucket for a week run as it happens.
    public func week(in zone: TimeZone) -> String { ISOWeek.containing(now(), in: zone).description }
}

/// A clock that stands still until moved: for tests of day and week boundaries.
public final class ManualClock: Sendable {
    private let moment: Mutex<Date>

    public init(_ start: Date) { moment = Mutex(start) }

    /// The clock's moment now.
    public var now: Date { moment.withLock { $0 } }

    /// Moves the clock by `seconds` (backwards when negative).
    public func advance(by seconds: TimeInterval) { moment.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// Sets the clock to `date`.
    public func set(_ date: Date) { moment.withLock { $0 = date } }

    /// This clock as stores take it.
    public var wall: WallClock { WallClock { [self] in self.now } }
}
