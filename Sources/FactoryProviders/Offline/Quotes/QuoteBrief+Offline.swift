import FactoryCore
import FactoryKinds
import Foundation

extension QuoteBrief: OfflineWritable {
    func writeOffline(_ request: TextRequest, library: OfflineLibrary, provider: String, context: CallContext) throws -> WrittenText {
        guard let quote = QuoteLibrary.pick(series: series, week: week, offset: 0, avoid: recent, in: library) else {
            throw OfflineTextProvider.exhausted(item: context.item, library: "quote library", what: "\(series.rawValue) quote",
                                                size: library.quotes(for: series).count,
                                                fix: "write the quote in the manifest (`quote:`), use a live text provider")
        }
        return WrittenText(text: QuotePrompt.answer(quote: quote.text, attribution: quote.author),
                           record: GenerationRecord(stage: context.stage, provider: provider, model: "quote-library-v1",
                                                    parameters: ["series": series.rawValue, "week": week.description],
                                                    promptHash: Digest.sha256(series.rawValue + week.description),
                                                    units: ["quotes": 1], costUSD: 0))
    }
}
