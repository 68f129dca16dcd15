import FactoryCore
import Foundation

extension PiperVoice {
    /// Word timings from Piper's phoneme alignment: one `SpokenWord` for each word of `text` (a
    /// whitespace-separated token with a letter or digit, as written), in seconds from the start.
    ///
    /// espeak-ng's phonemes do not always come one word for one word: "1984" is three spoken words,
    /// "of the" one. So the text's words and the spoken words are matched by a small dynamic
    /// programme over one-to-one, one-to-many and many-to-one groups, scored by how well the
    /// letters predict the phonemes; a spoken word shared by several written ones is split by their
    /// letters. Empty when there is no alignment.
    public static func wordTimings(text: String, phonemes: [PiperPhoneme], sampleRate: Int) -> [SpokenWord] {
        let written = text.split(whereSeparator: \.isWhitespace).map(String.init)
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
        let spoken = spokenWords(phonemes)
        guard !written.isEmpty, !spoken.isEmpty, sampleRate > 0 else { return [] }
        let expected = written.map(expectedPhonemes)
        let n = written.count, m = spoken.count, widest = 4, skip = 1.5
        // cost[i][j]: the best score matching the first i written words with the first j spoken ones.
        var cost = Array(repeating: Array(repeating: Double.infinity, count: m + 1), count: n + 1)
        var step = Array(repeating: Array(repeating: (0, 0), count: m + 1), count: n + 1)
        cost[0][0] = 0
        for i in 0...n {
            for j in 0...m where cost[i][j].isFinite {
                func relax(_ a: Int, _ b: Int, _ score: Double) {
                    guard i + a <= n, j + b <= m, cost[i][j] + score < cost[i + a][j + b] else { return }
                    cost[i + a][j + b] = cost[i][j] + score
                    step[i + a][j + b] = (a, b)
                }
                relax(1, 0, skip)
                relax(0, 1, skip)
                for a in 1...widest {
                    for b in 1...widest where a == 1 || b == 1 {
                        guard i + a <= n, j + b <= m else { continue }
                        let want = expected[i..<(i + a)].reduce(0, +)
                        let got = spoken[j..<(j + b)].reduce(0) { $0 + $1.weight }
                        relax(a, b, abs(log((want + 1) / Double(got + 1))) + groupPenalty(written[i], words: a, spoken: b))
                    }
                }
            }
        }
        var groups: [(words: Range<Int>, spoken: Range<Int>)] = []
        var (i, j) = (n, m)
        while i > 0 || j > 0 {
            let (a, b) = step[i][j]
            guard a + b > 0 else { return [] }
            groups.append(((i - a)..<i, (j - b)..<j))
            (i, j) = (i - a, j - b)
        }
        var words: [SpokenWord] = []
        var last = 0.0
        let rate = Double(sampleRate)
        for group in groups.reversed() where !group.words.isEmpty {
            guard let first = group.spoken.first, let end = group.spoken.last else {
                // A written word nothing was heard for: an instant where the last one ended.
                words += group.words.map { SpokenWord(text: written[$0], start: last, end: last) }
                continue
            }
            var start = Double(spoken[first].start) / rate
            let stop = Double(spoken[end].end) / rate
            let total = max(1, group.words.reduce(0) { $0 + expected[$1] })
            for index in group.words {
                let until = start + (stop - start) * expected[index] / total
                words.append(SpokenWord(text: written[index], start: start, end: index == group.words.last ? stop : until))
                start = until
            }
            last = stop
        }
        return words
    }

    /// What a group other than one-to-one costs: cheap for a number or a hyphenated word read as
    /// several words ("1984", "well-known"), a little more for function words run together ("of
    /// the"), dear otherwise.
    static func groupPenalty(_ first: String, words: Int, spoken: Int) -> Double {
        if spoken > 1 {
            return (first.contains { $0.isNumber || $0 == "-" } ? 0.1 : 0.6) * Double(spoken - 1)
        }
        return 0.3 * Double(words - 1)
    }

    /// A spoken word: where its phonemes start and end, in samples, and how many sounds it has.
    struct Spoken {
        var start: Int
        var end: Int
        var weight: Int
    }

    /// Runs of sounding phonemes between spaces, sentence marks (`^`, `$`) and punctuation.
    static func spokenWords(_ phonemes: [PiperPhoneme]) -> [Spoken] {
        var words: [Spoken] = []
        var current: Spoken?
        var offset = 0
        for phoneme in phonemes {
            let scalars = phoneme.symbol.unicodeScalars
            let breaks = phoneme.symbol == " " || phoneme.symbol == "^" || phoneme.symbol == "$" || phoneme.symbol == "_"
                || scalars.allSatisfy { CharacterSet.punctuationCharacters.contains($0) || CharacterSet.whitespaces.contains($0) }
            if breaks {
                if let word = current { words.append(word) }
                current = nil
            } else {
                // Stress, length and combining marks belong to the word but are not sounds of their own.
                let sounds = scalars.contains { !"ˈˌːˑ".unicodeScalars.contains($0) && $0.properties.generalCategory != .nonspacingMark } ? 1 : 0
                var word = current ?? Spoken(start: offset, end: offset, weight: 0)
                word.end = offset + phoneme.samples
                word.weight += sounds
                current = word
            }
            offset += phoneme.samples
        }
        if let word = current { words.append(word) }
        return words
    }

    /// About how many phonemes a written word has: 0.8 a letter, 5 a digit (digits are read as words).
    static func expectedPhonemes(_ word: String) -> Double {
        word.reduce(0.0) { sum, character in
            sum + (character.isNumber ? 5 : character.isLetter ? 0.8 : character == "&" || character == "%" ? 3 : 0)
        }
    }
}
