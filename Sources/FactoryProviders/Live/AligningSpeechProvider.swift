import FactoryCore
import FactoryMedia
import Foundation

/// A live voice with word timings it does not report itself. OpenAI's `/v1/audio/speech` answers
/// with a binary audio body (platform.openai.com/docs/api-reference/audio/createSpeech; openapi.yaml
/// `/audio/speech` in openai/openai-openapi); its Realtime voices send audio and transcript deltas
/// with no times (platform.openai.com/docs/api-reference/realtime-server-events), and Runware's
/// `audioInference` documents no timestamps either (runware.ai/docs/audio-inference/introduction). So each chunk's
/// words are found by forced alignment of the chunk's own text to its audio (`ForcedWordTimings`).
/// A chunk whose alignment its own audio does not bear out keeps no word timings: the read-along
/// then shows that chunk's sentences whole rather than a highlight that would be off the voice.
public struct AligningSpeechProvider: SpeechProvider {
    public let inner: any SpeechProvider

    public init(_ inner: any SpeechProvider) {
        self.inner = inner
    }

    public var name: String { inner.name }
    public var isPaid: Bool { inner.isPaid }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        try inner.plannedCall(request, item: item)
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        var audio = try await inner.speak(request, context: context)
        guard audio.words.isEmpty else { return audio }
        let (text, pcm, rate) = (request.text, audio.pcm, audio.sampleRate)
        // Seconds of CPU for a long chunk: off the concurrency pool's threads. A failure to align
        // loses only the highlight, never the paid-for audio.
        let aligned = try? await BlockingIO.run { try ForcedWordTimings.align(text: text, pcm: pcm, sampleRate: rate) }
        if let aligned {
            audio.record.parameters["word_timings"] = aligned.summary
            if aligned.outcome.trusted { audio.words = aligned.words }
        }
        return audio
    }
}

/// Forced alignment of a text to a recording of it, by synthesis: espeak-ng reads the same text
/// (its own word events say where each word is heard), and `ForcedAlignment` carries those times
/// onto the recording. espeak-ng is always here (it is linked in), needs no model download, and
/// reads any language it has a voice for.
public enum ForcedWordTimings {
    public struct Aligned: Sendable {
        /// The text's words at their times in the recording (empty when espeak-ng heard none).
        public var words: [SpokenWord]
        public var outcome: ForcedAlignment.Outcome
        /// For the generation record: what was done and how well it sits, e.g. "forced alignment
        /// (espeak-ng reference, DTW): 53 words, path cost 0.78 of the reference backwards, 41 of 53
        /// starts within 100 ms of an onset; used".
        public var summary: String {
            String(format: "forced alignment (espeak-ng reference, DTW): %d words, path cost %.2f of the reference backwards, %d of %d starts within 100 ms of an onset; %@",
                   words.count, outcome.costRatio, outcome.matched, words.count,
                   outcome.trusted ? "used" : "not used (the audio does not sound like the text)")
        }
    }

    /// Aligns `text` to `pcm` (16-bit mono at `sampleRate`); nil when either holds no speech.
    public static func align(text: String, pcm: Data, sampleRate: Int, voice: String = Espeak.defaultVoice) throws -> Aligned? {
        let reading = try Espeak.synthesizeWords(text: text, voice: voice, rate: 160)
        let reference = OfflineSpeechProvider.espeakWordTimings(text: text, events: reading.words)
        guard !reference.isEmpty else { return nil }
        let outcome = ForcedAlignment.align(
            recording: try MonoPCM.floats(pcm, rate: sampleRate), rate: sampleRate,
            reference: .init(samples: try MonoPCM.floats(reading.pcm, rate: reading.sampleRate), rate: reading.sampleRate, words: reference.map { ($0.start, $0.end) }))
        guard let outcome else { return nil }
        return Aligned(words: zip(reference, outcome.words).map { SpokenWord(text: $0.text, start: $1.start, end: $1.end) }, outcome: outcome)
    }
}
