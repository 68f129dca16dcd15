import FactoryCore

/// One recipe of the offline library and the prompt words that pick it.
struct LibraryRecipe: Sendable {
    var id: String
    /// Lowercase single words, singular ("egg", "taco"); a prompt's plurals match them.
    var keywords: Set<String>
    var recipe: Recipe

    init(id: String, keywords: Set<String>, title: String, hook: String, minutes: Int, dollars: Double, calories: Int,
         ingredients: [String], steps: [String]) {
        self.id = id
        self.keywords = keywords
        self.recipe = Recipe(title: title, hook: hook, steps: steps.map { Recipe.Step(title: $0) }, timeMinutes: minutes,
                             costDollars: dollars, calories: calories, ingredients: ingredients)
    }
}

/// The offline recipe library: real dishes a home cook makes from an everyday fridge, with honest
/// times (fridge to plate), costs (the whole dish, US supermarket prices), calories per serving,
/// and 3–7 steps of 5–7 words. The bundled `recipes/` files hold one part of the menu each.
enum RecipeLibrary {
    static var all: [LibraryRecipe] { ContentLibrary.standard.recipes }
}
