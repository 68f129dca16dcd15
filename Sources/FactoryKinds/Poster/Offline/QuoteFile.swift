import FactoryCore
import Foundation

/// A library file of quotes for one series: `{ "series": "monday-motivation", "quotes": [{ "text": …, "author": … }] }`.
/// The author is left out for the brand's own lines.
struct QuoteFile: Decodable, Sendable {
    var series: Series
    var quotes: [Quote]

    /// The longest quote a poster sets legibly (a live answer is held to the same).
    static let maxCharacters = 240

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["series", "quotes"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        series = try c.decode(Series.self, forKey: "series")
        quotes = try c.decode([Quote].self, forKey: "quotes")
        var seen = Set<String>()
        for (index, quote) in quotes.enumerated() where !seen.insert(quote.text).inserted {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("quotes"), LibraryKey(index: index)],
                                                    debugDescription: "this quote is already in the file; keep one of them"))
        }
    }
}

extension Quote: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["text", "author"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let text = try c.decode(String.self, forKey: "text").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...QuoteFile.maxCharacters).contains(text.count) else {
            throw DecodingError.dataCorruptedError(forKey: "text", in: c, debugDescription:
                "the quote has \(text.count) characters; write 1 to \(QuoteFile.maxCharacters) so it stays legible on a poster")
        }
        self.init(text, try c.decodeIfPresent(String.self, forKey: "author") ?? "")
    }
}
