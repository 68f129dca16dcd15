import Foundation

/// One item's work, whatever its kind: the paid stages (text, images, speech) that fill the cache
/// and the ledger, then the render into a bundle writer. The runner schedules both halves through
/// one generic path, so the assets keep their kind's type from fetch to render (no casts).
public protocol KindJob: Sendable {
    /// What the paid stages hand to the render.
    associatedtype Assets: Sendable
    var item: Item { get }
    /// Runs the paid stages; returns what the render needs and the records. The item's priority
    /// (earlier items first) travels in `context`, to every call the gateway makes.
    func fetch(context: CallContext) async throws -> (Assets, [GenerationRecord])
    /// Renders the bundle into `writer`'s staging folder from the assets `fetch` returned, and
    /// reports the quality checks it ran (also written into its metadata). The render does not act
    /// on a failed check: the runner quarantines the item. A check that fails before the bundle is
    /// whole is reported by returning early with it.
    func render(_ assets: Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck]
    /// The paid stages `fetch` would run, built from the same requests and sent nowhere.
    func plan(_ planner: Planner) throws -> [PlannedStage]
    /// A hash of the item's inputs outside the manifest (a story override file), recorded in the
    /// bundle; nil when the kind has none.
    var inputsSha256: String? { get }
    /// What the bundle made from `assets` says or shows, for the content memory (quotes, titles,
    /// premises, casts, image prompts and seeds); recorded when the bundle is published.
    func remembered(_ assets: Assets) -> [Remembered]
}

extension KindJob {
    public var inputsSha256: String? { nil }
    public func remembered(_ assets: Assets) -> [Remembered] { [] }
}

/// What a kind's job is made from, besides its item.
public struct KindContext: Sendable {
    public let manifest: Manifest
    public let providers: ProviderSet
    public let weekFolder: URL
    /// The content memory for the run (nil: no memory, nothing is checked for repeats).
    public let memory: RunMemory?
    /// How many renders the run may have going at once (`concurrency.render`, at most its items):
    /// the cores a render's encoder takes are shared out by it.
    public let rendersAtOnce: Int

    public init(manifest: Manifest, providers: ProviderSet, weekFolder: URL, memory: RunMemory? = nil, rendersAtOnce: Int = 1) {
        self.manifest = manifest
        self.providers = providers
        self.weekFolder = weekFolder
        self.memory = memory
        self.rendersAtOnce = max(1, rendersAtOnce)
    }
}

/// Makes the job for an item of any kind. The kinds live above Core (they render with the media
/// engine), so the runner and the planner are handed one: `StandardKinds` in FactoryKinds.
public protocol KindFactory: Sendable {
    func job(for item: Item, in context: KindContext) -> any KindJob
}
