import FactoryCore
import Foundation

/// Gets the recipe of a recipe-video item: written in the manifest (`recipe:`), or by the text
/// provider, validated, retried once with the problem stated, and on a second bad answer failed
/// with both raw answers kept in the week's `.quarantine/<item>/`.
struct RecipeWriter {
    let item: Item
    let spec: RecipeSpec
    let week: ISOWeek
    let provider: any TextProvider
    /// Where rejected answers are kept.
    let quarantine: URL
    /// The series' memory (nil: repeats are not checked).
    var memory: SeriesGuard? = nil

    var seed: UInt64 { item.seed(.text, default: item.seed ?? Seed.from(item.id, week.description, "recipe")) }

    func brief() -> RecipeBrief { RecipeBrief(prompt: spec.prompt, seed: seed, recent: memory?.recentWork([.title]) ?? RecentWork()) }

    /// What a recipe says, for the memory: the title (checked) and the dish, its ingredients.
    static func remembered(_ recipe: Recipe, fixed: Bool) -> [Remembered] {
        [Remembered(.title, recipe.title, fixed: fixed), Remembered(.dish, recipe.ingredients.joined(separator: ", "), fixed: fixed)]
    }

    /// The recipe, the records of the calls that wrote it (none from the manifest), and its source.
    func recipe(context: CallContext) async throws -> (Recipe, [GenerationRecord], source: String) {
        if let written = spec.recipe { return (Recipe(written), [], "manifest") }
        let brief = brief()
        let writing = StructuredWriting(item: item.id, what: "recipe", provider: provider, quarantine: quarantine,
                                        reasoning: item.reasoning, memory: memory)
        let (recipe, records) = try await writing.ask(
            context: context, request: { attempt in
                var asked = brief
                asked.recent = brief.recent.adding(attempt.refused)
                return RecipePrompt.request(asked, problem: attempt.problem)
            },
            check: { RecipeCheck.validate($0) }, remembered: { Self.remembered($0, fixed: false) },
            fix: "change the prompt, or write `recipe:` by hand")
        return (recipe, records, provider.name)
    }
}
