import Foundation

/// One piece of content, resolved: who it is, when it posts, and its kind's settings.
public struct Item: Sendable {
    public var id: String
    public var kind: Kind
    public var day: Weekday
    /// The scheduled date as YYYY-MM-DD in the manifest's timezone.
    public var date: String
    public var format: Format
    /// A local music file, absolute path.
    public var music: String?
    /// Gain of the music bed, 0–1.
    public var musicVolume: Double
    public var quality: Quality
    /// The level the soundtrack is made to: the item's `loudness:`, else the manifest's, else its kind's.
    public var loudness: LoudnessTarget = .shortForm
    public var seed: UInt64?
    public var title: String?
    public var caption: String?
    public var hashtags: [String]
    /// The kind's own settings (its descriptor decoded them); read them with `spec(_:)`.
    public var content: any KindSpec
    /// The text model's effort for this item (nil: what suits its kind) and whether it thinks up front.
    public var effort: Effort? = nil
    public var thinking: Bool = false
    /// Seeds `regenerate --seed/--variant` sets for one stage group; never read from the manifest.
    public var stageSeeds: [StageGroup: UInt64] = [:]
    /// The item's own `publish:`/`post_at:` (docs/publishing.md); empty: the manifest's.
    public var publishing = ItemPublishing()
    /// From its kind's descriptor: made for children (YouTube's made-for-kids must be said).
    public var forChildren = false

    /// The effort its kind's text calls take when the item sets none (from the kind's descriptor).
    public var kindEffort: Effort = .medium

    /// The item's settings as the kind's own type (nil when the item is of another kind).
    public func spec<Spec: KindSpec>(_ type: Spec.Type) -> Spec? { content as? Spec }

    /// The reasoning the item's text calls ask for, with `fallback` as its kind's effort.
    public func reasoning(_ fallback: Effort) -> Reasoning { Reasoning(effort: effort ?? fallback, thinking: thinking) }

    /// The reasoning the item's text calls ask for: its own `effort:`/`thinking:`, else its kind's.
    public var reasoning: Reasoning { reasoning(kindEffort) }

    /// Keys every kind accepts.
    public static let commonKeys = ["id", "kind", "day", "format", "music", "music_volume", "quality", "seed", "title",
                                    "caption", "hashtags", "effort", "thinking", "loudness", "publish", "post_at"]
}

/// Decodes one item from its merged mapping (built-in ← defaults ← defaults.<kind> ← item).
struct ItemDecoding: Decodable {
    var item: Item

    enum Keys: String, CodingKey {
        case id, kind, day, format, music, quality, seed, title, caption, hashtags, effort, thinking, loudness, publish
        case musicVolume = "music_volume", postAt = "post_at"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        guard c.contains(.kind) else {
            throw DecodingError.keyNotFound(Keys.kind, .init(codingPath: decoder.codingPath,
                debugDescription: "every item needs a kind: " + ((decoder.userInfo[.kindRegistry] as? KindRegistry)?.kinds.map(\.rawValue).joined(separator: ", ") ?? "")))
        }
        let kind = try c.decode(Kind.self, forKey: .kind)
        guard let kinds = decoder.userInfo[.kindRegistry] as? KindRegistry, let descriptor = kinds[kind] else {
            let names = (decoder.userInfo[.kindRegistry] as? KindRegistry)?.kinds.map(\.rawValue) ?? []
            let hint = Suggest.closest(to: kind.rawValue, in: names).map { "did you mean \"\($0)\"?" }
                ?? "use one of: \(names.joined(separator: ", "))"
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "\"\(kind)\" is not a kind; \(hint)")
        }
        try decoder.rejectUnknownKeys(Item.commonKeys + descriptor.keys)
        guard c.contains(.id) else {
            throw DecodingError.keyNotFound(Keys.id, .init(codingPath: decoder.codingPath,
                debugDescription: "every item needs an id (lowercase letters, digits and dashes), e.g. `id: mon-motivation`"))
        }
        let id = try c.decode(String.self, forKey: .id)
        guard c.contains(.day) else {
            throw DecodingError.keyNotFound(Keys.day, .init(codingPath: decoder.codingPath,
                debugDescription: "item \(id) needs a day of the week, e.g. `day: monday`"))
        }
        let content = try descriptor.decode(decoder)
        let seed = try c.decodeIfPresent(Int64.self, forKey: .seed)
        if let seed, seed < 0 {
            throw DecodingError.dataCorruptedError(forKey: .seed, in: c, debugDescription: "the seed must be zero or positive")
        }
        item = Item(
            id: id, kind: kind, day: try c.decode(Weekday.self, forKey: .day), date: "",
            format: try c.decodeIfPresent(Format.self, forKey: .format) ?? .story,
            music: try c.decodeIfPresent(String.self, forKey: .music),
            musicVolume: try c.decode(Double.self, forKey: .musicVolume, default: 0.6, in: 0...1, what: "music_volume"),
            quality: try c.decodeIfPresent(Quality.self, forKey: .quality) ?? .standard,
            seed: seed.map { UInt64($0) },
            title: try c.decodeIfPresent(String.self, forKey: .title),
            caption: try c.decodeIfPresent(String.self, forKey: .caption),
            hashtags: try c.decodeIfPresent([String].self, forKey: .hashtags) ?? [],
            content: content,
            effort: try c.decodeIfPresent(Effort.self, forKey: .effort),
            thinking: try c.decodeIfPresent(Bool.self, forKey: .thinking) ?? false)
        item.kindEffort = descriptor.textEffort
        item.loudness = try c.decodeIfPresent(LoudnessTarget.self, forKey: .loudness) ?? descriptor.loudness
        item.forChildren = descriptor.forChildren
        item.publishing = try c.decodeIfPresent(ItemPublishing.self, forKey: .publish) ?? ItemPublishing()
        if let postAt = try c.decodeIfPresent(LocalTime.self, forKey: .postAt) { item.publishing.postAt = postAt }
    }
}

