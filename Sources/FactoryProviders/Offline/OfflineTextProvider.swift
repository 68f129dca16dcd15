import FactoryCore
import Foundation

/// The embedded text provider: curated, seeded text per kind, no key and no network.
public struct OfflineTextProvider: TextProvider {
    public let name = "offline"
    public init() {}

    public func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote {
        // The item's seed shifts the pick only when it was set explicitly (regeneration with --seed).
        let quote = QuoteLibrary.pick(series: request.series, week: request.week, offset: 0)
        return GeneratedQuote(text: quote.text, attribution: quote.author,
                              record: GenerationRecord(stage: "text", provider: name, model: "quote-library-v1",
                                                       parameters: ["series": request.series.rawValue, "week": request.week.description],
                                                       promptHash: Digest.sha256(request.series.rawValue + request.week.description),
                                                       units: ["quotes": 1], costUSD: 0))
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch request.purpose {
        case .conversation(let brief):
            let (conversation, script) = OfflineChatWriter.write(brief)
            let data = try encoder.encode(conversation)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineChatWriter.model,
                                                        parameters: ["genre": brief.genre.rawValue, "mood": brief.mood.rawValue,
                                                                     "script": script.id],
                                                        seed: brief.seed, promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["messages": Double(conversation.messages.count)], costUSD: 0))
        case .recipe(let brief):
            let picked = OfflineRecipeWriter.write(brief)
            let data = try encoder.encode(picked.recipe)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineRecipeWriter.model,
                                                        parameters: ["recipe": picked.id], seed: brief.seed,
                                                        promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["recipes": 1], costUSD: 0))
        case .story(let brief):
            let written = OfflineStoryWriter.write(brief)
            let data = try encoder.encode(written.story)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineStoryWriter.model,
                                                        parameters: ["family": written.family, "episodes": written.episodes.joined(separator: ",")],
                                                        seed: brief.seed, promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["words": Double(written.story.wordCount)], costUSD: 0))
        }
    }
}
