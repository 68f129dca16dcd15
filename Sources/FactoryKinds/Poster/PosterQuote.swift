import FactoryCore
import Foundation

/// Asks for a poster's quote and, with the series' memory, refuses one the series already
/// published (exactly or nearly, `RepeatMeasure`): the refused answer leaves the cache for the
/// week's quarantine (`.quarantine/_repeats/<item>`) and the quote is asked again with it named and listed, at most
/// `StructuredWriting.maxAsks` asks in all (stages text, text-retry, text-retry-2, each paid and
/// in the ledger). When every ask repeats, the item fails and nothing is published.
struct PosterQuote {
    let item: String
    let provider: any TextProvider
    let memory: SeriesGuard?

    func ask(_ first: QuoteBrief, context: CallContext, records: inout [GenerationRecord]) async throws -> GeneratedQuote {
        var request = first
        var refused: [String] = []
        let asks = memory == nil ? 1 : StructuredWriting.maxAsks
        for ask in 1...asks {
            let stage = StructuredWriting.stage(ask: ask)
            let written = try await provider.write(QuotePrompt.request(request), context: context.with(stage: stage))
            records.append(written.record)
            let answer: GeneratedQuote
            do {
                answer = try QuotePrompt.quote(written, provider: provider.identity)
            } catch {
                // Out of the cache, or every later run would replay the unreadable answer.
                if let key = written.key { await context.gateway?.reject(key, item: item, reason: "item \(item): rejected quote answer: \(error)") }
                throw error
            }
            guard let memory, let finding = try await memory.check([Remembered(.quote, answer.text)], stage: stage) else { return answer }
            refused.append(answer.text)
            if let key = answer.key {
                await context.gateway?.reject(key, item: StructuredWriting.repeatsFolder(item: item), reason: "item \(item): quote refused as a repeat: \(finding)")
            }
            context.gateway?.log("item \(item) stage \(stage): \(finding); asked again")
            request.recent = request.recent.adding(answer.text, as: .quote)
            request.problem = finding.description
            try Task.checkCancellation()
        }
        throw FactoryError(.provider, "item \(item): the \(provider.name) writer gave \(refused.count) quotes the series already published "
                           + "(\(refused.map { "\"\($0)\"" }.joined(separator: ", "))); nothing was published. Run again to ask afresh, "
                           + "lower `memory.weeks` in the manifest, or write the quote in the manifest (`quote:`)")
    }
}
