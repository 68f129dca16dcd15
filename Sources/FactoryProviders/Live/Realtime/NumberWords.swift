import Foundation

/// Numerals as they are read aloud, for comparing a text with its transcript: "21" → "twenty
/// one", "1,200" → "one thousand two hundred", "3rd" → "third", "2.5" → "two point five".
/// Whole numbers up to 999,999,999; anything else is left as it is.
enum NumberWords {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// The spoken words of a numeral token, or nil when it is not one.
    static func spoken(_ token: String) -> [String]? {
        guard let first = token.first, first.isNumber else { return nil }
        for suffix in ["st", "nd", "rd", "th"] where token.hasSuffix(suffix) {
            guard let value = whole(String(token.dropLast(2))), var words = cardinal(value) else { return nil }
            if let last = words.popLast() { words.append(ordinal(last)) }
            return words
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, let integer = whole(String(parts[0])), var words = cardinal(integer), !parts[1].isEmpty,
           parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) {
            words.append("point")
            words += parts[1].compactMap { $0.wholeNumberValue.map { ones[$0] } }
            return words
        }
        return whole(token).flatMap(cardinal)
    }

    /// Digits with optional thousands commas ("1,200").
    static func whole(_ text: String) -> Int? {
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// "one hundred twenty three" (no "and"; `dropNumberAnd` takes it out of "one hundred and
    /// twenty" written as words, so both spellings compare alike).
    static func cardinal(_ value: Int) -> [String]? {
        guard value >= 0, value < 1_000_000_000 else { return nil }
        if value == 0 { return ["zero"] }
        var words: [String] = []
        var rest = value
        for (size, name) in [(1_000_000, "million"), (1_000, "thousand")] where rest >= size {
            words += belowThousand(rest / size) + [name]
            rest %= size
        }
        if rest > 0 { words += belowThousand(rest) }
        return words
    }

    static func belowThousand(_ value: Int) -> [String] {
        var words: [String] = []
        if value >= 100 { words += [ones[value / 100], "hundred"] }
        let rest = value % 100
        if rest >= 20 {
            words.append(tens[rest / 10])
            if rest % 10 > 0 { words.append(ones[rest % 10]) }
        } else if rest > 0 || value == 0 {
            words.append(ones[rest])
        }
        return words
    }

    /// The words without the "and" inside a spoken number ("hundred and twenty" → "hundred twenty").
    static func dropNumberAnd(_ words: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(words.count)
        for (index, word) in words.enumerated() {
            if word == "and", let before = out.last, ["hundred", "thousand", "million"].contains(before),
               index + 1 < words.count, isNumberWord(words[index + 1]) { continue }
            out.append(word)
        }
        return out
    }

    static func isNumberWord(_ word: String) -> Bool { ones.contains(word) || tens.contains(word) && !word.isEmpty }

    /// "one" → "first", "twenty" → "twentieth", "seven" → "seventh".
    static func ordinal(_ word: String) -> String {
        let irregular = ["one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
                         "nine": "ninth", "twelve": "twelfth"]
        if let special = irregular[word] { return special }
        if word.hasSuffix("y") { return word.dropLast() + "ieth" }
        return word + "th"
    }
}