/// The top-level keys other than `defaults` and `items`.
struct HeaderDecoding: Decodable {
    var version: Int
    var week: WeekSpec
    var timezone: String
    var memory: MemorySettings
    var output: String
    var brand: Brand
    var budget: Budget
    var concurrency: Concurrency
    var providers: ProviderChoices
    var library: LibrarySetting?
    var publish: PublishSettings?

    /// `loudness:` is read with each item, as the default under its own `defaults:` (`SplitDefaults.topLevel`).
    static let keys = ["version", "week", "timezone", "output", "brand", "budget", "concurrency", "providers", "memory", "defaults", "items",
                       "loudness", "library", "publish"]
    enum Keys: String, CodingKey { case version, week, timezone, output, brand, budget, concurrency, providers, memory, library, publish }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(Self.keys)
        let c = try decoder.container(keyedBy: Keys.self)
        guard c.contains(.version) else {
            throw DecodingError.keyNotFound(Keys.version, .init(codingPath: [], debugDescription: "add `version: 1` at the top of the manifest"))
        }
        version = try c.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c, debugDescription: "version \(version) is not supported; this factory reads version 1")
        }
        guard c.contains(.week) else {
            throw DecodingError.keyNotFound(Keys.week, .init(codingPath: [], debugDescription: "add the ISO week the manifest is for, e.g. `week: 2026-W48`, or `week: auto` for a standing manifest"))
        }
        week = try c.decode(WeekSpec.self, forKey: .week)
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone) ?? "UTC"
        if TimeZone(identifier: timezone) == nil {
            throw DecodingError.dataCorruptedError(forKey: .timezone, in: c, debugDescription: "\"\(timezone)\" is not a time zone; use an IANA name such as America/New_York")
        }
        output = try c.decodeIfPresent(String.self, forKey: .output) ?? "output"
        brand = try c.decodeIfPresent(Brand.self, forKey: .brand) ?? Brand()
        budget = try c.decodeIfPresent(Budget.self, forKey: .budget) ?? Budget()
        concurrency = try c.decodeIfPresent(Concurrency.self, forKey: .concurrency) ?? Concurrency()
        providers = try c.decodeIfPresent(ProviderChoices.self, forKey: .providers) ?? ProviderChoices()
        memory = try c.decodeIfPresent(MemorySettings.self, forKey: .memory) ?? MemorySettings()
        library = try c.decodeIfPresent(LibrarySetting.self, forKey: .library)
        publish = try c.decodeIfPresent(PublishSettings.self, forKey: .publish)
    }
}
