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
    public static func cues(chunks: [NarrationChunk], timings: [(start: Double, duration: Double)]) -> [Captions.Cue] {
        var cues: [Captions.Cue] = []
        for (chunk, timing) in zip(chunks, timings) {
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
}
