import FactoryCore
import FactoryKinds
import Foundation

extension RecipeBrief: OfflineWritable {
    func writeOffline(_ request: TextRequest, library: OfflineLibrary, provider: String, context: CallContext) throws -> WrittenText {
        guard let picked = OfflineRecipeWriter.write(self, library: library) else {
            throw OfflineTextProvider.exhausted(item: context.item, library: "recipe library", what: "recipe", size: library.recipes.count,
                                                fix: "write the recipe in the manifest (`recipe:`), use a live text provider")
        }
        return WrittenText(text: try OfflineTextProvider.json(picked.recipe),
                           record: GenerationRecord(stage: context.stage, provider: provider, model: OfflineRecipeWriter.model,
                                                    parameters: ["recipe": picked.id], seed: seed,
                                                    promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["recipes": 1], costUSD: 0))
    }
}
