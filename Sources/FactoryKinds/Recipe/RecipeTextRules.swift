import FactoryCore
import Foundation

/// The seed's "Dynamic Text Mapping Rules": how a recipe becomes the words on screen (hook,
/// ingredient callouts, numbered steps, CTA, line wrapping) and the post caption. Pure functions.
public enum RecipeTextRules {
    /// Ingredient callouts are cut to this many characters, the "..." included.
    public static let maxIngredientCharacters = 20
    /// Ingredient callouts shown.
    public static let ingredientCount = 3
    /// Words kept of a step (the seed asks for 5–7).
    public static let maxStepWords = 7
    /// Characters per line on screen (the seed's 28–32 for readability).
    public static let lineLimit = 30

    /// The recipe's hook, or "Fridge chaos → dinner in 15 min ($7)" from its time and cost.
    public static func hook(_ r: Recipe) -> String {
        if let hook = r.hook?.trimmingCharacters(in: .whitespacesAndNewlines), !hook.isEmpty { return hook }
        return "Fridge chaos → dinner in \(r.timeMinutes ?? 15) min (\(r.costDollars.map(dollars) ?? "$"))"
    }

    /// "$7": whole dollars, rounded half up.
    public static func dollars(_ cost: Double) -> String {
        guard cost.isFinite, abs(cost) < 1e12 else { return "$" }
        return "$\(Int(cost.rounded()))"
    }

    /// The first three ingredients, first letter capitalised, at most 20 characters ("..." included).
    public static func ingredientLabels(_ r: Recipe) -> [String] {
        r.ingredients.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .prefix(ingredientCount)
            .map { truncate($0.prefix(1).uppercased() + $0.dropFirst(), to: maxIngredientCharacters) }
    }

    /// `text` when it fits in `limit` characters, else its start and "..." in exactly `limit` or fewer.
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let kept = String(text.prefix(max(0, limit - 3)))
        return kept.trimmingCharacters(in: .whitespaces) + "..."
    }

    /// At most `max` steps, punctuation removed, each cut to 7 words, numbered "1. Whisk the eggs".
    public static func stepLines(_ r: Recipe, max: Int = 6) -> [String] {
        let steps = r.steps.map { words(withoutPunctuation($0.title)) }.filter { !$0.isEmpty }
        return steps.prefix(Swift.max(0, max)).enumerated().map { index, words in
            "\(index + 1). " + words.prefix(maxStepWords).joined(separator: " ")
        }
    }

    /// Punctuation becomes a space, except what keeps a word whole: an apostrophe or hyphen inside a
    /// word ("don't", "stir-fry"), a point, comma, slash or dash inside a number ("1.5", "1/2", "2–3"), and "&" and "%".
    static func withoutPunctuation(_ text: String) -> String {
        let chars = Array(text)
        var result = ""
        for (i, c) in chars.enumerated() {
            guard c.isPunctuation, c != "&", c != "%" else { result.append(c); continue }
            let before = i > 0 ? chars[i - 1] : " ", after = i + 1 < chars.count ? chars[i + 1] : " "
            let inWord = "'’-".contains(c) && isWordCharacter(before) && isWordCharacter(after)
            let inNumber = ".,/-–".contains(c) && before.isNumber && after.isNumber
            result.append(inWord || inNumber ? c : " ")
        }
        return result
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    static func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }

    /// The seed's CTA rotation pool, exact text.
    public static let ctaPool = [
        "Comment 'RECIPE' for details",
        "Save for grocery day 🛒",
        "Try this tonight? 👇",
        "Save & try this tonight ✨",
        "From fridge → plate 😎",
    ]

    /// The manifest's `cta` when given, else the pool's line for this seed.
    public static func cta(seed: UInt64, override: String?) -> String {
        if let own = override?.trimmingCharacters(in: .whitespacesAndNewlines), !own.isEmpty { return own }
        return ctaPool[Int(seed % UInt64(ctaPool.count))]
    }

    /// Greedy word wrap to lines of at most `limit` characters; a longer word stays whole on its own
    /// line; a newline in `text` always breaks.
    public static func wrap(_ text: String, limit: Int = lineLimit) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n") {
            var line = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= limit {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }

    /// The seed's hashtags, always first in the caption.
    public static let captionHashtags = ["#FridgeGlowUp", "#BeforeAfter", "#DinnerHack", "#HomeCooking"]

    /// The seed's caption: "Title — 15 min $7", the comment nudge, the handle when there is one,
    /// and the hashtags (the seed's, then the item's, each once); at most 2,200 characters.
    public static func caption(_ r: Recipe, hashtags: [String], handle: String) -> String {
        let minutes = r.timeMinutes.map { "\($0) min" } ?? "quick"
        let cost = r.costDollars.map(dollars) ?? ""
        var lines = ["\(r.title.trimmingCharacters(in: .whitespaces)) — \(minutes) \(cost)".trimmingCharacters(in: .whitespaces),
                     "Comment \"RECIPE\" for details 👇"]
        let handle = handle.trimmingCharacters(in: .whitespaces)
        if !handle.isEmpty { lines.append("Follow \(handle) for more fridge glow-ups") }
        lines.append(self.hashtags(hashtags).joined(separator: " "))
        return Caption.clip(lines.joined(separator: "\n"))
    }

    /// The seed's hashtags then the item's (`Hashtags.merged`).
    public static func hashtags(_ extra: [String]) -> [String] { Hashtags.merged(captionHashtags, extra) }
}
