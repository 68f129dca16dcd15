import FactoryCore
import Foundation

/// A bedtime-story item, fully resolved.
public struct BedtimeSpec: Sendable, Equatable {
    public var hero: Hero
    public var companion: String?
    public var theme: String
    public var lengthMinutes: Int
    public var language: String
    public var voice: Voice
    public var speed: Double

    public static let keys = ["hero", "companion", "theme", "length_minutes", "language", "voice", "speed"]
    enum Keys: String, CodingKey {
        case hero, companion, theme, language, voice, speed
        case lengthMinutes = "length_minutes"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        guard c.contains(.hero) else {
            throw DecodingError.keyNotFound(Keys.hero, .init(codingPath: decoder.codingPath,
                debugDescription: "a bedtime story needs a hero: add `hero: { name: Luna, age: 6 }`"))
        }
        hero = try c.decode(Hero.self, forKey: .hero)
        companion = try c.decodeIfPresent(String.self, forKey: .companion)
        theme = try c.decodeIfPresent(String.self, forKey: .theme) ?? "a gentle adventure before sleep"
        lengthMinutes = try c.decode(Int.self, forKey: .lengthMinutes, default: 5, in: 1...20, what: "length_minutes")
        language = try c.decodeIfPresent(String.self, forKey: .language) ?? "en"
        voice = try c.decodeIfPresent(Voice.self, forKey: .voice) ?? .coral
        speed = try c.decode(Double.self, forKey: .speed, default: 1.0, in: 0.25...4.0)
    }
}
