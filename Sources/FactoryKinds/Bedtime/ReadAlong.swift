import FactoryCore
import Foundation

/// The read-along's timing table: each caption sentence with its words, where each word's letters
/// sit in the sentence (to highlight them) and when the voice says it (from `words.json`, the
/// voice's own alignment). The renderer, `captions.vtt`, `captions.ass` and the drift check all
/// read this one table.
public struct ReadAlong: Sendable, Equatable {
    /// One word of a sentence.
    public struct Word: Sendable, Equatable {
        /// The token as written, punctuation included ("time,").
        public var text: String
        /// The letters and digits of the token ("time"), as character offsets in the sentence: what is highlighted.
        public var core: Range<Int>
        public var start: Double
        public var end: Double
    }

    /// One caption sentence and its words (none when the voice gave no timings).
    public struct Sentence: Sendable, Equatable {
        public var cue: Captions.Cue
        public var words: [Word]
    }

    public var sentences: [Sentence]

    /// Sentences without words: the plain one-sentence-at-a-time subtitle.
    public init(cues: [Captions.Cue]) {
        sentences = cues.map { Sentence(cue: $0, words: []) }
    }

    /// The cues' sentences with the narration's words laid on them in order. The words must be the
    /// sentences' own tokens (`tokens(in:)`) one for one; where they are not (a provider that
    /// rewrote the text), no sentence gets words rather than the wrong ones.
    public init(cues: [Captions.Cue], words: [SpokenWord]) {
        self.init(cues: cues)
        var next = 0
        var laid = sentences
        for (index, sentence) in sentences.enumerated() {
            for token in Self.tokens(in: sentence.cue.text) {
                guard next < words.count, words[next].text == token.text else { return }
                laid[index].words.append(Word(text: token.text, core: token.core, start: words[next].start, end: words[next].end))
                next += 1
            }
        }
        guard next == words.count else { return }
        sentences = laid
    }

    /// The same, chunk by chunk: `chunks[i]` is how many cues chunk i's sentences made and the
    /// words of its voice. A chunk without words (a live voice whose audio its forced alignment
    /// could not vouch for), or whose words are not its sentences' tokens, leaves its own
    /// sentences plain; the other chunks still light their words.
    public init(cues: [Captions.Cue], chunks: [(sentences: Int, words: [SpokenWord])]) {
        guard chunks.map(\.sentences).reduce(0, +) == cues.count else {
            self.init(cues: cues, words: chunks.flatMap(\.words))
            return
        }
        var laid: [Sentence] = []
        var first = 0
        for chunk in chunks {
            let own = Array(cues[first..<(first + chunk.sentences)])
            laid += ReadAlong(cues: own, words: chunk.words).sentences
            first += chunk.sentences
        }
        self.init(cues: [])
        sentences = laid
    }

    public var hasWords: Bool { sentences.contains { !$0.words.isEmpty } }
    public var words: [Word] { sentences.flatMap(\.words) }

    /// The words of a sentence as the voices time them: whitespace-separated tokens holding a letter
    /// or digit, each with the character offsets of its first to last letter or digit.
    public static func tokens(in sentence: String) -> [(text: String, core: Range<Int>)] {
        var tokens: [(text: String, core: Range<Int>)] = []
        let characters = Array(sentence)
        var i = 0
        while i < characters.count {
            guard !characters[i].isWhitespace else { i += 1; continue }
            var j = i
            while j < characters.count, !characters[j].isWhitespace { j += 1 }
            let token = characters[i..<j]
            if let first = token.firstIndex(where: { $0.isLetter || $0.isNumber }),
               let last = token.lastIndex(where: { $0.isLetter || $0.isNumber }) {
                tokens.append((String(token), first..<(last + 1)))
            }
            i = j
        }
        return tokens
    }

    /// The instant the highlight moves to a word starting at `start` in a video of `fps`: the frame
    /// nearest the word's start (so the change is at most half a frame off it).
    public static func shownAt(_ start: Double, fps: Int) -> Double {
        (start * Double(fps)).rounded() / Double(fps)
    }

    /// Every highlight change in a video of `fps`: one per word, at `shownAt` its start.
    public func changes(fps: Int) -> [Double] {
        words.map { Self.shownAt($0.start, fps: fps) }
    }
}
