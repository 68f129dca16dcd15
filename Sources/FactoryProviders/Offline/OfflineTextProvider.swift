import FactoryCore
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

    public func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote {
        guard let quote = QuoteLibrary.pick(series: request.series, week: request.week, offset: 0, avoid: request.recent, in: library) else {
            throw Self.exhausted(item: context.item, library: "quote library", what: "\(request.series.rawValue) quote",
                                 size: library.quotes(for: request.series).count,
                                 fix: "write the quote in the manifest (`quote:`), use a live text provider")
        }
        return GeneratedQuote(text: quote.text, attribution: quote.author,
                              record: GenerationRecord(stage: "text", provider: name, model: "quote-library-v1",
                                                       parameters: ["series": request.series.rawValue, "week": request.week.description],
                                                       promptHash: Digest.sha256(request.series.rawValue + request.week.description),
                                                       units: ["quotes": 1], costUSD: 0))
    }

    /// Every entry of an offline library that fits is among what the series published within the
    /// content memory's window: said plainly, with the ways out.
    static func exhausted(item: String, library: String, what: String, size: Int, fix: String) -> FactoryError {
        FactoryError(.provider, "item \(item): the offline \(library) is exhausted: every \(what) it has (\(size)) was published "
                     + "within the content memory's window, and a repeat is refused; \(fix), or lower `memory.weeks` in the manifest")
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch request.purpose {
        case .conversation(let brief):
            guard let (conversation, script) = OfflineChatWriter.write(brief, library: library) else {
                throw Self.exhausted(item: context.item, library: "chat-script library", what: "\(brief.genre.rawValue) script",
                                     size: library.scripts(for: brief.genre).count,
                                     fix: "write the thread by hand (`messages:` or `conversation:`), use a live text provider")
            }
            let data = try encoder.encode(conversation)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineChatWriter.model,
                                                        parameters: ["genre": brief.genre.rawValue, "mood": brief.mood.rawValue,
                                                                     "script": script.id],
                                                        seed: brief.seed, promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["messages": Double(conversation.messages.count)], costUSD: 0))
        case .recipe(let brief):
            guard let picked = OfflineRecipeWriter.write(brief, library: library) else {
                throw Self.exhausted(item: context.item, library: "recipe library", what: "recipe", size: library.recipes.count,
                                     fix: "write the recipe in the manifest (`recipe:`), use a live text provider")
            }
            let data = try encoder.encode(picked.recipe)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineRecipeWriter.model,
                                                        parameters: ["recipe": picked.id], seed: brief.seed,
                                                        promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["recipes": 1], costUSD: 0))
        case .story(let brief):
            guard let written = OfflineStoryWriter.write(brief, library: library) else {
                let family = StoryLibrary.family(theme: brief.theme, seed: brief.seed, in: library.families)
                throw Self.exhausted(item: context.item, library: "story library", what: "\(family?.id ?? "bedtime") story",
                                     size: family?.troubles.count ?? 0,
                                     fix: "change the theme (another setting), write the story in <item>.story.md, use a live text provider")
            }
            let data = try encoder.encode(written.story)
            return WrittenText(text: String(decoding: data, as: UTF8.self),
                               record: GenerationRecord(stage: context.stage, provider: name, model: OfflineStoryWriter.model,
                                                        parameters: ["family": written.family, "episodes": written.episodes.joined(separator: ",")],
                                                        seed: brief.seed, promptHash: Digest.sha256(request.system + request.user),
                                                        units: ["words": Double(written.story.wordCount)], costUSD: 0))
        }
    }
}
