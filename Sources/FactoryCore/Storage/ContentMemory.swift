import Foundation

/// What the factory published, remembered across weeks so a standing manifest never repeats
/// itself: every published item's quotes, titles, premises, casts, image prompts and seeds, by
/// series, week and item. The SQLite ledger's file holds it on one machine (`Ledger`, table
/// `memory`; it survives `--fresh`), PostgreSQL in a cluster (`PostgresContentMemory`, shared by
/// every worker), `MemoryContentStore` in unit tests.
///
/// Weeks are passed as their text (`2026-W48`): zero-padded, so text order is time order and a
/// store can compare them with plain `BETWEEN`.
public protocol ContentMemory: Sendable {
    /// Where the memory is, for messages.
    var location: String { get }
    /// Records one publication of an item (a run's bundle, or a regeneration): its rows get the
    /// next version number for that week and item, and earlier versions are kept. Returns the version.
    @discardableResult
    func record(_ publication: Publication) async throws -> Int
    /// Every entry of `series` published in the weeks `from…to` (inclusive), every version.
    func published(series: String, from: String, to: String) async throws -> [MemoryEntry]
    /// For `factory history`: entries of one series (nil: all) in weeks `from…to` (nil: unbounded),
    /// ordered by week, item, version and field.
    func history(series: String?, from: String?, to: String?) async throws -> [MemoryEntry]
    /// Records an answer the repeat check refused (it was paid for and asked again).
    func recordRejection(_ rejection: RepeatRejection) async throws
    /// For `estimate`: how many answers of `series` in weeks `from…to` were published (publications
    /// with a `checked` field the manifest did not fix), and how many were refused as repeats before one was.
    func repeatRate(series: String, from: String, to: String, checked: [MemoryField]) async throws -> RepeatRate
    /// Checks `claim`'s fields against what every process sharing the store published or claimed
    /// in the window, and claims them when none repeats, in one step: two workers of a cluster
    /// cannot both take the same line. nil when it is free (now claimed), else the repeat.
    /// A store only one run at a time can use (the SQLite ledger, under the run lock) has nothing
    /// to add to the run's own check: the default says free.
    func claim(_ claim: ContentClaim) async throws -> RepeatFinding?
}

extension ContentMemory {
    public func claim(_ claim: ContentClaim) async throws -> RepeatFinding? { nil }
}

/// Fields an item's accepted answer is about to publish, claimed across processes.
public struct ContentClaim: Sendable {
    public var series: String
    public var week: String
    public var item: String
    public var runId: String
    /// The window a repeat counts in (inclusive).
    public var from: String
    public var to: String
    /// A regeneration's own earlier versions count too.
    public var includeOwn: Bool
    /// The checked fields (fixed ones are claimed but never refused).
    public var fields: [Remembered]

    public init(series: String, week: String, item: String, runId: String, from: String, to: String, includeOwn: Bool,
                fields: [Remembered]) {
        self.series = series
        self.week = week
        self.item = item
        self.runId = runId
        self.from = from
        self.to = to
        self.includeOwn = includeOwn
        self.fields = fields
    }
}

/// What a published item said or showed, one field per entry.
public struct MemoryEntry: Sendable, Equatable, Codable {
    /// The series it belongs to: a poster's series, else its kind (`chat-story`, `recipe-video`, `bedtime-story`).
    public var series: String
    public var kind: Kind
    public var week: String
    public var item: String
    /// 1 for the first publication of the item in that week; regenerations count up.
    public var version: Int
    public var field: MemoryField
    public var text: String
    /// The image's seed, for `image-prompt` entries.
    public var seed: UInt64?
    /// True when the manifest fixed the text (a `quote:`, a hand-written thread): a repeat the user asked for.
    public var fixed: Bool
    public var recordedAt: String

    public init(series: String, kind: Kind, week: String, item: String, version: Int, field: MemoryField, text: String,
                seed: UInt64? = nil, fixed: Bool = false, recordedAt: String = "") {
        self.series = series
        self.kind = kind
        self.week = week
        self.item = item
        self.version = version
        self.field = field
        self.text = text
        self.seed = seed
        self.fixed = fixed
        self.recordedAt = recordedAt
    }
}

/// One field of a published item, before it is stored.
public struct Remembered: Sendable, Equatable {
    public var field: MemoryField
    public var text: String
    public var seed: UInt64?
    public var fixed: Bool

    public init(_ field: MemoryField, _ text: String, seed: UInt64? = nil, fixed: Bool = false) {
        self.field = field
        self.text = text
        self.seed = seed
        self.fixed = fixed
    }
}

/// One publication of one item: what `record` stores.
public struct Publication: Sendable {
    public var series: String
    public var kind: Kind
    public var week: String
    public var item: String
    public var runId: String
    public var entries: [Remembered]

    public init(series: String, kind: Kind, week: String, item: String, runId: String, entries: [Remembered]) {
        self.series = series
        self.kind = kind
        self.week = week
        self.item = item
        self.runId = runId
        self.entries = entries
    }
}

/// An answer refused because it repeated something already published.
public struct RepeatRejection: Sendable, Equatable {
    public var series: String
    public var week: String
    public var item: String
    public var stage: StageName
    public var field: MemoryField
    public var text: String
    /// The earlier entry it was too close to, and how close (0…1).
    public var earlierWeek: String
    public var earlierItem: String
    public var similarity: Double

    public init(series: String, week: String, item: String, stage: StageName, field: MemoryField, text: String,
                earlierWeek: String, earlierItem: String, similarity: Double) {
        self.series = series
        self.week = week
        self.item = item
        self.stage = stage
        self.field = field
        self.text = text
        self.earlierWeek = earlierWeek
        self.earlierItem = earlierItem
        self.similarity = similarity
    }
}

/// Publications and refused repeats of a series over some weeks.
public struct RepeatRate: Sendable, Equatable {
    public var publications: Int
    public var rejections: Int

    public init(publications: Int, rejections: Int) {
        self.publications = publications
        self.rejections = rejections
    }

    /// Expected re-asks per text answer: refused answers per published one (0 without history).
    public var perAnswer: Double { publications == 0 ? 0 : Double(rejections) / Double(publications) }
}
