import Foundation

/// How close two texts are, for the no-repeat rule: both are normalised (Unicode compatibility
/// forms, diacritics dropped, lowercase, every run of punctuation and whitespace one space), cut
/// into overlapping three-character shingles (the text padded with a space at each end, so short
/// words count), and compared by Jaccard similarity |A ∩ B| / |A ∪ B|.
///
/// Why shingles of characters: quotes and titles are short (4–20 words), so word trigrams are too
/// few to compare (one changed word removes three of six), and edit distance punishes a moved
/// clause ("Rest is part of the work, not a reward…"). Character shingles ignore order at the clause
/// level and tolerate inflections ("change"/"changes"). Measured on the table in RepeatMeasureTests:
/// rewordings and near copies score 0.56–1.0, different lines of a series 0.0–0.27.
public enum RepeatMeasure {
    /// At or above this, an answer repeats an earlier one and is refused.
    public static let nearRepeat = 0.5
    /// At or above this (and below `nearRepeat`), review marks the item as close to an earlier week.
    public static let close = 0.35

    /// The text as compared: NFKD without combining marks, lowercase, punctuation and spaces folded.
    public static func normalise(_ text: String) -> String {
        let folded = text.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !$0.properties.isGraphemeExtend && $0.properties.generalCategory != .nonspacingMark }
        var out = "", space = false
        for scalar in String(String.UnicodeScalarView(folded)).lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if space, !out.isEmpty { out.append(" ") }
                space = false
                out.unicodeScalars.append(scalar)
            } else {
                space = true
            }
        }
        return out
    }

    /// The three-character shingles of the normalised text, padded with a space at each end.
    public static func shingles(_ text: String) -> Set<String> {
        let chars = Array(" " + normalise(text) + " ")
        guard chars.count >= 3 else { return [String(chars)] }
        var out = Set<String>()
        for i in 0...(chars.count - 3) { out.insert(String(chars[i..<i + 3])) }
        return out
    }

    /// 0 (nothing shared) … 1 (the same after normalising).
    public static func similarity(_ a: String, _ b: String) -> Double {
        let na = normalise(a), nb = normalise(b)
        if na == nb { return na.isEmpty ? 0 : 1 }
        return jaccard(shingles(a), shingles(b))
    }

    public static func jaccard(_ a: Set<String>, _ b: Set<String>) -> Double {
        let union = a.union(b).count
        return union == 0 ? 0 : Double(a.intersection(b).count) / Double(union)
    }

    /// The closest of `earlier` to `text` at or above `threshold`, with its similarity.
    public static func closest<S: Sequence>(to text: String, in earlier: S, threshold: Double = nearRepeat)
        -> (entry: MemoryEntry, similarity: Double)? where S.Element == MemoryEntry {
        let mine = shingles(text), normal = normalise(text)
        var best: (MemoryEntry, Double)?
        for entry in earlier {
            let score = normalise(entry.text) == normal ? 1 : jaccard(mine, shingles(entry.text))
            if score >= threshold, score > (best?.1 ?? -1) { best = (entry, score) }
        }
        return best
    }
}
