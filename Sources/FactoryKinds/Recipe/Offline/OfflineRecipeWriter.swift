import FactoryCore

/// The offline recipe writer: a recipe of the library whose keywords best match the prompt's
/// words, else any, picked by seed. The same brief always gives the same recipe. A recipe whose
/// title the series published recently (`brief.recent`) is passed over for the next best match;
/// nil when every recipe of the library was.
enum OfflineRecipeWriter {
    static let model = "recipe-library-v1"

    static func write(_ brief: RecipeBrief, library: ContentLibrary) -> LibraryRecipe? {
        preference(brief, library: library).first { !brief.recent.repeats($0.recipe.title, as: .title) }
    }

    static func pick(_ brief: RecipeBrief) -> LibraryRecipe { preference(brief, library: .standard)[0] }

    /// The library in the order it is tried: by how many of the prompt's words each recipe's
    /// keywords share (most first); within a score, rotated to start at the seed's pick.
    static func preference(_ brief: RecipeBrief, library: ContentLibrary) -> [LibraryRecipe] {
        let all = library.recipes
        let words = promptWords(brief.prompt)
        let scores = all.map { $0.keywords.intersection(words).count }
        let spin = Seed.from(model, String(brief.seed))
        var out: [LibraryRecipe] = []
        for score in Set(scores).sorted(by: >) {
            let group = all.indices.filter { scores[$0] == score }.map { all[$0] }
            let start = Int(spin % UInt64(group.count))
            out += group[start...] + group[..<start]
        }
        return out
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
