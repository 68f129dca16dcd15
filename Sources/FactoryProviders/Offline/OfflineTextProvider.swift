import FactoryCore
import FactoryKinds
import Foundation

/// The embedded text provider: curated, seeded text per kind from a content library, no key and
/// no network. Each kind's writer comes from its descriptor (`KindDescriptor.offline`).
public struct OfflineTextProvider: TextProvider {
    public let name = OfflineWriter.provider.rawValue
    /// Where the quotes, stories, scripts and recipes come from: ours, or ours with a manifest's.
    let library: ContentLibrary
    /// The kinds whose offline writers answer.
    let kinds: KindRegistry

    public init(library: ContentLibrary = .standard, kinds: KindRegistry) {
        self.library = library
        self.kinds = kinds
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        guard let writer = kinds[request.purpose.kind]?.offline else {
            throw FactoryError(.provider, "item \(context.item): the offline text provider has no writer for \(request.purpose.kind) text; "
                               + "use a live text provider (`providers.text`)")
        }
        return try writer.write(request, library, context)
    }
}
