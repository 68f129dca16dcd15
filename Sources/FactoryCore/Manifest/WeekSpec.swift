import Foundation

/// The manifest's `week:` as written: one ISO week, or a standing week resolved on every run —
/// `auto` (the week containing the run's date) or `next` (the week after it, for a cron that
/// prepares next week on Sunday). `--week YYYY-Www` overrides either.
public enum WeekSpec: Sendable, Equatable, CustomStringConvertible, Decodable {
    case fixed(ISOWeek)
    case auto
    case next

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        switch text.lowercased() {
        case "auto": self = .auto
        case "next": self = .next
        default:
            guard let week = ISOWeek(text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription:
                    "\"\(text)\" is not a week; write an ISO week like 2026-W48, or `auto` (the run date's week) or `next` (the week after)")
            }
            self = .fixed(week)
        }
    }

    public var description: String {
        switch self {
        case .fixed(let week): week.description
        case .auto: "auto"
        case .next: "next"
        }
    }

    /// True for `auto` and `next`: the manifest makes a new week on every run.
    public var isStanding: Bool { self == .auto || self == .next }

    /// The week a run makes: `override` (`--week`) wins; else the fixed week, or the week of `today`
    /// (a moment, read in `zone`) or the one after it.
    public func resolve(override: ISOWeek?, today: Date, in zone: TimeZone) -> ISOWeek {
        if let override { return override }
        switch self {
        case .fixed(let week): return week
        case .auto: return ISOWeek.containing(today, in: zone)
        case .next: return ISOWeek.containing(today, in: zone).adding(weeks: 1)
        }
    }
}

extension ISOWeek: Comparable {
    public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }

    /// The Monday of the week at noon in UTC (the week's identity for arithmetic).
    var monday: Date? { date(of: .monday, in: Self.utc) }

    static let utc = TimeZone(identifier: "UTC") ?? .current

    /// The week `n` weeks later (earlier when negative); ISO years of 52 and 53 weeks are handled
    /// by the calendar.
    public func adding(weeks n: Int) -> ISOWeek {
        guard let monday, let moved = Calendar(identifier: .gregorian).date(byAdding: .day, value: 7 * n, to: monday) else { return self }
        return ISOWeek.containing(moved, in: Self.utc)
    }

    /// Whole weeks from `self` to `other` (positive when `other` is later).
    public func weeks(to other: ISOWeek) -> Int {
        guard let a = monday, let b = other.monday else { return 0 }
        return Int((b.timeIntervalSince(a) / (7 * 86_400)).rounded())
    }
}

/// The run's date: the clock, or `FACTORY_TODAY=YYYY-MM-DD` (tests and rehearsals: "run as if
/// it were Sunday 29 November"). The date is read as noon in the manifest's time zone.
public enum RunDate {
    /// The moment to resolve standing weeks from; throws a message naming the variable and the fix.
    public static func today(environment: [String: String], now: Date = Date()) throws -> RunClock {
        guard let text = environment["FACTORY_TODAY"], !text.isEmpty else { return .now(now) }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (2000...2200).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
            throw FactoryError(.manifest, "FACTORY_TODAY=\(text) is not a date; write it as YYYY-MM-DD (e.g. 2026-11-29) or unset it")
        }
        return .day(year: parts[0], month: parts[1], day: parts[2])
    }
}

/// Where "today" comes from for `week: auto|next`.
public enum RunClock: Sendable, Equatable {
    case now(Date)
    case day(year: Int, month: Int, day: Int)

    /// The moment in `zone`: the clock itself, or noon of the given day there.
    public func moment(in zone: TimeZone) -> Date {
        switch self {
        case .now(let date): return date
        case let .day(year, month, day):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date()
        }
    }
}
