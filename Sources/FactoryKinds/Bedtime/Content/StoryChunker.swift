import FactoryCore
import Foundation

/// One speech request's worth of story: whole sentences (or, for a sentence too long for one
/// request, pieces of it), and whether a paragraph ends with it (the joiner pauses there).
public struct NarrationChunk: Sendable, Equatable, Codable {
    /// What is sent to the speech provider: the sentences joined by a space, paragraphs by a blank line.
    public var text: String
    /// The sentences in order, as captioned.
    public var sentences: [String]
    public var endsParagraph: Bool

    public init(text: String, sentences: [String], endsParagraph: Bool) {
        self.text = text
        self.sentences = sentences
        self.endsParagraph = endsParagraph
    }
}

/// Cuts a story into narration chunks at sentence boundaries, preferring paragraph boundaries,
/// each under both limits of a speech request: characters (Unicode scalars, what the API counts)
/// and a conservative token estimate (`estimatedTokens`).
public enum StoryChunker {
    /// OpenAI speech: at most 4,096 characters of input, and about 2,000 tokens for gpt-4o-mini-tts.
    public static let maxCharacters = 4096
    public static let maxTokens = 2000

    /// The chunks of `paragraphs`, in order. Paragraphs are kept whole in a chunk when they fit
    /// (a chunk ends at a paragraph's end rather than in its middle); a paragraph too long for one
    /// chunk is cut between sentences; a sentence too long for one chunk is cut after commas,
    /// semicolons, colons or dashes, then between words, and a word longer than a chunk between
    /// characters. Never an empty chunk; empty paragraphs are skipped.
    public static func chunks(_ paragraphs: [String], maxCharacters: Int = 4096, maxTokens: Int = 2000) -> [NarrationChunk] {
        let limit = Limit(characters: max(1, maxCharacters), tokens: max(1, maxTokens))
        var packer = Packer(limit: limit)
        for paragraph in paragraphs {
            let units = sentences(paragraph).flatMap { limit.admits(Measure($0)) ? [$0] : limit.split($0) }
            guard !units.isEmpty else { continue }
            let whole = units.dropFirst().reduce(Measure(units[0])) { $0 + .space + Measure($1) }
            if !packer.isEmpty, !limit.admits(packer.measure + .paragraphBreak + whole) { packer.close(endsParagraph: true) }
            packer.startParagraph()
            for unit in units { packer.add(unit) }
        }
        packer.close(endsParagraph: true)
        return packer.chunks
    }

    /// A conservative token estimate for speech input: the larger of a third of a token per ASCII
    /// character plus a weight per other character (1 for accented Latin, Cyrillic, Greek and the
    /// like, 2 for CJK ideographs, kana and hangul, 3 for emoji and other symbols past U+2000) and
    /// 1.4 tokens a word, rounded up. Real tokenizers give about a quarter of a token per English
    /// character and one per common ideograph, so the estimate errs on the side of smaller chunks.
    public static func estimatedTokens(_ text: String) -> Int { Measure(text).tokens }

    /// Characters as the speech API counts them (Unicode scalars; an emoji with modifiers counts each).
    public static func characters(_ text: String) -> Int { text.unicodeScalars.count }

    /// The sentences of a paragraph, trimmed, whitespace runs as one space. A sentence ends after
    /// `.`, `!`, `?` or `…` (and runs of them, and closing quotes or brackets after them) followed
    /// by a space and a word that does not start in lowercase, or at the end of the text; after
    /// `。`, `！`, `？` directly. Abbreviations ("Mr.", "Dr.", "e.g.", initials) and decimals ("3.5") do
    /// not end a sentence.
    public static func sentences(_ paragraph: String) -> [String] {
        let chars = Array(paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        var result: [String] = []
        var start = 0
        var i = 0
        func cut(_ end: Int) {
            let sentence = String(chars[start..<end]).trimmingCharacters(in: .whitespaces)
            if !sentence.isEmpty { result.append(sentence) }
            start = end
        }
        while i < chars.count {
            let c = chars[i]
            if denseTerminators.contains(c) {
                var j = i + 1
                while j < chars.count, denseTerminators.contains(chars[j]) || closers.contains(chars[j]) { j += 1 }
                cut(j)
                i = j
                continue
            }
            guard terminators.contains(c) else { i += 1; continue }
            var j = i + 1
            while j < chars.count, terminators.contains(chars[j]) { j += 1 }
            while j < chars.count, closers.contains(chars[j]) { j += 1 }
            if j == chars.count { cut(j); break }
            if chars[j] == " " {
                let single = c == "." && j == i + 1
                let next = j + 1 < chars.count ? chars[j + 1] : nil
                let continues = next.map { $0.isLowercase } ?? false
                if !(single && isAbbreviation(chars, before: i)) && !continues { cut(j) }
            }
            i = j
        }
        cut(chars.count)
        return result
    }

    static let terminators: Set<Character> = [".", "!", "?", "…"]
    static let denseTerminators: Set<Character> = ["。", "！", "？"]
    static let closers: Set<Character> = ["\"", "'", "”", "’", "»", ")", "]", "」", "』", "）"]
    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "mt", "jr", "sr", "vs", "etc", "e.g", "i.e", "a.m", "p.m", "capt", "lt",
        "sgt", "col", "gen", "rev", "fig", "approx", "dept", "est", "ave", "rd", "no", "nos", "vol", "mme", "mlle", "hr",
    ]

    /// Whether the word ending just before `index` (a ".") is an abbreviation: in the list, a
    /// single capital letter (an initial) or dotted ("U.S").
    static func isAbbreviation(_ chars: [Character], before index: Int) -> Bool {
        var k = index
        while k > 0, chars[k - 1].isLetter || chars[k - 1] == "." { k -= 1 }
        let word = String(chars[k..<index])
        if word.isEmpty { return false }
        if word.count == 1, let letter = word.first, letter.isUppercase { return true }
        if word.contains(".") { return true }
        // "no" only before a number ("No. 5"), not "she said no."
        if word.lowercased() == "no" || word.lowercased() == "nos" {
            return index + 2 < chars.count && chars[index + 2].isNumber
        }
        return abbreviations.contains(word.lowercased())
    }
}
