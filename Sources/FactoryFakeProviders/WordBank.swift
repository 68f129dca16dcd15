import FactoryCore

/// A small vocabulary for plausible English phrases and sentences, picked by a seeded generator.
enum WordBank {
    static let adjectives = ["quiet", "golden", "little", "brave", "sleepy", "bright", "gentle", "curious", "silver",
                             "warm", "tiny", "happy", "misty", "clever", "soft", "wild"]
    static let nouns = ["fox", "lantern", "river", "meadow", "owl", "garden", "moon", "harbour", "kitten", "forest",
                        "teapot", "cloud", "lighthouse", "bakery", "hedgehog", "kite", "orchard", "window"]
    static let verbs = ["wanders past", "looks for", "dreams about", "sings to", "waits by", "follows", "finds",
                        "paints", "shares a secret with", "tiptoes around", "watches"]
    static let endings = ["at dawn", "before supper", "under the stars", "in the rain", "after school",
                          "on a windy afternoon", "by the old bridge", "while everyone sleeps"]

    static func pick(_ words: [String], _ random: inout SeededRandom) -> String {
        words[Int(random.next() % UInt64(words.count))]
    }

    static func word(_ random: inout SeededRandom) -> String { pick(nouns, &random) }

    /// "The Golden Lantern" style: two or three capitalised words.
    static func title(_ random: inout SeededRandom) -> String {
        let words = random.next() % 2 == 0 ? ["the", pick(adjectives, &random), pick(nouns, &random)]
                                           : [pick(adjectives, &random), pick(nouns, &random)]
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func phrase(_ random: inout SeededRandom, words: Int) -> String {
        (0..<words).map { $0 % 2 == 0 ? pick(adjectives, &random) : pick(nouns, &random) }.joined(separator: " ")
    }

    /// One or more sentences such as "The sleepy owl follows a silver kite under the stars."
    static func sentences(_ random: inout SeededRandom, count: Int) -> String {
        (0..<max(1, count)).map { _ in
            "The \(pick(adjectives, &random)) \(pick(nouns, &random)) \(pick(verbs, &random)) a \(pick(adjectives, &random)) \(pick(nouns, &random)) \(pick(endings, &random))."
        }.joined(separator: " ")
    }
}
