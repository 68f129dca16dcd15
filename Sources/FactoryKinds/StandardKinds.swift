import FactoryCore
import Foundation

/// The four kinds the factory makes, registered once: the manifest loader, the planner and the
/// runner know a kind only through its descriptor here. A fifth kind adds its folder and one line.
public enum StandardKinds {
    public static let registry = KindRegistry([
        PosterKind.descriptor,
        BedtimeKind.descriptor,
        RecipeKind.descriptor,
        ChatKind.descriptor,
    ])
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
