import FactoryCore
import Foundation

/// Caption cues of a narrated story: one per sentence, timed from the real durations of the
/// synthesised chunks.
public enum StoryCaptions {
    /// One cue per sentence of each chunk. A chunk's speech (`start`, `duration`, in seconds on the
    /// joined audio) is shared among its sentences by their share of its words (`Story.words(in:)`,
    /// at least one a sentence), so a long sentence stays up longer; a sentence's cue ends where the
    /// next one starts and the chunk's last cue ends at the end of its speech, so the last cue of
    /// the story ends with the last chunk's speech. Pauses between chunks have no cue. Chunks
    /// without a timing (more chunks than timings) get no cues.
    ///
    /// With the chunk's words (`words[i]`, on the joined audio, one for each of its sentences'
    /// tokens), a sentence after the first instead starts `lead` seconds before its first word is
    /// heard (never before the previous sentence's last word ends), so a sentence is on screen
    /// whenever one of its words is being read.
    public static func cues(chunks: [NarrationChunk], timings: [(start: Double, duration: Double)],
                            words: [[SpokenWord]] = [], lead: Double = 0.15) -> [Captions.Cue] {
        var cues: [Captions.Cue] = []
        for (index, (chunk, timing)) in zip(chunks, timings).enumerated() {
            let counts = chunk.sentences.map { ReadAlong.tokens(in: $0).count }
            if index < words.count, !words[index].isEmpty, words[index].count == counts.reduce(0, +), !counts.contains(0) {
                cues += timedByWords(chunk.sentences, counts: counts, words: words[index], timing: timing, lead: lead)
                continue
            }
            let weights = chunk.sentences.map { Double(max(1, Story.words(in: $0))) }
            let total = weights.reduce(0, +)
            guard total > 0 else { continue }
            let duration = max(0, timing.duration)
            let end = timing.start + duration
            var elapsed = 0.0
            for (index, sentence) in chunk.sentences.enumerated() {
                let start = timing.start + duration * elapsed / total
                elapsed += weights[index]
                let stop = index == chunk.sentences.count - 1 ? end : timing.start + duration * elapsed / total
                cues.append(Captions.Cue(start: start, end: stop, text: sentence))
            }
        }
        return cues
    }

    /// One chunk's cues cut where its words say each sentence starts.
    static func timedByWords(_ sentences: [String], counts: [Int], words: [SpokenWord], timing: (start: Double, duration: Double),
                             lead: Double) -> [Captions.Cue] {
        let end = timing.start + max(0, timing.duration)
        var starts = [timing.start]
        var first = 0
        for count in counts.dropLast() {
            let previous = words[first + count - 1], next = words[first + count]
            starts.append(min(end, max(previous.end, next.start - lead, starts[starts.count - 1])))
            first += count
        }
        return sentences.enumerated().map { i, sentence in
            Captions.Cue(start: starts[i], end: i + 1 < starts.count ? starts[i + 1] : end, text: sentence)
        }
    }
}
