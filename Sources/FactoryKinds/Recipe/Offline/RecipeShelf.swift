import FactoryCore
import Foundation

/// The recipe's shelf of the content library: the dishes of the `recipes/` files.
struct RecipeShelf: LibraryShelf {
    static let sections = ["recipes"]
    /// Ours, from the files this module bundles (`Recipe/RecipeLibrary/recipes/`).
    static let bundled = LibraryFolder.bundled(RecipeShelf.self, in: BundledLibrary.folder("RecipeLibrary"))

    var recipes: [LibraryRecipe] = []

    mutating func add(section: String, file: LibraryFile) throws(ManifestError) {
        recipes += try file.decode(RecipeFile.self).recipes
    }

    func duplicates(in folder: String) -> [Problem] {
        Self.repeated(recipes.map(\.id), "the recipe id", in: folder) + Self.repeated(recipes.map(\.recipe.title), "the recipe title", in: folder)
    }

    func combined(with theirs: RecipeShelf, mode: LibrarySetting.Mode) -> RecipeShelf {
        RecipeShelf(recipes: Self.combine(recipes, theirs.recipes, key: \.id, mode: mode))
    }
}

extension ContentLibrary {
    /// Every recipe, in file order.
    var recipes: [LibraryRecipe] { self[RecipeShelf.self].recipes }
}
