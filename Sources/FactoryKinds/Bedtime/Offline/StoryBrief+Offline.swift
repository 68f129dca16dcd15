import FactoryCore
import Foundation

extension StoryBrief {
    /// How a bedtime story's text is written offline (its descriptor's `offline`): from `StoryShelf`.
    static let offlineWriter = OfflineWriter(shelf: StoryShelf.self, bundled: StoryShelf.bundled, brief: StoryBrief.self) {
        try $0.writeOffline($1, library: $2, context: $3)
    }

    func writeOffline(_ request: TextRequest, library: ContentLibrary, context: CallContext) throws -> WrittenText {
        guard let written = OfflineStoryWriter.write(self, library: library) else {
            let family = StoryLibrary.family(theme: theme, seed: seed, in: library.families)
            throw OfflineWriter.exhausted(item: context.item, library: "story library", what: "\(family?.id ?? "bedtime") story",
                                           size: family?.troubles.count ?? 0,
                                           fix: "change the theme (another setting), write the story in <item>.story.md, use a live text provider")
        }
        return WrittenText(text: try OfflineWriter.json(written.story),
                           record: GenerationRecord(stage: context.stage, provider: OfflineWriter.provider, model: OfflineStoryWriter.model,
                                                    parameters: ["family": written.family, "episodes": written.episodes.joined(separator: ",")],
                                                    seed: seed, promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["words": Double(written.story.wordCount)], costUSD: 0))
    }
}
