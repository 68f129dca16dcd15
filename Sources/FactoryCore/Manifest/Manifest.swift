import Foundation

/// A week of content, decoded, validated and with every default resolved.
public struct Manifest: Sendable {
    public var version: Int
    /// The week this run makes: the manifest's `week:` resolved (`auto`/`next` from the run's date,
    /// `--week` over either). Days, caps, folders, reports and cache keys all follow it.
    public var week: ISOWeek
    /// `week:` as written: a fixed week, or a standing `auto`/`next`.
    public var weekSpec: WeekSpec = .fixed(ISOWeek(year: 2026, week: 1))
    /// How far back the content memory looks for repeats (`memory: { weeks: N }`).
    public var memory: MemorySettings = MemorySettings()
    public var timezone: TimeZone
    /// Where bundles go; absolute, resolved against the manifest's folder.
    public var output: URL
    public var brand: Brand
    public var budget: Budget
    public var concurrency: Concurrency
    public var providers: ProviderChoices
    public var items: [Item]
    /// Problems that fail single items (missing local files), by item id; `validate` reports them
    /// as errors, `run` fails just those items.
    public var itemProblems: [String: [Problem]]
    /// The manifest file and its folder (local assets are resolved against it).
    public var file: URL
    public var folder: URL { file.deletingLastPathComponent() }
    /// SHA-256 of the manifest's bytes, recorded in every bundle.
    public var sha256: String
    /// The manifest's own content library for the offline writers (`library:`), if it names one.
    public var library: LibrarySetting? = nil
    /// `publish:`: where and when the bundles are posted; nil, nothing is (docs/publishing.md).
    public var publish: PublishSettings? = nil
}

/// `library: my-quotes/` or `library: { path: my-quotes/, mode: replace }`: a folder of quote,
/// story, chat and recipe files (docs/library.md), merged with the built-in library or replacing it.
public struct LibrarySetting: Sendable, Equatable, Decodable {
    /// How the folder's content meets the built-in library.
    public enum Mode: String, ManifestWord {
        /// Added to ours; an entry with the id of one of ours takes its place.
        case merge
        /// Each section the folder fills (a series' quotes, a genre's scripts, the settings, the recipes) is only the folder's.
        case replace
        public static let noun = "library mode"
    }

    /// The folder as written, relative to the manifest's folder unless absolute.
    public var path: String
    public var mode: Mode

    public init(path: String, mode: Mode = .merge) {
        self.path = path
        self.mode = mode
    }

    public init(from decoder: Decoder) throws {
        if let path = try? decoder.singleValueContainer().decode(String.self) {
            self.init(path: path)
            return
        }
        try decoder.rejectUnknownKeys(["path", "mode"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        self.init(path: try c.decode(String.self, forKey: AnyKey(stringValue: "path")),
                  mode: try c.decodeIfPresent(Mode.self, forKey: AnyKey(stringValue: "mode")) ?? .merge)
    }

    /// The folder, resolved against the manifest's folder.
    public func folder(relativeTo manifestFolder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : manifestFolder.appendingPathComponent(path)).standardizedFileURL
    }
}

/// The content memory's window: a text stage's answer may not repeat (exactly or nearly) what
/// its series published within `weeks` weeks of the run's week; 0 turns the check off.
public struct MemorySettings: Sendable, Equatable, Decodable {
    public var weeks: Int

    public static let defaultWeeks = 12

    public init(weeks: Int = MemorySettings.defaultWeeks) { self.weeks = weeks }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["weeks"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        let key = AnyKey(stringValue: "weeks")
        let weeks = try c.decodeIfPresent(Int.self, forKey: key) ?? Self.defaultWeeks
        guard (0...520).contains(weeks) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                "memory.weeks is \(weeks); write a number of weeks from 1 to 520 (default \(Self.defaultWeeks)), or 0 to allow repeats")
        }
        self.weeks = weeks
    }
}

/// The brand shown on every piece.
public struct Brand: Sendable, Equatable, Decodable {
    public var handle: String
    public var watermark: Bool

    public init(handle: String = "", watermark: Bool = false) {
        self.handle = handle
        self.watermark = watermark
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["handle", "watermark"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        handle = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "handle")) ?? ""
        watermark = try c.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "watermark")) ?? false
    }
}

/// Hard spending caps in US dollars, across all providers.
public struct Budget: Sendable, Equatable, Decodable {
    public var dailyUSD: Double
    public var weeklyUSD: Double

