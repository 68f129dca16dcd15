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

    var seed: UInt64 { item.seed ?? Seed.from(item.id, week.description, "recipe") }

    func brief() -> RecipeBrief { RecipeBrief(prompt: spec.prompt, seed: seed) }

    /// The recipe, the records of the calls that wrote it (none from the manifest), and its source.
    func recipe(context: CallContext) async throws -> (Recipe, [GenerationRecord], source: String) {
        if let written = spec.recipe { return (Recipe(written), [], "manifest") }
        let brief = brief()
        var records: [GenerationRecord] = []
        var answers: [String] = []
        var problem: String?
        for attempt in 1...2 {
            let stage = attempt == 1 ? "text" : "text-retry"
            let written = try await provider.write(RecipePrompt.request(brief, problem: problem), context: context.with(stage: stage))
            records.append(written.record)
            answers.append(written.text)
            switch RecipeCheck.validate(written.text) {
            case .success(let recipe): return (recipe, records, provider.name)
            case .failure(let problems): problem = problems.description
            }
            try Task.checkCancellation()
        }
        let kept = try keep(answers, problem: problem ?? "")
        throw FactoryError(.provider, "item \(item.id): the \(provider.name) writer's answer was rejected twice (\(problem ?? "")); "
                           + "the raw answers are in \(kept.path). Run again to ask afresh, change the prompt, or write `recipe:` by hand")
    }

    /// Saves the rejected answers and the reason beside the week's bundles.
    func keep(_ answers: [String], problem: String) throws -> URL {
        try FileManager.default.createDirectory(at: quarantine, withIntermediateDirectories: true)
        for (i, answer) in answers.enumerated() {
            try AtomicFile.write(Data(Secrets.redact(answer).utf8), to: quarantine.appendingPathComponent("writer-answer-\(i + 1).txt"))
        }
        try AtomicFile.write(Data("item \(item.id): rejected recipe answers\nreason: \(problem)\n".utf8),
                             to: quarantine.appendingPathComponent("reason.txt"))
        return quarantine
    }
}
