import FactoryCore
import Foundation

/// Cheap touches that make a cast personality sound like itself: Alex Pro spells things out,
/// Joke Bot laughs at its own lines, Luna writes in lowercase. `line` counts the speaker's
/// lines so the touches land on some texts, not all.
enum ChatVoice {
    static func speak(_ text: String, as personality: Personality?, line: Int) -> String {
        switch personality {
        case nil: text
        case .alexPro: formal(text)
        case .jokeBot: line % 2 == 0 && !hasEmoji(text) ? text + " 😂" : text
        case .sparkifire: fiery(text, line: line)
        case .lunaCreative: text.lowercased() + (line % 3 == 1 && !hasEmoji(text) ? " ✨" : "")
        case .codeMaster: replacing(words: ["idk": "insufficient data", "omg": "fatal error", "wtf": "undefined behaviour",
                                            "weird": "non-deterministic"], in: text)
        case .buddy: replacing(words: ["you": "u", "your": "ur", "you're": "ur", "honestly": "ngl", "really": "rly",
                                       "please": "pls"], in: text)
        }
    }

    /// Complete words, capitals at sentence starts, and a closing full stop (or question mark);
    /// emoji stay (they carry the beat).
    static func formal(_ text: String) -> String {
        var out = ""
        var sentenceStart = true
        for character in replacing(words: formalWords, in: text) {
            out.append(sentenceStart && character.isLowercase ? Character(character.uppercased()) : character)
            if character.isLetter || character.isNumber { sentenceStart = false }
            if ".?!".contains(character) { sentenceStart = true }
        }
        if let last = out.last, last.isLowercase || last.isNumber {
            let lastSentence = out.split(whereSeparator: { ".?!".contains($0) }).last ?? ""
            let opening = lastSentence.split(separator: " ").prefix(2).map { $0.prefix { $0.isLetter }.lowercased() }
            out += opening.contains(where: questionWords.contains) ? "?" : "."
        }
        return out.isEmpty ? text : out
    }

    static let questionWords: Set = ["what", "why", "how", "who", "where", "when", "which", "can", "could", "do", "does",
                                     "did", "is", "are", "was", "should", "would", "will"]

    static func fiery(_ text: String, line: Int) -> String {
        var out = text
        if out.hasSuffix(".") { out = out.dropLast() + "!" }
        if line % 3 == 0 && !out.contains("🔥") { out += " 🔥" }
        return out
    }

    static let formalWords = [
        "u": "you", "ur": "your", "rn": "right now", "omg": "oh my", "idk": "I do not know", "tbh": "to be honest",
        "ngl": "honestly", "pls": "please", "plz": "please", "im": "I'm", "i": "I", "dont": "don't", "cant": "can't",
        "lol": "", "lmao": "", "ok": "okay", "gonna": "going to", "wanna": "want to", "thx": "thank you",
        "bc": "because", "tho": "though", "btw": "by the way", "q": "question", "min": "minutes",
    ]

    /// Swaps whole words (any case, punctuation kept around them); a word swapped for "" goes.
    static func replacing(words map: [String: String], in text: String) -> String {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false).compactMap { token -> String? in
            let core = token.trimmingCharacters(in: .punctuationCharacters)
            guard !core.isEmpty, let swap = map[core.lowercased()], let range = token.range(of: core) else { return String(token) }
            if swap.isEmpty { return nil }
            return token.replacingCharacters(in: range, with: swap)
        }
        return tokens.joined(separator: " ")
    }

    static func hasEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    }
}
