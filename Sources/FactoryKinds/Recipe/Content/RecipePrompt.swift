import FactoryCore
import Foundation

/// The writer's instructions and JSON schema for a recipe video.
public enum RecipePrompt {
    public static let system = """
        You write recipes for short vertical cooking videos (TikTok, Reels) in the "fridge chaos → dinner" style. \
        Reply only with the JSON asked for. The recipe must be real and cookable by a home cook with everyday \
        ingredients: a dish people actually make, with honest quantities of effort, not a novelty. \
        `title`: the dish's name, at most 6 words. \
        `hook`: the first line on screen, at most 8 words, that makes a viewer stop scrolling (no hashtags). \
        `steps`: 3 to 7 steps in order, each an imperative line of 5 to 7 words that fits on one caption line \
        ("Whisk eggs with a pinch salt"); `secondsHint` is how long the step should stay on screen (1.5–3 s) or null. \
        `timeMinutes`: the honest total time from fridge to plate. \
        `costDollars`: the realistic supermarket cost of the whole dish in US dollars. \
        `calories`: realistic calories per serving. \
        `ingredients`: 3 to 10 short names, most important first, no quantities ("eggs", "spinach", "garlic").
        """

    public static func user(_ brief: RecipeBrief) -> String {
        let prompt = brief.prompt.trimmingCharacters(in: .whitespacesAndNewlines)
        return [
            "Write a recipe video for: \(prompt.isEmpty ? "a quick weeknight dinner from what's left in the fridge" : prompt)",
            "Variation \(brief.seed % 10_000).",
        ].joined(separator: "\n") + (brief.recent.isEmpty ? "" : "\n" + brief.recent.promptSection)
    }

    /// The same request again, told what was wrong with the previous answer.
    public static func retry(_ brief: RecipeBrief, problem: String) -> String {
        user(brief) + "\n\nYour previous answer was rejected: \(problem). Write the whole recipe again and fix that."
    }

    /// JSON Schema of `Recipe` in the subset both structured-output APIs accept (every object
    /// closed, every property required, optional values as null). Counts and ranges are asked for
    /// in words and checked afterwards: length and range keywords are not accepted everywhere.
    public static func schema() -> [String: Any] {
        let step: [String: Any] = [
            "type": "object",
            "properties": [
                "title": ["type": "string", "description": "one imperative step of 5–7 words"],
                "secondsHint": ["type": ["number", "null"], "description": "seconds on screen (1.5–3), or null"],
            ],
            "required": ["title", "secondsHint"],
            "additionalProperties": false,
        ]
        return [
            "type": "object",
            "properties": [
                "title": ["type": "string", "description": "the dish, at most 6 words"],
                "hook": ["type": ["string", "null"], "description": "the first line on screen, at most 8 words"],
                "steps": ["type": "array", "items": step, "description": "3 to 7 steps in order"] as [String: Any],
                "timeMinutes": ["type": "integer", "description": "total minutes from fridge to plate"],
                "costDollars": ["type": "number", "description": "cost of the whole dish in US dollars"],
                "calories": ["type": "integer", "description": "calories per serving"],
                "ingredients": ["type": "array", "items": ["type": "string"], "description": "3 to 10 short names"] as [String: Any],
            ],
            "required": ["title", "hook", "steps", "timeMinutes", "costDollars", "calories", "ingredients"],
            "additionalProperties": false,
        ]
    }

    /// The full request: first attempt, or a retry stating the problem.
    public static func request(_ brief: RecipeBrief, problem: String? = nil) -> TextRequest {
        let schema = CanonicalJSON.data(schema())
        // A recipe is about 250 output tokens; the cap leaves room for a model's preamble.
        let expected = 300
        return TextRequest(purpose: TextPurpose(kind: .recipeVideo, brief: brief), system: system,
                           user: problem.map { retry(brief, problem: $0) } ?? user(brief),
                           schemaName: "recipe_video", schema: schema, seed: brief.seed,
                           expectedOutputTokens: expected, maxOutputTokens: 1500)
    }
}
