// PROVISIONAL: replaced by the recipe model branch at merge (same API).
import Foundation
import FactoryMedia

public struct Recipe: Sendable, Codable, Equatable {
    public struct Step: Sendable, Codable, Equatable {
        public var title: String
        public var secondsHint: Double?
        public init(title: String, secondsHint: Double? = nil) { self.title = title; self.secondsHint = secondsHint }
    }
    public var title: String
    public var hook: String?
    public var steps: [Step]
    public var timeMinutes: Int?
    public var costDollars: Double?
    public var calories: Int?
    public var ingredients: [String]
    public init(title: String, hook: String? = nil, steps: [Step], timeMinutes: Int? = nil, costDollars: Double? = nil,
                calories: Int? = nil, ingredients: [String]) {
        self.title = title; self.hook = hook; self.steps = steps; self.timeMinutes = timeMinutes
        self.costDollars = costDollars; self.calories = calories; self.ingredients = ingredients
    }
}

public enum RecipeTextRules {
    public static func hook(_ r: Recipe) -> String {
        if let h = r.hook?.trimmingCharacters(in: .whitespaces), !h.isEmpty { return h }
        return "Fridge chaos → dinner in \(r.timeMinutes ?? 15) min (\(r.costDollars.map { "$\(Int($0.rounded()))" } ?? "$"))"
    }
    public static func ingredientLabels(_ r: Recipe) -> [String] {
        r.ingredients.prefix(3).map { s in
            let c = s.prefix(1).uppercased() + s.dropFirst()
            return c.count > 20 ? String(c.prefix(17)) + "..." : c
        }
    }
    public static func stepLines(_ r: Recipe, max: Int = 6) -> [String] {
        r.steps.prefix(max).enumerated().map { i, s in
            let words = s.title.filter { !$0.isPunctuation }.split(separator: " ").prefix(7).joined(separator: " ")
            return "\(i + 1). \(words)"
        }
    }
    public static let ctaPool = ["Comment 'RECIPE' for details", "Save for grocery day 🛒", "Try this tonight? 👇",
                                 "Save & try this tonight ✨", "From fridge → plate 😎"]
    public static func cta(seed: UInt64, override: String?) -> String { override ?? ctaPool[Int(seed % 5)] }
    public static func wrap(_ text: String, limit: Int = 30) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty { line = String(word) } else if line.count + 1 + word.count <= limit { line += " " + word } else { lines.append(line); line = String(word) }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
    public static func caption(_ r: Recipe, hashtags: [String], handle: String) -> String { r.title }
}

struct RecipeWriter {
    let item: Item
    let spec: RecipeSpec
    let week: ISOWeek
    let provider: any TextProvider
    let quarantine: URL
    func recipe(context: CallContext) async throws -> (Recipe, [GenerationRecord], source: String) {
        guard let r = spec.recipe else { throw FactoryError(.unsupported, "provisional") }
        return (Recipe(title: r.title, hook: r.hook, steps: r.steps.map { .init(title: $0) }, timeMinutes: r.timeMinutes,
                       costDollars: r.costDollars, calories: r.calories, ingredients: r.ingredients), [], "manifest")
    }
}

enum ClipReader {
    static func sequence(path: String, width: Int, height: Int, start: Double, duration: Double, fps: Int) throws -> (first: LayerPixels, sequence: PixelSequence) {
        throw FactoryError(.unsupported, "provisional")
    }
}
enum BeatDetector {
    static func beats(in audio: AudioBuffer, minimumInterval: Double = 0.25) -> [Double] { [] }
    static func cuts(beats: [Double], wanted: [Double], tolerance: Double = 0.35) -> [Double] { wanted }
}
