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

    var seed: UInt64 { item.seed(.text, default: item.seed ?? Seed.from(item.id, week.description, "recipe")) }

    func brief() -> RecipeBrief { RecipeBrief(prompt: spec.prompt, seed: seed) }

    /// The recipe, the records of the calls that wrote it (none from the manifest), and its source.
    func recipe(context: CallContext) async throws -> (Recipe, [GenerationRecord], source: String) {
        if let written = spec.recipe { return (Recipe(written), [], "manifest") }
        let brief = brief()
        let writing = StructuredWriting(item: item.id, what: "recipe", provider: provider, quarantine: quarantine, reasoning: item.reasoning)
        let (recipe, records) = try await writing.ask(
            context: context, request: { RecipePrompt.request(brief, problem: $0) },
            check: { RecipeCheck.validate($0) }, fix: "change the prompt, or write `recipe:` by hand")
        return (recipe, records, provider.name)
    }
}
