import FactoryCore
import Foundation

/// The four kinds of SPEC §3, as the runner and the planner make them.
public struct StandardKinds: KindFactory {
    public init() {}

    public func job(for item: Item, in context: KindContext) -> any KindJob {
        let (manifest, providers, week) = (context.manifest, context.providers, context.weekFolder)
        return switch item.content {
        case .poster(let spec):
            PosterJob(item: item, spec: spec, manifest: manifest, providers: providers)
        case .chatStory(let spec):
            ChatJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week)
        case .recipeVideo(let spec):
            RecipeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week)
        case .bedtimeStory(let spec):
            BedtimeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week)
        }
    }
}

extension PosterJob: KindJob {
    public func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context, priority: priority)
    }
}

extension ChatJob: KindJob {
    public func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }
}

extension RecipeJob: KindJob {
    public func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }
}

extension BedtimeJob: KindJob {
    public func fetch(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }

    public var inputsSha256: String? { Self.inputsSha256(item: item, manifest: manifest) }
}
