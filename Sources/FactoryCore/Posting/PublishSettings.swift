import Foundation

/// `publish:` at the top of the manifest: where and when the week's bundles are posted
/// (docs/publishing.md). Absent, nothing is posted.
public struct PublishSettings: Sendable, Equatable {
    public enum Approval: String, ManifestWord {
        /// Only bundles approved with `factory approve` (per version) are posted.
        case required
        /// Every finished bundle is posted at its time.
        case auto
        public static let noun = "approval"
    }

    /// The platforms every item goes to unless it says otherwise.
    public var platforms: [Platform] = []
    /// Local time ("HH:MM") in the manifest's zone on each item's day.
    public var at: LocalTime = LocalTime(hour: 18, minute: 0)
    public var approval: Approval = .required
    /// AI disclosure on every post (YouTube `containsSyntheticMedia`, Instagram `is_ai_generated`, TikTok's AI label).
    public var aiDisclosure = true
    public var tiktok = TikTokSettings()
    public var youtube = YouTubeSettings()
    public var instagram = InstagramSettings()

    public init() {}
}

/// An item's own `publish:` (`false`, a list of platforms, or `{ platforms, post_at, made_for_kids }`) and `post_at:`.
public struct ItemPublishing: Sendable, Equatable {
    /// nil: the manifest's platforms; empty: not posted (`publish: false`).
    public var platforms: [Platform]?
    public var postAt: LocalTime?
    /// `publish.made_for_kids` for this item's YouTube upload, over the manifest's.
    public var madeForKids: Bool?

    public init(platforms: [Platform]? = nil, postAt: LocalTime? = nil, madeForKids: Bool? = nil) {
        self.platforms = platforms
        self.postAt = postAt
        self.madeForKids = madeForKids
    }
}

/// A wall-clock time of day, "HH:MM" (24-hour).
public struct LocalTime: Sendable, Equatable, Comparable, CustomStringConvertible, Decodable {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let h = Int(parts[0]), let m = Int(parts[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        hour = h
        minute = m
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a time of day; write it as \"HH:MM\" (24-hour), e.g. \"18:00\"")
        }
        self = time
    }

    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    /// This time on `date` (YYYY-MM-DD) in `zone`; nil for a date that does not parse.
    public func moment(on date: String, in zone: TimeZone) -> Date? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour, minute: minute))
    }
}
