import FactoryCore
/// The image prompts of a recipe: the messy BEFORE fridge, the tidy AFTER fridge and the plated
/// meal, built from the recipe so the pictures match what is cooked.
package enum RecipeImages {
    static let negative = "text, watermark, logo, blurry, deformed, cartoon, lowres"

    static func prompt(role: String, recipe: Recipe) -> String {
        let items = recipe.ingredients.prefix(4).joined(separator: ", ")
        switch role {
        case "before":
            return "inside of an open home fridge, cluttered and half empty, leftover \(items), realistic phone photo, cool fridge light"
        case "after":
            return "the same home fridge neatly organised, glass meal-prep containers of \(recipe.title.lowercased()), fresh \(items), bright and tidy, realistic photo"
        default:
            return "\(recipe.title) with \(items), freshly plated on a ceramic plate, overhead food photography, natural window light, appetising, high detail"
        }
    }

    package static func request(role: String, recipe: Recipe, seed: UInt64, week: ISOWeek) -> ImageRequest {
        let size = Format.story.generationSize
        let offset: UInt64 = role == "before" ? 0 : (role == "after" ? 1 : 2)
        return ImageRequest(positivePrompt: prompt(role: role, recipe: recipe), negativePrompt: negative,
                            model: ModelDefaults.image, width: size.width, height: size.height, steps: 28, cfgScale: 7,
                            seed: seed &+ offset,
                            hints: ImageHints(kind: .recipeVideo, week: week.description, prompt: prompt(role: role, recipe: recipe),
                                              own: [.role: role, .style: role == "meal" ? "photographic" : "minimalist"]))
    }
}
