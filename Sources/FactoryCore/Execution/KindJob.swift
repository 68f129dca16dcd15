/// One item's work, whatever its kind: the paid stages (text, images, speech) that fill the cache
/// and the ledger, then the render into a bundle writer. The runner schedules both halves.
protocol KindJob: Sendable {
    /// What the paid stages hand to the render.
    associatedtype Assets: Sendable
    var item: Item { get }
    /// Runs the paid stages; returns what the render needs (opaque to the runner) and the records.
    func fetch(context: CallContext, priority: Int) async throws -> (any Sendable, [GenerationRecord])
    /// The same job, rendering into `writer`.
    func rendering(into writer: BundleWriter) -> any KindRender
    /// Renders the bundle from the assets `fetch` returned.
    func render(_ assets: Assets, records: [GenerationRecord]) async throws
    /// The paid stages `fetch` would run, built from the same requests and sent nowhere.
    func plan(_ planner: Planner) throws -> [PlannedStage]
}

/// The render half of a job, bound to its bundle writer.
protocol KindRender: Sendable {
    func make(_ assets: any Sendable, records: [GenerationRecord]) async throws
}

extension KindRender where Self: KindJob {
    func make(_ assets: any Sendable, records: [GenerationRecord]) async throws {
        guard let assets = assets as? Assets else {
            throw FactoryError(.render, "item \(item.id): the assets handed to the render are not a \(item.kind.rawValue)'s")
        }
        try await render(assets, records: records)
    }
}

extension PosterJob: KindJob, KindRender {
    func fetch(context: CallContext, priority: Int) async throws -> (any Sendable, [GenerationRecord]) {
        try await assets(context: context, priority: priority)
    }

    func rendering(into writer: BundleWriter) -> any KindRender {
        PosterJob(item: item, spec: spec, manifest: manifest, providers: providers, writer: writer)
    }
}

extension ChatJob: KindJob, KindRender {
    func fetch(context: CallContext, priority: Int) async throws -> (any Sendable, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> any KindRender {
        ChatJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }
}

extension RecipeJob: KindJob, KindRender {
    func fetch(context: CallContext, priority: Int) async throws -> (any Sendable, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> any KindRender {
        RecipeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }
}

extension BedtimeJob: KindJob, KindRender {
    func fetch(context: CallContext, priority: Int) async throws -> (any Sendable, [GenerationRecord]) {
        try await assets(context: context)
    }

    func rendering(into writer: BundleWriter) -> any KindRender {
        BedtimeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: weekFolder, writer: writer)
    }
}