    public init(dailyUSD: Double = 3, weeklyUSD: Double = 15) {
        self.dailyUSD = dailyUSD
        self.weeklyUSD = weeklyUSD
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["daily_usd", "weekly_usd"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        dailyUSD = try c.decode(Double.self, forKey: AnyKey(stringValue: "daily_usd"), default: 3, in: 0...10_000, what: "budget.daily_usd")
        weeklyUSD = try c.decode(Double.self, forKey: AnyKey(stringValue: "weekly_usd"), default: 15, in: 0...100_000, what: "budget.weekly_usd")
    }
}

/// Limits on work in flight: overall, for rendering, and per provider. Two renders by default:
/// each encode already uses every core, and a second render fills the gaps of the first (its
/// art, stills, checks and bundle are not spread over the cores).
public struct Concurrency: Sendable, Equatable, Decodable {
    public var total: Int
    public var render: Int
    public var runware: Int
    public var openai: Int
    public var anthropic: Int

    public init(total: Int = 8, render: Int = 2, runware: Int = 4, openai: Int = 4, anthropic: Int = 4) {
        self.total = total
        self.render = render
        self.runware = runware
        self.openai = openai
        self.anthropic = anthropic
    }

    public init(from decoder: Decoder) throws {
        let names = ["total", "render", "runware", "openai", "anthropic"]
        try decoder.rejectUnknownKeys(names)
        let c = try decoder.container(keyedBy: AnyKey.self)
        let base = Concurrency()
        func limit(_ name: String, _ fallback: Int) throws -> Int {
            try c.decode(Int.self, forKey: AnyKey(stringValue: name), default: fallback, in: 1...64, what: "concurrency.\(name)")
        }
        total = try limit("total", base.total)
        render = try limit("render", base.render)
        runware = try limit("runware", base.runware)
        openai = try limit("openai", base.openai)
        anthropic = try limit("anthropic", base.anthropic)
    }
}

/// Which provider plays each role, and which models they use (nil: the built-in default).
public struct ProviderChoices: Sendable, Equatable, Decodable {
    public var text: TextProviderChoice
    public var image: ImageProviderChoice
    public var speech: SpeechProviderChoice
    /// The live text model (a row of models.json for the text provider), e.g. claude-haiku-4-5.
    public var textModel: String?
    /// The live speech model, e.g. tts-1; the items' voices must be among its voices.
    public var speechModel: String?
    /// A live chunk still reworded after its last ask: fail the item (default) or accept it.
    public var speechReworded: RewordedSpeech = .fail

    public init(text: TextProviderChoice = .auto, image: ImageProviderChoice = .auto, speech: SpeechProviderChoice = .auto,
                textModel: String? = nil, speechModel: String? = nil) {
        self.text = text
        self.image = image
        self.speech = speech
        self.textModel = textModel
        self.speechModel = speechModel
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["text", "image", "speech", "text_model", "speech_model", "speech_reworded"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        text = try c.decodeIfPresent(TextProviderChoice.self, forKey: AnyKey(stringValue: "text")) ?? .auto
        image = try c.decodeIfPresent(ImageProviderChoice.self, forKey: AnyKey(stringValue: "image")) ?? .auto
        speech = try c.decodeIfPresent(SpeechProviderChoice.self, forKey: AnyKey(stringValue: "speech")) ?? .auto
        textModel = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "text_model"))
        speechModel = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "speech_model"))
        speechReworded = try c.decodeIfPresent(RewordedSpeech.self, forKey: AnyKey(stringValue: "speech_reworded")) ?? .fail
    }
}

/// An ISO week such as 2026-W48.
public struct ISOWeek: Sendable, Equatable, CustomStringConvertible, Decodable {
    public var year: Int
    public var week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let parsed = ISOWeek(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not an ISO week; write it like 2026-W48")
        }
        self = parsed
    }

    public init?(_ text: String) {
        let parts = text.uppercased().split(separator: "-W")
        guard parts.count == 2, let y = Int(parts[0]), let w = Int(parts[1]), (2000...2200).contains(y), (1...53).contains(w) else { return nil }
        year = y
        week = w
    }

    /// "2026-W48" (built by hand: `String(format:)` here was 3 % of a 10,000-item estimate).
    public var description: String {
        let y = String(year), w = String(week)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-W" + (w.count < 2 ? "0" + w : w)
    }

    /// The calendar date (YYYY-MM-DD) of a weekday in this week, or nil if the week does not exist.
    public func date(of day: Weekday, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        var parts = DateComponents()
        parts.yearForWeekOfYear = year
        parts.weekOfYear = week
        parts.weekday = day.isoNumber == 7 ? 1 : day.isoNumber + 1
        parts.hour = 12
        guard let date = calendar.date(from: parts),
              calendar.component(.weekOfYear, from: date) == week else { return nil }
        return date
    }

    /// The week containing `date`.
    public static func containing(_ date: Date, in zone: TimeZone) -> ISOWeek {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        return ISOWeek(year: calendar.component(.yearForWeekOfYear, from: date), week: calendar.component(.weekOfYear, from: date))
    }
}
