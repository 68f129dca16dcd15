import FactoryCore
extension RecipeJob {
    /// The writer call (unless the manifest gives the recipe), then one image per role without a
    /// local photo. The image prompts are built from the recipe: exact when it is known (manifest
    /// or cache), otherwise from a stand-in with the same sizes and steps (the same price).
    func plan(_ planner: Planner) throws -> [PlannedStage] {
        var stages: [PlannedStage] = []
        let text = providers.text, image = providers.image
        var recipe: Recipe?
        if let written = spec.recipe {
            recipe = Recipe(written)
        } else {
            let written = try planner.stage(item, .text, provider: text.identity, paid: text.isPaid) {
                try text.plannedCall(write: RecipePrompt.request(recipeWriter.brief()).with(item.reasoning))
            }
            stages.append(written)
            if let cached = planner.cachedText(written), case .success(let parsed) = RecipeCheck.validate(cached) {
                recipe = parsed
            }
        }
        let standIn = Recipe(title: spec.prompt.isEmpty ? "Dinner" : spec.prompt, steps: [.init(title: "Cook")],
                             ingredients: ["rice", "eggs", "spinach"])
        for (role, request) in imageRequests(recipe ?? standIn) {
            stages.append(try planner.stage(item, .image(role), provider: image.identity, paid: image.isPaid, exact: recipe != nil) {
                try image.plannedCall(request)
            })
        }
        return stages
    }
}
