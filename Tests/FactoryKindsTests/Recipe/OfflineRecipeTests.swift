import FactoryCore
@testable import FactoryKinds
import FactoryProviders
import Foundation
import Testing

@Suite("Offline recipe writer")
struct OfflineRecipeTests {
    static func write(_ prompt: String, seed: UInt64 = 1) async throws -> WrittenText {
        try await OfflineTextProvider(kinds: StandardKinds.registry).write(RecipePrompt.request(RecipeBrief(prompt: prompt, seed: seed)),
                                              context: CallContext(item: "recipe", stage: "text", gateway: nil))
    }

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    @Test("every library recipe passes the check and keeps to the prompt's shape",
          arguments: RecipeLibrary.all.map(\.id))
    func everyRecipePasses(id: String) throws {
        let entry = try #require(RecipeLibrary.all.first { $0.id == id })
        let text = String(decoding: try JSONEncoder().encode(entry.recipe), as: UTF8.self)
        let recipe = try RecipeCheck.validate(text).get()
        #expect(recipe == entry.recipe, "the library's text is already clean")
        #expect(recipe.steps.allSatisfy { (5...7).contains(Self.words($0.title)) }, "\(recipe.steps.map(\.title))")
        #expect(Self.words(try #require(recipe.hook)) <= 8)
        #expect((3...10).contains(recipe.ingredients.count))
        #expect(recipe.ingredients.allSatisfy { $0 == $0.lowercased() && $0.count <= 20 })
        #expect(recipe.timeMinutes != nil && recipe.costDollars != nil && recipe.calories != nil)
        #expect((50...900).contains(try #require(recipe.calories)))
        #expect(!entry.keywords.isEmpty && entry.keywords.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
    }

    @Test func theLibraryIsVariedWithUniqueIDs() {
        let all = RecipeLibrary.all
        #expect(all.count >= 12)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(Set(all.map(\.recipe.title)).count == all.count)
        for dish in ["breakfast", "pasta", "stir", "salad", "soup", "taco", "curry", "dessert"] {
            #expect(all.contains { $0.keywords.contains(dish) }, "no recipe for \(dish)")
        }
    }

    @Test(arguments: [UInt64(0), 1, 7, 42, 2026, 0xDEAD_BEEF])
    func anyPromptAndSeedGivesAValidRecipe(seed: UInt64) async throws {
        for prompt in ["", "something cozy", "chicken tacos", "quick breakfast with eggs"] {
            let written = try await Self.write(prompt, seed: seed)
            #expect(throws: Never.self) { try RecipeCheck.validate(written.text).get() }
        }
    }

    @Test func theSameBriefGivesTheSameRecipe() async throws {
        let a = try await Self.write("weeknight dinner", seed: 99), b = try await Self.write("weeknight dinner", seed: 99)
        #expect(a == b)
        var titles = Set<String>()
        for seed in UInt64(0)..<40 { titles.insert(try RecipeCheck.validate(try await Self.write("", seed: seed).text).get().title) }
        #expect(titles.count >= 8, "seeds spread over the library: \(titles.count)")
    }

    @Test(arguments: [("Chicken stir-fry with broccoli", "chicken-stir-fry"), ("a cozy tomato soup", "tomato-soup"),
                      ("Taco Tuesday!", "black-bean-tacos"), ("creamy chickpea curry", "chickpea-curry"),
                      ("Spaghetti for two", "aglio-e-olio"), ("What do I do with leftover rice?", "egg-fried-rice"),
                      ("GREEK SALAD", "greek-salad"), ("shakshuka brunch", "shakshuka"), ("mug cake", "chocolate-mug-cake")])
    func aKeywordInThePromptPicksTheDish(prompt: String, id: String) {
        for seed: UInt64 in [1, 2, 3, 4] {
            #expect(OfflineRecipeWriter.pick(RecipeBrief(prompt: prompt, seed: seed)).id == id, "\(prompt) seed \(seed)")
        }
    }

    @Test func tiedKeywordsAreSettledBySeed() {
        let picks = Set((UInt64(0)..<30).map { OfflineRecipeWriter.pick(RecipeBrief(prompt: "dessert", seed: $0)).id })
        #expect(picks == ["banana-oat-cookies", "chocolate-mug-cake"])
    }

    @Test func theRecordSaysOfflineAndFree() async throws {
        let written = try await Self.write("tacos", seed: 5)
        #expect(written.record.provider == "offline" && written.record.model == "recipe-library-v1")
        #expect(written.record.costUSD == 0 && written.record.stage == "text" && written.record.seed == 5)
        #expect(written.record.parameters["recipe"] == "black-bean-tacos")
    }
}
