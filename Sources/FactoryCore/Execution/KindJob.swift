/// One item's work, whatever its kind: the paid stages (text, images, speech) that fill the cache
/// and the ledger, then the render into a bundle writer. The runner schedules both halves through
/// one generic path, so the assets keep their kind's type from fetch to render (no casts).
protocol KindJob: Sendable {
    /// What the paid stages hand to the render.
    associatedtype Assets: Sendable
    var item: Item { get }
    /// Runs the paid stages; returns what the render needs and the records.
    func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord])
    /// The same job, rendering into `writer`.
    func rendering(into writer: BundleWriter) -> Self
    /// Renders the bundle from the assets `fetch` returned.
    func render(_ assets: Assets, records: [GenerationRecord]) async throws
    /// The paid stages `fetch` would run, built from the same requests and sent nowhere.
    func plan(_ planner: Planner) throws -> [PlannedStage]
    /// A hash of the item's inputs outside the manifest (a story override file), recorded in the
    /// bundle; nil when the kind has none.
    var inputsSha256: String? { get }
}

extension KindJob {
    var inputsSha256: String? { nil }
}

extension PosterJob: KindJob {
    func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context, priority: priority)
    }

    func rendering(into writer: BundleWriter) -> Self {
        PosterJob(item: item, spec: spec, manifest: manifest, providers: providers, writer: writer)
    }
}

extension ChatJob: KindJob {
    func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> Self {
        ChatJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }
}

extension RecipeJob: KindJob {
    func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> Self {
        RecipeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }
}

extension BedtimeJob: KindJob {
    func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> Self {
        BedtimeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }

    var inputsSha256: String? { Self.inputsSha256(item: item, manifest: manifest) }
}
