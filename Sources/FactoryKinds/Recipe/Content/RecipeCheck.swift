import FactoryCore
import Foundation

/// Reads a writer's answer and decides whether it is a recipe the videos can show: the JSON shape,
/// the title, 3–7 steps, the ingredients and plausible numbers. Each problem is said in words the
/// writer can act on (it is sent back with the one retry).
public enum RecipeCheck {
    public static let stepRange = 3...7
    public static let maxTitleCharacters = 60
    public static let maxHookCharacters = 80
    /// Steps are asked for in 5–7 words and cut to 7 on screen; past this a cut loses the sense.
    public static let maxStepWords = 14
    public static let minutesRange = 1...240
    public static let dollarsRange = 0.0...200.0
    public static let caloriesRange = 0...3000
    /// `secondsHint` outside this is dropped (a hint, not worth a retry).
    static let secondsHintRange = 0.5...10.0

    /// The answer as a recipe (trimmed, empty hook as nil), or every problem found.
    public static func validate(_ text: String) -> Result<Recipe, ConversationCheck.Problems> {
        guard let data = ConversationCheck.jsonObjectText(text).data(using: .utf8),
              var recipe = try? JSONDecoder().decode(Recipe.self, from: data) else {
            return .failure(.init(["the answer is not the JSON object asked for (title, hook, steps, timeMinutes, costDollars, calories, ingredients)"]))
        }
        recipe.title = trimmed(recipe.title)
        recipe.hook = recipe.hook.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }
        recipe.steps = recipe.steps.map { step in
            Recipe.Step(title: trimmed(step.title), secondsHint: step.secondsHint.flatMap { secondsHintRange.contains($0) ? $0 : nil })
        }
        recipe.ingredients = recipe.ingredients.map(trimmed)
        let problems = problems(recipe)
        return problems.isEmpty ? .success(recipe) : .failure(.init(problems))
    }

    /// Problems of a recipe whose text is already trimmed.
    static func problems(_ recipe: Recipe) -> [String] {
        var problems: [String] = []
        if recipe.title.isEmpty { problems.append("the title is empty") }
        if recipe.title.count > maxTitleCharacters {
            problems.append("the title has \(recipe.title.count) characters; keep it under \(maxTitleCharacters)")
        }
        if let hook = recipe.hook, hook.count > maxHookCharacters {
            problems.append("the hook has \(hook.count) characters; keep it to 8 words")
        }
        if !stepRange.contains(recipe.steps.count) {
            let count = recipe.steps.count == 1 ? "there is 1 step" : "there are \(recipe.steps.count) steps"
            problems.append("\(count); write \(stepRange.lowerBound)–\(stepRange.upperBound)")
        }
        for (index, step) in recipe.steps.enumerated() {
            let words = step.title.split(whereSeparator: \.isWhitespace).count
            if words == 0 { problems.append("step \(index + 1) is empty") }
            if words > maxStepWords { problems.append("step \(index + 1) has \(words) words; keep each step to 5–7 words") }
        }
        if recipe.ingredients.isEmpty { problems.append("there are no ingredients; list 3–10 short names") }
        if recipe.ingredients.contains(where: \.isEmpty) { problems.append("an ingredient is empty") }
        if let minutes = recipe.timeMinutes, !minutesRange.contains(minutes) {
            problems.append("timeMinutes is \(minutes); give the real total time, \(minutesRange.lowerBound)–\(minutesRange.upperBound) minutes")
        }
        if let dollars = recipe.costDollars, !dollarsRange.contains(dollars) {
            problems.append("costDollars is \(dollars); give the real cost of the dish, 0–\(Int(dollarsRange.upperBound)) dollars")
        }
        if let calories = recipe.calories, !caloriesRange.contains(calories) {
            problems.append("calories is \(calories); give calories per serving, 0–\(caloriesRange.upperBound)")
        }
        return problems
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
