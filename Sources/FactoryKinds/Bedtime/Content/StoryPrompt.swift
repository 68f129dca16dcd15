import FactoryCore
import Foundation

/// The writer's child-safe instructions and JSON schema for a bedtime story.
public enum StoryPrompt {
    /// A calm bedtime reading pace; the target length is minutes × this.
    public static let wordsPerMinute = 130

    public static let system = """
        You write personalised bedtime stories that a parent plays to a child at lights-out. \
        Reply only with the JSON asked for. The story is warm, calm and gentle, for the child's age: \
        simple words, short sentences, a cosy and safe world. Nothing frightening: no violence, no weapons, \
        no injury or blood, no death, no villains, no monsters that chase or attack, no screaming, no nightmares, \
        no getting lost without help close by, nothing sad left unresolved. A gentle dragon, a friendly owl or a \
        shy moon are fine. \
        Follow a real story shape: a cosy beginning that introduces the hero (using the hero's name), a calm \
        journey with small wonders, one small gentle problem solved with kindness and the hero's special ability, \
        a soft resolution, and a goodnight in which the hero grows sleepy and falls asleep. The pace slows \
        towards the end; the last paragraph ends with the hero asleep. \
        Write for listening: no lists, no headings, no emoji, no sound effects in capitals, spoken dialogue kept short. \
        `title`: at most 8 words. `paragraphs`: the story, each paragraph 2 to 6 sentences and under 1,000 characters. \
        `summary`: one sentence saying what happens. `illustrationPrompt`: one or two sentences describing a single \
        calm cover illustration of the hero and the setting (looks, colours, light), picture-book style, no text in the image.
        """

    public static func user(_ brief: StoryBrief) -> String {
        var hero = "The hero: \(brief.name), \(brief.age) years old"
        if let looks = clean(brief.appearance) { hero += "; looks: \(looks)" }
        let traits = brief.traits.compactMap(clean)
        if !traits.isEmpty { hero += "; traits: \(traits.joined(separator: ", "))" }
        if let ability = clean(brief.ability) { hero += "; special ability: \(ability)" }
        var lines = [
            "Write a bedtime story.",
            hero + ".",
            clean(brief.companion).map { "Companion: \($0)." } ?? "No companion is given; a friend met on the way is fine.",
            "Theme: \(clean(brief.theme) ?? "a gentle adventure before sleep").",
            "Length: \(brief.minutes) minute\(brief.minutes == 1 ? "" : "s") read aloud, about \(brief.targetWords) words "
                + "(between \(StoryCheck.wordRange(brief).lowerBound) and \(StoryCheck.wordRange(brief).upperBound)), "
                + "in about \(paragraphCount(brief)) paragraphs.",
            "Language: write the story, title and summary in \(languageName(brief.language)); the illustration prompt in English.",
            "Words suitable for a \(brief.age)-year-old.",
        ]
        lines.append("Variation \(brief.seed % 10_000).")
        if !brief.recent.isEmpty { lines.append(brief.recent.promptSection) }
        return lines.joined(separator: "\n")
    }

    /// The same request again, told what was wrong with the previous answer.
    public static func retry(_ brief: StoryBrief, problem: String) -> String {
        user(brief) + "\n\nYour previous answer was rejected: \(problem). Write the whole story again and fix that."
    }

    /// About 80 words a paragraph, at least 4.
    static func paragraphCount(_ brief: StoryBrief) -> Int { max(4, (brief.targetWords + 40) / 80) }

    /// JSON Schema of `Story` in the subset both structured-output APIs accept (every object closed,
    /// every property required). Lengths are asked for in words and checked afterwards.
    public static func schema() -> [String: Any] {
        [
            "type": "object",
            "properties": [
                "title": ["type": "string", "description": "the story's title, at most 8 words"],
                "paragraphs": ["type": "array", "items": ["type": "string"],
                               "description": "the story read aloud, in order; 2–6 sentences each"] as [String: Any],
                "summary": ["type": "string", "description": "one sentence saying what happens"],
                "illustrationPrompt": ["type": "string", "description": "a calm cover illustration of the hero and the setting"],
            ],
            "required": ["title", "paragraphs", "summary", "illustrationPrompt"],
            "additionalProperties": false,
        ]
    }

    /// The full request: first attempt, or a retry stating the problem.
    public static func request(_ brief: StoryBrief, problem: String? = nil) -> TextRequest {
        let schema = CanonicalJSON.data(schema())
        // English prose is about 1.35 tokens a word, other languages more; plus the JSON and the prompts.
        let expected = brief.targetWords * 3 / 2 + 200
        return TextRequest(purpose: TextPurpose(kind: .bedtimeStory, brief: brief), system: system,
                           user: problem.map { retry(brief, problem: $0) } ?? user(brief),
                           schemaName: "bedtime_story", schema: schema, seed: brief.seed,
                           expectedOutputTokens: expected, maxOutputTokens: min(16_000, max(2000, expected * 2)))
    }

    package static func clean(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// The language's English name for the common codes, else the code as written.
    static func languageName(_ code: String) -> String {
        let names = ["en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
                     "nl": "Dutch", "sv": "Swedish", "da": "Danish", "no": "Norwegian", "nb": "Norwegian", "fi": "Finnish",
                     "pl": "Polish", "cs": "Czech", "ru": "Russian", "uk": "Ukrainian", "tr": "Turkish", "el": "Greek",
                     "ja": "Japanese", "zh": "Chinese", "ko": "Korean", "ar": "Arabic", "hi": "Hindi", "he": "Hebrew"]
        let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return names[base] ?? code
    }
}
