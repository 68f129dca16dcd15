import Foundation

/// Word timings for a recording of a known text, found by aligning it with a synthetic reading of
/// the same text whose word timings are known (alignment by synthesis, the method of aeneas and of
/// the DTW aligners before it): both readings become mel cepstra every 10 ms (`MelCepstrum`), their
/// speech is cut from the silence around it, dynamic time warping pairs each reference frame with
/// the recording's frames it sounds like (`TimeWarp`), and each reference word's start and end are
/// carried across that pairing. Voices differ in pitch and timbre, less in how the spectrum moves
/// from sound to sound, which is what the cepstra after normalisation mostly keep.
///
/// Word starts are then moved onto the nearest onset heard (`SpeechOnsets`, within 80 ms), in the
/// reference before the mapping and in the recording after it: a word starts where its sound does.
/// The result says how the path's cost compares with that of the reference played backwards
/// (`costRatio`), which tells a recording of the text from one of something else (`trusted`).
public enum ForcedAlignment {
    /// When a word is heard, in seconds. (The words' text stays with the caller: only times are aligned.)
    public typealias Span = (start: Double, end: Double)

    /// What an alignment found and how well its word starts sit on the recording's onsets.
    public struct Outcome: Sendable {
        /// The reference's words, in order, at their times in the recording (seconds from its start).
        public var words: [Span]
        /// The same before each start was moved onto its nearest onset.
        public var warped: [Span]
        /// Median and 90th percentile distance (ms) from a warped word start (before the snap) to the
        /// nearest onset heard in the recording.
        public var onsetMedianMilliseconds: Double
        public var onsetP90Milliseconds: Double
        /// Word starts within `matchMilliseconds` of an onset, of all word starts.
        public var matched: Int
        /// The path's mean cost over that of the same alignment with the reference played backwards:
        /// well under 1 when the recording says the text, near 1 when it says something else (a
        /// path through unrelated sounds costs about the same in either order).
        public var costRatio: Double

        /// True when the recording sounds like the text: the path costs under 0.85 of the backwards
        /// one (the sample story's five paragraphs, 2026-11-29: read by Piper 0.74–0.82, by another
        /// espeak-ng voice 0.69–0.71; the next paragraph read instead 0.88–0.94, the fake server's
        /// speech-like tones 0.90–0.92), and at least half the starts fall within 100 ms of an onset.
        public var trusted: Bool {
            !words.isEmpty && costRatio < ForcedAlignment.trustCostRatio && matched * 2 >= words.count
        }
    }

    /// The reading aligned against, and where its words are heard.
    public struct Reference: Sendable {
        public var samples: [Float]
        public var rate: Int
        public var words: [Span]

        public init(samples: [Float], rate: Int, words: [Span]) {
            self.samples = samples
            self.rate = rate
            self.words = words
        }
    }

    public static let trustCostRatio = 0.85
    static let matchMilliseconds = 100.0
    /// Below the loudest frame by more than this, a frame is silence when trimming the ends.
    static let silenceBelowPeakDB: Float = 35

    /// Aligns `reference` with `recording` (mono samples at `rate`). Nil when either holds no speech.
    public static func align(recording: [Float], rate: Int, reference: Reference) -> Outcome? {
        guard !reference.words.isEmpty, rate > 0, reference.rate > 0 else { return nil }
        let target = MelCepstrum(mono: recording, rate: rate)
        let source = MelCepstrum(mono: reference.samples, rate: reference.rate)
        guard let targetSpeech = speech(target.energy), let sourceSpeech = speech(source.energy) else { return nil }
        let a = Array(source.frames[sourceSpeech]), b = Array(target.frames[targetSpeech])
        // The band: a quarter of the longer reading either side of the diagonal, at least 3 s, at
        // most 15 s (two readers of a paragraph drift apart by a sentence or so), and no more than
        // 40 million cells (40 MB of moves) for the longest chunk a live voice takes.
        let radius = min(1500, max(300, max(a.count, b.count) / 4), max(50, 20_000_000 / max(1, a.count)))
        guard let path = TimeWarp.align(a, b, radius: radius), let backwards = TimeWarp.align(a.reversed(), b, radius: radius)
        else { return nil }
        let hop = MelCepstrum.hop
        let offset = Double(targetSpeech.lowerBound) * hop, sourceOffset = Double(sourceSpeech.lowerBound) * hop
        func frame(_ seconds: Double) -> Int { min(a.count - 1, max(0, Int(((seconds - sourceOffset) / hop).rounded()))) }
        // The reference's words start where their sound does: espeak-ng marks a word where its
        // phonemes begin, tens of milliseconds before a stop or a fricative is heard.
        let referenceWords = snapped(reference.words, to: SpeechOnsets.detect(mono: reference.samples, rate: reference.rate))
        var words: [Span] = [], last = 0.0
        for word in referenceWords {
            let start = max(last, offset + Double(path.spans[frame(word.start)].lowerBound) * hop)
            let endFrame = max(frame(word.start), frame(word.end) - 1)
            let end = max(start, offset + Double(path.spans[endFrame].upperBound + 1) * hop)
            words.append((start, end))
            last = start
        }
        let onsets = SpeechOnsets.detect(mono: recording, rate: rate)
        let distances = words.map { word in
            onsets.map { abs($0 - word.start) * 1000 }.min() ?? .infinity
        }.sorted()
        let warped = words
        words = snapped(words, to: onsets)
        func percentile(_ p: Double) -> Double {
            distances.isEmpty ? .infinity : distances[min(distances.count - 1, Int(Double(distances.count - 1) * p + 0.5))]
        }
        return Outcome(words: words, warped: warped, onsetMedianMilliseconds: percentile(0.5), onsetP90Milliseconds: percentile(0.9),
                       matched: distances.filter { $0 <= matchMilliseconds }.count, costRatio: path.meanCost / backwards.meanCost)
    }

    /// How far a word's start may move onto an onset heard in the recording.
    static let snapSeconds = 0.08

    /// Each start moved to the nearest onset within `snapSeconds`, where that keeps the words in
    /// strict order; each end then falls between its start and the next word's.
    static func snapped(_ words: [Span], to onsets: [Double]) -> [Span] {
        var out = words
        for index in out.indices {
            let word = out[index]
            // Strictly between the word before (already moved) and the word after: two words never
            // share an onset, and none ends up with no time at all.
            let floor = index == 0 ? -Double.infinity : out[index - 1].start
            let ceiling = index + 1 < out.count ? out[index + 1].start : .infinity
            guard let onset = onsets.filter({ abs($0 - word.start) <= snapSeconds && $0 > floor && $0 < ceiling })
                .min(by: { abs($0 - word.start) < abs($1 - word.start) }) else { continue }
            out[index].start = onset
            out[index].end = max(out[index].end, onset)
        }
        // A word ends by the time the next one starts.
        for index in out.indices.dropLast() {
            out[index].end = max(out[index].start, min(out[index].end, out[index + 1].start))
        }
        return out
    }

    /// The frames from the first to the last that are not silence; nil when all are.
    static func speech(_ energy: [Float]) -> Range<Int>? {
        // Digital silence (or all but) is no speech: a −60 dBFS tone measures about −27 here.
        guard let peak = energy.max(), peak > -70 else { return nil }
        let floor = peak - silenceBelowPeakDB
        guard let first = energy.firstIndex(where: { $0 > floor }), let last = energy.lastIndex(where: { $0 > floor }),
              last - first >= 5 else { return nil }
        return first..<(last + 1)
    }
}
