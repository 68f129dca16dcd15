import FactoryCore
import Foundation

/// A recipe as the videos show it: a title, a hook, 3–7 short steps, the time, cost and calories,
/// and the ingredients. This is the JSON the text provider is asked for, the shape of
/// `recipe.json` in the bundle, and what a recipe written in the manifest becomes.
public struct Recipe: Sendable, Codable, Equatable {
    /// One step of the method, as a short line ("Whisk eggs with a pinch salt").
    public struct Step: Sendable, Codable, Equatable {
        public var title: String
        /// Seconds the step would like on screen; the template decides.
        public var secondsHint: Double?

        public init(title: String, secondsHint: Double? = nil) {
            self.title = title
            self.secondsHint = secondsHint
        }
    }

    public var title: String
    /// The first line on screen; `RecipeTextRules.hook` falls back to a time-and-cost line without it.
    public var hook: String?
    /// 3–7 steps.
    public var steps: [Step]
    public var timeMinutes: Int?
    /// The cost of the whole dish in US dollars.
    public var costDollars: Double?
    /// Calories per serving.
    public var calories: Int?
    /// Short names ("eggs", "spinach"), most important first.
    public var ingredients: [String]

    public init(title: String, hook: String? = nil, steps: [Step], timeMinutes: Int? = nil, costDollars: Double? = nil,
                calories: Int? = nil, ingredients: [String] = []) {
        self.title = title
        self.hook = hook
        self.steps = steps
        self.timeMinutes = timeMinutes
        self.costDollars = costDollars
        self.calories = calories
        self.ingredients = ingredients
    }

    /// The recipe written in the manifest (`recipe:`), steps as plain lines.
    public init(_ manifest: RecipeText) {
        self.init(title: manifest.title, hook: manifest.hook, steps: manifest.steps.map { Step(title: $0) },
                  timeMinutes: manifest.timeMinutes, costDollars: manifest.costDollars, calories: manifest.calories,
                  ingredients: manifest.ingredients)
    }

    enum CodingKeys: String, CodingKey {
        case title, hook, steps, timeMinutes, costDollars, calories, ingredients
    }

    /// Lenient where models are: a whole number written as `15.0` is read as 15, and a missing
    /// ingredients list as empty (the check then says so).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        hook = try c.decodeIfPresent(String.self, forKey: .hook)
        steps = try c.decode([Step].self, forKey: .steps)
        timeMinutes = try Self.wholeNumber(c, .timeMinutes)
        costDollars = try c.decodeIfPresent(Double.self, forKey: .costDollars)
        calories = try Self.wholeNumber(c, .calories)
        ingredients = try c.decodeIfPresent([String].self, forKey: .ingredients) ?? []
    }

    private static func wholeNumber(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int? {
        if let int = try? c.decodeIfPresent(Int.self, forKey: key) { return int }
        guard let double = try c.decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard double.isFinite, abs(double) < 1e9 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "\(double) is not a whole number")
        }
        return Int(double.rounded())
    }
}

/// What the recipe writer is asked for: the item's prompt (what to cook) and its seed.
public struct RecipeBrief: TextBrief, Equatable {
    public var prompt: String
    public var seed: UInt64
    /// Recipe titles the series published recently: the prompt lists them, the offline writer skips them.
    public var recent: RecentWork

    public init(prompt: String, seed: UInt64, recent: RecentWork = RecentWork()) {
        self.recent = recent
        self.prompt = prompt
        self.seed = seed
    }
}
