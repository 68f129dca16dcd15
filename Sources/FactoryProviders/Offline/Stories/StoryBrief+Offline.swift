import FactoryCore
import FactoryKinds
import Foundation

extension StoryBrief: OfflineWritable {
    func writeOffline(_ request: TextRequest, library: OfflineLibrary, provider: String, context: CallContext) throws -> WrittenText {
        guard let written = OfflineStoryWriter.write(self, library: library) else {
            let family = StoryLibrary.family(theme: theme, seed: seed, in: library.families)
            throw OfflineTextProvider.exhausted(item: context.item, library: "story library", what: "\(family?.id ?? "bedtime") story",
                                                size: family?.troubles.count ?? 0,
                                                fix: "change the theme (another setting), write the story in <item>.story.md, use a live text provider")
        }
        return WrittenText(text: try OfflineTextProvider.json(written.story),
                           record: GenerationRecord(stage: context.stage, provider: provider, model: OfflineStoryWriter.model,
                                                    parameters: ["family": written.family, "episodes": written.episodes.joined(separator: ",")],
                                                    seed: seed, promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["words": Double(written.story.wordCount)], costUSD: 0))
    }
}
