import FactoryCore
import FactoryKinds
import Foundation

/// The embedded text provider: curated, seeded text per kind from a content library, no key and
/// no network.
public struct OfflineTextProvider: TextProvider {
    public let name = "offline"
    /// Where the quotes, stories, scripts and recipes come from: ours, or ours with a manifest's.
    let library: OfflineLibrary

    public init(library: OfflineLibrary = .shared) {
        self.library = library
    }

    /// Every entry of an offline library that fits is among what the series published within the
    /// content memory's window: said plainly, with the ways out.
    static func exhausted(item: String, library: String, what: String, size: Int, fix: String) -> FactoryError {
        FactoryError(.provider, "item \(item): the offline \(library) is exhausted: every \(what) it has (\(size)) was published "
                     + "within the content memory's window, and a repeat is refused; \(fix), or lower `memory.weeks` in the manifest")
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        guard let brief = request.purpose.brief as? any OfflineWritable else {
            throw FactoryError(.provider, "item \(context.item): the offline text provider has no writer for \(request.purpose.kind) text; "
                               + "use a live text provider (`providers.text`)")
        }
        return try brief.writeOffline(request, library: library, provider: name, context: context)
    }

    /// The JSON of an answer, as the live models' structured output reads.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A kind's brief that the offline library can answer: each kind's writer sits beside its library
/// (`Offline/Quotes`, `Stories`, `Recipes`, `ChatScripts`).
protocol OfflineWritable: TextBrief {
    func writeOffline(_ request: TextRequest, library: OfflineLibrary, provider: String, context: CallContext) throws -> WrittenText
}
