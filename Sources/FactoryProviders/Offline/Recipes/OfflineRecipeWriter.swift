import FactoryCore

/// The offline recipe writer: a recipe of the library whose keywords best match the prompt's
/// words, else any, picked by seed. The same brief always gives the same recipe.
enum OfflineRecipeWriter {
    static let model = "recipe-library-v1"

    static func write(_ brief: RecipeBrief) -> LibraryRecipe { pick(brief) }

    static func pick(_ brief: RecipeBrief) -> LibraryRecipe {
        let all = RecipeLibrary.all
        let words = promptWords(brief.prompt)
        let scores = all.map { $0.keywords.intersection(words).count }
        let best = scores.max() ?? 0
        let candidates = best > 0 ? all.indices.filter { scores[$0] == best }.map { all[$0] } : all
        return candidates[Int(Seed.from(model, String(brief.seed)) % UInt64(candidates.count))]
    }

    /// The prompt's words in lowercase, each also without a plural "s" or "es" ("tacos" → "taco",
    /// "tomatoes" → "tomato"), "stir-fry" as "stir" and "fry".
    static func promptWords(_ prompt: String) -> Set<String> {
        var words = Set<String>()
        for word in prompt.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) {
            words.insert(word)
            if word.count > 3, word.hasSuffix("s") { words.insert(String(word.dropLast())) }
            if word.count > 4, word.hasSuffix("es") { words.insert(String(word.dropLast(2))) }
        }
        return words
    }
}
