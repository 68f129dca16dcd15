import FactoryCore
import Foundation

extension RecipeBrief {
    /// How a recipe video's text is written offline (its descriptor's `offline`): from `RecipeShelf`.
    static let offlineWriter = OfflineWriter(shelf: RecipeShelf.self, bundled: RecipeShelf.bundled, brief: RecipeBrief.self) {
        try $0.writeOffline($1, library: $2, context: $3)
    }

    func writeOffline(_ request: TextRequest, library: ContentLibrary, context: CallContext) throws -> WrittenText {
        guard let picked = OfflineRecipeWriter.write(self, library: library) else {
            throw OfflineWriter.exhausted(item: context.item, library: "recipe library", what: "recipe", size: library.recipes.count,
                                           fix: "write the recipe in the manifest (`recipe:`), use a live text provider")
        }
        return WrittenText(text: try OfflineWriter.json(picked.recipe),
                           record: GenerationRecord(stage: context.stage, provider: OfflineWriter.provider, model: OfflineRecipeWriter.model,
                                                    parameters: ["recipe": picked.id], seed: seed,
                                                    promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["recipes": 1], costUSD: 0))
    }
}
