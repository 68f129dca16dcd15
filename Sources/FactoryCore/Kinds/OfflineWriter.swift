import Foundation

/// How the offline text provider writes a kind's text with no key and no network: from the kind's
/// shelf of the content library (its bundled files, merged with a manifest's `library:` folder).
/// A kind without one says so when its text is asked for offline.
public struct OfflineWriter: Sendable {
    /// What the offline provider is called in records and messages.
    public static let provider = StageProvider.offline

    /// The shelf the writer picks from; nil when it needs none.
    public let shelf: (any LibraryShelf.Type)?
    /// The kind's own filled shelf (read once by the kind; a problem when its files do not read).
    public let bundled: Result<any LibraryShelf, ManifestError>?
    /// Writes the answer a live model would give for `request`, as JSON in its schema's shape.
    public let write: @Sendable (TextRequest, ContentLibrary, CallContext) throws -> WrittenText

    public init(shelf: (any LibraryShelf.Type)?, bundled: Result<any LibraryShelf, ManifestError>?,
                write: @escaping @Sendable (TextRequest, ContentLibrary, CallContext) throws -> WrittenText) {
        self.shelf = shelf
        self.bundled = bundled
        self.write = write
    }

    /// A writer for the kind's one brief type: a request holding another brief is refused.
    public init<Brief: TextBrief>(shelf: (any LibraryShelf.Type)?, bundled: Result<any LibraryShelf, ManifestError>?, brief: Brief.Type,
                                  write: @escaping @Sendable (Brief, TextRequest, ContentLibrary, CallContext) throws -> WrittenText) {
        self.init(shelf: shelf, bundled: bundled) { request, library, context in
            guard let typed = request.purpose.brief as? Brief else {
                throw FactoryError(.provider, "item \(context.item): the offline writer of \(request.purpose.kind) text cannot write "
                                   + "from a \(type(of: request.purpose.brief)) brief; use a live text provider (`providers.text`)")
            }
            return try write(typed, request, library, context)
        }
    }

    /// Every entry of a shelf that fits was published within the content memory's window: said
    /// plainly, with the ways out.
    public static func exhausted(item: String, library: String, what: String, size: Int, fix: String) -> FactoryError {
        FactoryError(.provider, "item \(item): the offline \(library) is exhausted: every \(what) it has (\(size)) was published "
                     + "within the content memory's window, and a repeat is refused; \(fix), or lower `memory.weeks` in the manifest")
    }

    /// The JSON of an answer, as the live models' structured output reads.
    public static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Paints a kind's picture with no key and no network (its descriptor's `offlineArt`): the offline
/// image provider hands it the requests whose `kind` hint names the kind.
public typealias OfflineArtist = @Sendable (ImageRequest) throws -> GeneratedImage
