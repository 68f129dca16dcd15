import FactoryCore
import Foundation

/// The four kinds (docs/manifest.md, "Kinds"), as the runner and the planner make them.
public struct StandardKinds: KindFactory {
    public init() {}

    public func job(for item: Item, in context: KindContext) -> any KindJob {
        let (manifest, providers, week) = (context.manifest, context.providers, context.weekFolder)
        let memory = context.memory.map { $0.guarding(item: item) }
        return switch item.content {
        case .poster(let spec):
            PosterJob(item: item, spec: spec, manifest: manifest, providers: providers, memory: memory)
        case .chatStory(let spec):
            ChatJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week, memory: memory)
        case .recipeVideo(let spec):
            RecipeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week, memory: memory)
        case .bedtimeStory(let spec):
            BedtimeJob(item: item, spec: spec, manifest: manifest, providers: providers, weekFolder: week, memory: memory)
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
