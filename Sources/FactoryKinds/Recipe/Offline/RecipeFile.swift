import FactoryCore
import Foundation

/// A library file of recipes: `{ "recipes": [{ "id", "keywords", "title", "hook", "minutes",
/// "dollars", "calories", "ingredients", "steps" }] }`. Each recipe must pass the check a
/// writer's recipe passes (`RecipeCheck`).
struct RecipeFile: Decodable, Sendable {
    var recipes: [LibraryRecipe]

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["recipes"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        recipes = try c.list(LibraryRecipe.self, "recipes", what: "recipes")
    }
}

extension LibraryRecipe: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["id", "keywords", "title", "hook", "minutes", "dollars", "calories", "ingredients", "steps"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let keywords = try c.list(String.self, "keywords", what: "keywords")
        if let bad = keywords.firstIndex(where: { $0 != $0.lowercased() || $0.contains(" ") || $0.isEmpty }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("keywords"), LibraryKey(index: bad)],
                                                    debugDescription: "a keyword is one lowercase word, singular (\"egg\", \"taco\")"))
        }
        self.init(id: try c.decode(String.self, forKey: "id"), keywords: Set(keywords), title: try c.decode(String.self, forKey: "title"),
                  hook: try c.decode(String.self, forKey: "hook"), minutes: try c.decode(Int.self, forKey: "minutes"),
                  dollars: try c.decode(Double.self, forKey: "dollars"), calories: try c.decode(Int.self, forKey: "calories"),
                  ingredients: try c.list(String.self, "ingredients", what: "ingredients"), steps: try c.list(String.self, "steps", what: "steps"))
        let text = String(decoding: try JSONEncoder().encode(recipe), as: UTF8.self)
        if case .failure(let problems) = RecipeCheck.validate(text) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "the recipe would not pass the recipe check: \(problems)"))
        }
    }
}
