import Foundation

extension TranscriptCheck {
    /// The words of a text as the check compares them: lower case, straight apostrophes,
    /// contractions expanded ("don't" → "do not", "it's" → "it is"), numerals as words
    /// ("21" → "twenty one", "3rd" → "third"), a few spoken abbreviations, no punctuation.
    /// Both sides go through the same function, so an ambiguous expansion ("'d") agrees with itself.
    public static func normalised(_ text: String) -> [String] {
        var cleaned = ""
        cleaned.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            switch character {
            case "\u{2019}", "\u{2018}", "\u{201B}", "\u{02BC}", "`": cleaned.append("'")
            case "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "/", "\u{2026}": cleaned.append(" ")
            case "%": cleaned.append(" percent")
            case "&": cleaned.append(" and ")
            default: cleaned.append(character)
            }
        }
        var words: [String] = []
        for raw in cleaned.split(whereSeparator: { $0.isWhitespace }) {
            let token = raw.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()
            for word in expand(String(token)) {
                let bare = String(word.filter { $0.isLetter || $0.isNumber })
                if !bare.isEmpty { words.append(bare) }
            }
        }
        return NumberWords.dropNumberAnd(words)
    }

    /// One token as the words it is spoken as.
    static func expand(_ token: String) -> [String] {
        if let whole = whole[token] { return whole }
        if let spoken = NumberWords.spoken(token) { return spoken }
        for (suffix, word) in suffixes where token.hasSuffix(suffix) && token.count > suffix.count {
            let stem = String(token.dropLast(suffix.count))
            if suffix == "'s" { return isStems.contains(stem) ? [stem, "is"] : [stem + "s"] }
            return [stem, word]
        }
        return [token]
    }

    /// Words spoken differently from their stem.
    static let whole: [String: [String]] = [
        "won't": ["will", "not"], "can't": ["can", "not"], "cannot": ["can", "not"], "shan't": ["shall", "not"],
        "ain't": ["is", "not"], "let's": ["let", "us"], "tis": ["it", "is"], "o'clock": ["oclock"],
        "mr": ["mister"], "mr.": ["mister"], "mrs": ["missus"], "mrs.": ["missus"], "dr": ["doctor"], "dr.": ["doctor"],
        "ok": ["okay"], "alright": ["all", "right"],
    ]

    /// Contraction endings; "'s" is "is" after a pronoun, a possessive elsewhere.
    static let suffixes: [(String, String)] = [
        ("n't", "not"), ("'re", "are"), ("'ve", "have"), ("'ll", "will"), ("'m", "am"), ("'d", "would"), ("'s", "is"),
    ]

    static let isStems: Set<String> = [
        "it", "he", "she", "that", "what", "there", "here", "who", "where", "how", "when", "why", "this",
        "everyone", "everybody", "someone", "somebody", "nobody", "something", "everything", "nothing",
    ]
}
