import FactoryCore
import Foundation

/// The hero, the friend and the setting words of one offline story, and the filling of a
/// template's placeholders with them. Hero pronouns are never needed: the templates use the name.
struct StoryCast {
    var hero: String
    var age: Int
    /// How the friend is called in a sentence ("Hoot", "the puppy") and introduced ("a sleepy owl named Hoot").
    var friend: String
    var friendIntro: String
    var values: [String: String]

    init(brief: StoryBrief, family: StoryFamily, seed: UInt64) {
        hero = brief.name.trimmingCharacters(in: .whitespaces)
        age = brief.age
        if let companion = Self.clean(brief.companion) {
            friend = Self.callName(companion)
            friendIntro = Self.introduction(companion)
        } else {
            (friend, friendIntro) = family.defaultFriend
        }
        var values = family.words
        values["hero"] = hero
        values["friend"] = friend
        values["Friend"] = Self.capitalised(friend)
        values["companion"] = friendIntro
        values["age"] = Self.number(brief.age)
        values["looksLine"] = Self.looksLine(hero: hero, appearance: brief.appearance)
        values["traitsLine"] = Self.traitsLine(hero: hero, traits: brief.traits)
        values["giftLine"] = Self.giftLine(hero: hero, ability: brief.ability, seed: seed)
        self.values = values
    }

    /// `template` with every `{name}` replaced (unknown names are left out); a value that starts
    /// a sentence ("the puppy") is capitalised.
    func fill(_ template: String) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let value = values[String(rest[rest.index(after: open)..<close])] ?? ""
            out += Self.startsSentence(out) ? Self.capitalised(value) : value
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.replacingOccurrences(of: "  ", with: " ")
    }

    /// The placeholders the cast fills: its own and the setting's words.
    static let knownPlaceholders: Set<String> = Set(["hero", "friend", "Friend", "companion", "age", "looksLine", "traitsLine", "giftLine"]
                                                    + StoryFamily.wordKeys)

    /// The `{name}`s a template uses, in order.
    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Whether text written after `prefix` begins a sentence: nothing before it, or a full stop,
    /// question or exclamation mark (with or without a closing quote after it) and a space.
    static func startsSentence(_ prefix: String) -> Bool {
        let trimmed = prefix.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return true }
        guard prefix.last?.isWhitespace == true else { return false }
        if ".!?".contains(last) { return true }
        if "\"”".contains(last), let before = trimmed.dropLast().last { return ".!?".contains(before) }
        return false
    }

    /// "Hoot" from "a sleepy owl named Hoot" or "Hoot the owl"; "the puppy" from "a puppy" or "her puppy".
    static func callName(_ companion: String) -> String {
        let words = companion.split(separator: " ").map(String.init)
        for marker in ["named", "called"] {
            if let i = words.firstIndex(of: marker), i + 1 < words.count { return trimmedPunctuation(words[i + 1]) }
        }
        if let first = words.first, first.first?.isUppercase == true, !articles.contains(first.lowercased()) {
            return trimmedPunctuation(first)
        }
        if let last = words.last, last.first?.isUppercase == true, words.count > 1 { return trimmedPunctuation(last) }
        let rest = words.first.map { articles.contains($0.lowercased()) } == true ? Array(words.dropFirst()) : words
        return "the " + rest.joined(separator: " ")
    }

    /// The companion as the story first mentions it: as written, with "a" added to a bare noun.
    static func introduction(_ companion: String) -> String {
        let first = companion.split(separator: " ").first.map(String.init) ?? ""
        if first.first?.isUppercase == true || articles.contains(first.lowercased()) {
            return first.first?.isUppercase == true && articles.contains(first.lowercased()) ? lowercasedFirst(companion) : companion
        }
        return (["a", "e", "i", "o", "u"].contains(first.first.map { String($0).lowercased() } ?? "") ? "an " : "a ") + companion
    }

    static func clean(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    static let articles: Set<String> = ["a", "an", "the", "her", "his", "their", "my", "our", "your"]

    static func looksLine(hero: String, appearance: String?) -> String {
        guard var looks = Self.clean(appearance) else { return "" }
        looks = trimmedPunctuation(looks)
        let first = looks.split(separator: " ").first.map { $0.lowercased() } ?? ""
        let past = ["has": "had", "wears": "wore", "is": "was", "loves": "loved", "likes": "liked"]
        if let verb = past[first] { return "\(hero) \(verb) " + looks.split(separator: " ").dropFirst().joined(separator: " ") + "." }
        if first == "with" { looks = String(looks.dropFirst(5)) }
        return "\(hero) had \(lowercasedFirst(looks))."
    }

    static func traitsLine(hero: String, traits: [String]) -> String {
        let list = traits.compactMap(Self.clean).map { lowercasedFirst(trimmedPunctuation($0)) }
        guard !list.isEmpty else { return "\(hero) had a kind heart and a head full of gentle questions." }
        return "If you asked anyone to describe \(hero), they would smile and say: \(joined(list))."
    }

    /// The resolution's turn: the hero's special ability, or kindness and a good idea.
    static func giftLine(hero: String, ability: String?, seed: UInt64) -> String {
        guard var gift = Self.clean(ability) else {
            return ["Then \(hero) had a kind, quiet idea, the sort that comes when you listen.",
                    "Then \(hero) took a slow breath and had a gentle idea."][Int(seed % 2)]
        }
        gift = lowercasedFirst(trimmedPunctuation(gift))
        for prefix in ["can ", "could ", "is able to "] where gift.hasPrefix(prefix) {
            gift = "being able to " + gift.dropFirst(prefix.count)
        }
        return ["Then \(hero) remembered a special gift: \(gift).",
                "That was when \(hero)'s special gift helped: \(gift)."][Int(seed % 2)]
    }

    static func joined(_ list: [String]) -> String {
        list.count < 2 ? list.joined() : list.dropLast().joined(separator: ", ") + " and " + (list.last ?? "")
    }

    static func number(_ n: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return words.indices.contains(n) ? words[n] : String(n)
    }

    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) else { return text }
        // Keep a name ("Biscuit"), lower a plain word ("Curly").
        return text.split(separator: " ").count > 1 ? first.lowercased() + text.dropFirst() : text
    }

    static func trimmedPunctuation(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!? "))
    }
}
