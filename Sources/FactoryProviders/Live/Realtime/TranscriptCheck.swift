import Foundation

/// Whether a Realtime reading says the chunk's words: both texts normalised (case, punctuation,
/// curly quotes, contractions, numerals), then compared word by word by edit distance.
///
/// The transcript is the model's own transcription of its audio
/// (`response.output_audio_transcript.done`, openai-python `response_audio_transcript_done_event.py`),
/// not an independent ASR: it catches rewording, not mispronunciation.
public struct TranscriptCheck: Sendable, Equatable {
    /// Word errors allowed: 5 % of the text's words, rounded down, at least 1 from 10 words up and
    /// none below. Why 5 %: a bedtime paragraph of 40–80 words may then differ by 2–4 words, which
    /// covers what normalisation cannot (a "the" the transcriber heard twice, "alright"/"all right")
    /// but not a changed sentence; a short chunk (a title) must read exactly.
    public static let maxWordErrorRate = 0.05
    /// Below this many words no error is allowed.
    public static let minimumWordsForSlack = 10

    /// Words in the text (after normalising).
    public var words: Int
    /// Word-level edit distance (substitutions, insertions, deletions).
    public var errors: Int
    /// Errors allowed for a text of this length.
    public var allowed: Int

    /// Errors over the text's words (0 for an empty text read as nothing).
    public var wordErrorRate: Double { words == 0 ? (errors == 0 ? 0 : 1) : Double(errors) / Double(words) }
    public var passed: Bool { errors <= allowed }

    /// Compares the text a chunk asked for with the transcript of what was read.
    public init(text: String, transcript: String) {
        let expected = Self.normalised(text), heard = Self.normalised(transcript)
        words = expected.count
        errors = Self.distance(expected, heard)
        allowed = Self.allowedErrors(words: expected.count)
    }

    /// 5 % of the words, rounded down; at least 1 from `minimumWordsForSlack` words; 0 below.
    public static func allowedErrors(words: Int) -> Int {
        words < minimumWordsForSlack ? 0 : max(1, Int((Double(words) * maxWordErrorRate).rounded(.down)))
    }

    /// The WER as the record shows it: "0.12".
    public var rateText: String { String(format: "%.2f", wordErrorRate) }

    /// Word-level Levenshtein distance, two rows of memory.
    static func distance(_ a: [String], _ b: [String]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(replace, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
