import FactoryCore
import Foundation

/// The thirteen OpenAI speech voices.
public enum Voice: String, ManifestWord {
    case alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse, marin, cedar
    public static let noun = "voice"
}

/// The story's hero, as the seed app describes one.
public struct Hero: Sendable, Equatable, Decodable {
    public var name: String
    public var age: Int
    public var appearance: String?
    public var traits: [String]
    public var ability: String?

    enum CodingKeys: String, CodingKey { case name, age, appearance, traits, ability }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["name", "age", "appearance", "traits", "ability"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        age = try c.decode(Int.self, forKey: .age, default: 6, in: 2...12, what: "the hero's age")
        appearance = try c.decodeIfPresent(String.self, forKey: .appearance)
        traits = try c.decodeIfPresent([String].self, forKey: .traits) ?? []
        ability = try c.decodeIfPresent(String.self, forKey: .ability)
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .name, in: c, debugDescription: "the hero needs a name")
        }
    }
}
