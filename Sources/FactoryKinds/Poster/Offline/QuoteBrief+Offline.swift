import FactoryCore
import Foundation

extension QuoteBrief {
    /// How a poster's text is written offline (its descriptor's `offline`): from `QuoteShelf`.
    static let offlineWriter = OfflineWriter(shelf: QuoteShelf.self, bundled: QuoteShelf.bundled, brief: QuoteBrief.self) {
        try $0.writeOffline($1, library: $2, context: $3)
    }

    func writeOffline(_ request: TextRequest, library: ContentLibrary, context: CallContext) throws -> WrittenText {
        guard let quote = QuoteLibrary.pick(series: series, week: week, offset: 0, avoid: recent, in: library) else {
            throw OfflineWriter.exhausted(item: context.item, library: "quote library", what: "\(series.rawValue) quote",
                                           size: library.quotes(for: series).count,
                                           fix: "write the quote in the manifest (`quote:`), use a live text provider")
        }
        return WrittenText(text: QuotePrompt.answer(quote: quote.text, attribution: quote.author),
                           record: GenerationRecord(stage: context.stage, provider: OfflineWriter.provider, model: "quote-library-v1",
                                                    parameters: ["series": series.rawValue, "week": week.description],
                                                    promptHash: Digest.sha256(series.rawValue + week.description),
                                                    units: ["quotes": 1], costUSD: 0))
    }
}
