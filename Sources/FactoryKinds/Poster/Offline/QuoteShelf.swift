import FactoryCore
import Foundation

/// The poster's shelf of the content library: quotes by series, from the `quotes/` files.
struct QuoteShelf: LibraryShelf {
    static let sections = ["quotes"]
    /// Ours, from the files this module bundles (`Poster/PosterLibrary/quotes/`).
    static let bundled = LibraryFolder.bundled(QuoteShelf.self, in: BundledLibrary.folder("PosterLibrary"))

    var quotes: [Series: [Quote]] = [:]

    mutating func add(section: String, file: LibraryFile) throws(ManifestError) {
        let decoded = try file.decode(QuoteFile.self)
        quotes[decoded.series, default: []] += decoded.quotes
    }

    func duplicates(in folder: String) -> [Problem] {
        Series.allCases.flatMap { Self.repeated((quotes[$0] ?? []).map(\.text), "the \($0.rawValue) quote", in: folder) }
    }

    func combined(with theirs: QuoteShelf, mode: LibrarySetting.Mode) -> QuoteShelf {
        var out = self
        for (series, list) in theirs.quotes where !list.isEmpty {
            out.quotes[series] = Self.combine(quotes[series] ?? [], list, key: \.text, mode: mode)
        }
        return out
    }
}

extension ContentLibrary {
    /// The quotes of a series, in file order.
    func quotes(for series: Series) -> [Quote] { self[QuoteShelf.self].quotes[series] ?? [] }
}
