import FactoryCore
import Foundation

/// The five recipe video templates of the seed.
public enum RecipeTemplate: String, ManifestWord {
    case snapReveal = "snap-reveal"
    case splitSwipe = "split-swipe"
    case kineticSteps = "kinetic-steps"
    case priceTime = "price-time"
    case fridgePip = "fridge-pip"
    public static let noun = "recipe template"
}

/// A recipe written in the manifest instead of by the text provider.
public struct RecipeText: Sendable, Equatable, Codable {
    public var title: String
    public var hook: String?
    public var steps: [String]
    public var timeMinutes: Int?
    public var costDollars: Double?
    public var calories: Int?
    public var ingredients: [String]

    enum CodingKeys: String, CodingKey {
        case title, hook, steps, calories, ingredients
        case timeMinutes = "time_minutes", costDollars = "cost_dollars"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["title", "hook", "steps", "time_minutes", "cost_dollars", "calories", "ingredients"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        hook = try c.decodeIfPresent(String.self, forKey: .hook)
        steps = try c.decode([String].self, forKey: .steps)
        timeMinutes = try c.decodeIfPresent(Int.self, forKey: .timeMinutes)
        costDollars = try c.decodeIfPresent(Double.self, forKey: .costDollars)
        calories = try c.decodeIfPresent(Int.self, forKey: .calories)
        ingredients = try c.decodeIfPresent([String].self, forKey: .ingredients) ?? []
        guard (3...7).contains(steps.count) else {
            throw DecodingError.dataCorruptedError(forKey: .steps, in: c, debugDescription: "a recipe has 3 to 7 steps, this one has \(steps.count)")
        }
    }
}

/// Local photos that replace generated images.
public struct RecipePhotos: Sendable, Equatable, Decodable {
    public var before: String?
    public var after: String?
    public var meal: String?

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["before", "after", "meal"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        before = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "before"))
        after = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "after"))
        meal = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "meal"))
    }

    public var all: [(String, String)] {
        [("before", before), ("after", after), ("meal", meal)].compactMap { name, path in path.map { (name, $0) } }
    }
}
