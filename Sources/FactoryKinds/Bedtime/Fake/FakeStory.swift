import FactoryCore
import Foundation

/// Writes a bedtime story for a schema with `paragraphs` and `illustrationPrompt`, the way a model
/// answers `StoryPrompt`: the hero and companion the prompt names, a cosy beginning, a calm walk of
/// small wonders, a gentle problem put right, and a goodnight ending asleep, grown to about the
/// word count the prompt asks for. Deterministic for a seed; passes `StoryCheck`. Properties it
/// does not know are filled generically.
struct FakeStory {
    var random: SeededRandom
    let request: FakeAnswerWriter.Request
    let hero: String
    let friend: String
    let targetWords: Int

    init(_ request: FakeAnswerWriter.Request) {
        self.request = request
        random = SeededRandom(seed: request.seed)
        let prompt = request.prompt
        hero = Self.capture(#"The hero: ([^,\n]+),"#, in: prompt) ?? "Luna"
        let companion = Self.capture(#"Companion: ([^\n]+)\."#, in: prompt)
        friend = companion.map(Self.callName) ?? "Hoot the owl"
        targetWords = Self.capture(#"about (\d+) words"#, in: prompt).flatMap { Int($0) } ?? 650
    }

    /// The answer; `short` writes only the beginning and the goodnight (the wrongCount fault).
    mutating func make(short: Bool = false) -> JSONValue {
        let opening = "Once upon a time, in a cosy house at the edge of a quiet meadow, there lived a child called \(hero). "
            + "Every evening, \(hero) and \(friend) went for a short, slow walk before bed, while the sky turned soft and pink."
        let goodnight = "At last \(hero) and \(friend) walked home, where the lamp was glowing in the window. "
            + "\(hero) climbed into bed, snuggled under the warm blanket, and whispered goodnight. "
            + "And with a long, slow yawn, \(hero) fell fast asleep."
        var paragraphs = [opening]
        if !short {
            // Short stories get the lamb in two sentences; longer ones in two paragraphs.
            let trouble = targetWords < 300
                ? ["Then they found a little lamb bleating softly by the gate, far from its flock. "
                    + "\(hero) led it gently over the hill to its mother, who gave a grateful, sleepy baa."]
                : ["Then they found a little lamb who had wandered away from the flock and was bleating softly by the gate. "
                    + "\(hero) knelt down and said, \"Don't worry, we will help you find your mother.\" "
                    + "Together they listened until they heard a gentle answer from the far side of the hill.",
                   "Slowly and carefully, \(hero) led the little lamb over the hill to the flock, where its mother was waiting. "
                    + "The lamb snuggled against her woolly side, and the mother sheep gave a grateful, sleepy baa. "
                    + "\(hero) felt warm all the way through, the way you feel after doing something kind."]
            var words = ([opening, goodnight] + trouble).reduce(0) { $0 + Story.words(in: $1) }
            var pools = Pools(random: &random)
            while true {
                // A paragraph is added while it brings the story closer to the asked length.
                let paragraph = pools.paragraph(hero: hero, friend: friend, random: &random)
                let added = Story.words(in: paragraph)
                guard abs(words + added - targetWords) < abs(words - targetWords) else { break }
                paragraphs.append(paragraph)
                words += added
            }
            paragraphs += trouble
        }
        paragraphs.append(goodnight)
        let known: [String: JSONValue] = [
            "title": .string("\(hero) and the Quiet Meadow"),
            "paragraphs": .array(paragraphs.map { .string($0) }),
            "summary": .string("\(hero) and \(friend) take an evening walk and help a little lamb find its mother."),
            "illustrationPrompt": .string("A gentle watercolour of \(hero) and \(friend) in a moonlit meadow with a little lamb, soft warm colours."),
        ]
        let properties = request.schema["properties"]?.object ?? [:]
        var fields = request.rest(besides: Set(known.keys), seed: random.next())
        for (key, value) in known where properties[key] != nil { fields[key] = value }
        return .object(fields)
    }

    static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        let value = text[range].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// "Hoot" from "a sleepy owl named Hoot"; the companion as written otherwise.
    static func callName(_ companion: String) -> String {
        let words = companion.split(separator: " ").map(String.init)
        for marker in ["named", "called"] {
            if let i = words.firstIndex(of: marker), i + 1 < words.count { return words[i + 1] }
        }
        if let first = words.first, ["a", "an", "her", "his", "my", "their"].contains(first.lowercased()) {
            return (["the"] + words.dropFirst()).joined(separator: " ")
        }
        return companion
    }
}

extension FakeStory {
    /// The fake provider's answer to a bedtime story's text request (its descriptor's `fakeAnswer`); the
    /// wrongCount fault misses the count asked for.
    static let answer = FakeAnswerWriter(claimingSchemasWith: ["paragraphs", "illustrationPrompt"]) { request in
        var writer = FakeStory(request)
        return writer.make(short: request.miscount)
    }
}
