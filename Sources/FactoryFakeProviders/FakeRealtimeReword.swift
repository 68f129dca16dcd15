import Foundation

/// What a `reworded` fault makes the model say instead of the text: the first rule that changes it —
/// a contraction made or undone ("do not" ↔ "don't"), else a small word dropped, else two words
/// swapped. The model "rewords now and then (e.g. contractions)" (micdrop.dev/docs/text-to-speech/openai,
/// secondary).
enum FakeRealtimeReword {
    static let contractions: [(String, String)] = [
        ("do not", "don't"), ("does not", "doesn't"), ("did not", "didn't"), ("is not", "isn't"), ("are not", "aren't"),
        ("cannot", "can't"), ("will not", "won't"), ("it is", "it's"), ("I am", "I'm"), ("you are", "you're"),
        ("we are", "we're"), ("they are", "they're"), ("that is", "that's"), ("there is", "there's"), ("let us", "let's"),
    ]
    static let smallWords: Set<String> = ["very", "really", "just", "little", "the", "a", "so", "then", "all"]

    static func reword(_ text: String) -> String {
        for (long, short) in contractions {
            if let changed = replaceWord(long, with: short, in: text) { return changed }
            if let changed = replaceWord(short, with: long, in: text) { return changed }
        }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count > 2, let index = words.indices.dropFirst().first(where: { smallWords.contains(words[$0].lowercased()) }) {
            words.remove(at: index)
            return words.joined(separator: " ")
        }
        if words.count >= 2 {
            let middle = max(0, words.count / 2 - 1)
            words.swapAt(middle, middle + 1)
            if words.joined(separator: " ").lowercased() != text.lowercased() { return words.joined(separator: " ") }
        }
        return "Well, " + text
    }

    /// `text` with the first whole-word, case-insensitive `phrase` replaced, or nil when absent.
    private static func replaceWord(_ phrase: String, with replacement: String, in text: String) -> String? {
        let pattern = "\\b" + NSRegularExpression.escapedPattern(for: phrase) + "\\b"
        guard let range = text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let found = text[range]
        let cased = found.first?.isUppercase == true ? replacement.prefix(1).uppercased() + replacement.dropFirst() : replacement
        return text.replacingCharacters(in: range, with: cased)
    }
}
