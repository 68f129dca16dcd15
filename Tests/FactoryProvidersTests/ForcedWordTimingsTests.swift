import FactoryCore
@testable import FactoryFakeProviders
import FactoryMedia
@testable import FactoryProviders
import Foundation
import Testing

/// Word timings for a live voice that reports none: forced alignment of the chunk's text to its
/// audio through an espeak-ng reading (`ForcedWordTimings`), judged against voices whose own word
/// timings are known (another espeak-ng voice, and Piper's phoneme alignment).
@Suite("Forced word timings")
struct ForcedWordTimingsTests {
    static let text = "Once upon a time, in a cottage beside a friendly old wood, lived a girl called Mia. "
        + "Her best friend was a sleepy owl named Hoot, and the two of them did everything together. "
        + "Every night, an old woodpecker taps a soft rhythm on a tree to tell the wood it is bedtime."
    static let otherText = "The quick brown fox jumps over the lazy dog while seven sailors sing about the sea, "
        + "and the rain keeps falling on the harbour until the lamps are lit."
    static let context = CallContext(item: "sat-bedtime", stage: "speech-01", gateway: nil)

    /// |found − truth| of each word's start, in ms, ascending.
    static func errors(_ found: [SpokenWord], _ truth: [SpokenWord]) -> [Double] {
        #expect(found.map(\.text) == truth.map(\.text))
        return zip(found, truth).map { abs($0.start - $1.start) * 1000 }.sorted()
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
    }

    static func pcm(_ samples: [Float]) -> Data {
        samples.map { Int16(max(-32767, min(32767, $0 * 32767))) }.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    @Test("espeak-ng's reading keeps every word in order (a clause pause's event no longer swallows the next words)")
    func espeakWordsInOrder() throws {
        let reading = try Espeak.synthesizeWords(text: Self.text, voice: "en-us", rate: 160)
        let words = OfflineSpeechProvider.espeakWordTimings(text: Self.text, events: reading.words)
        #expect(words.count == 53)
        // espeak-ng may run a small word into the one before ("was a" at one instant), never more.
        var together = 0
        for (before, after) in zip(words, words.dropFirst()) {
            #expect(after.start >= before.start, "\(after.text) at \(after.start) s is before \(before.text) at \(before.start) s")
            if after.start == before.start { together += 1 }
            #expect(before.end - before.start < 1.2, "\(before.text) lasts \(before.end - before.start) s")
        }
        #expect(together <= 3, "\(together) words start with the one before")
    }

    @Test("another espeak-ng voice, faster and higher: starts within 45 ms at the median, 100 ms at p90")
    func anotherVoice() throws {
        let target = try Espeak.synthesizeWords(text: Self.text, voice: "en-gb+f3", rate: 185, pitch: 70)
        let truth = OfflineSpeechProvider.espeakWordTimings(text: Self.text, events: target.words)
        let aligned = try #require(try ForcedWordTimings.align(text: Self.text, pcm: target.pcm, sampleRate: target.sampleRate))
        #expect(aligned.outcome.trusted, "\(aligned.summary)")
        let errors = Self.errors(aligned.words, truth)
        // espeak-ng's readings differ by a few samples from call to call (its state carries over
        // between texts), which moves the median between about 8 and 33 ms here.
        #expect(Self.percentile(errors, 0.5) < 45 && Self.percentile(errors, 0.9) < 100, "\(errors)")
    }

    @Test("Piper's neural voice against its own alignment: starts within 60 ms at the median, 200 ms at p90",
          .enabled(if: PiperVoiceTests.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func piperVoice() throws {
        let voice = try PiperVoice.locate()
        let spoken = try voice.synthesize(Self.text, lengthScale: OfflineSpeechProvider.bedtimeLengthScale)
        let truth = PiperVoice.wordTimings(text: Self.text, phonemes: spoken.phonemes, sampleRate: voice.sampleRate)
        #expect(truth.count == 53)
        let aligned = try #require(try ForcedWordTimings.align(text: Self.text, pcm: spoken.pcm, sampleRate: voice.sampleRate))
        #expect(aligned.outcome.trusted, "\(aligned.summary)")
        let errors = Self.errors(aligned.words, truth)
        #expect(Self.percentile(errors, 0.5) < 60 && Self.percentile(errors, 0.9) < 200, "\(errors)")
    }

    @Test("audio of another text, or the fake server's speech-like tones, is not trusted")
    func unlikeTheText() throws {
        let other = try Espeak.synthesizeWords(text: Self.otherText, voice: "en-gb+f3", rate: 185, pitch: 70)
        let wrong = try #require(try ForcedWordTimings.align(text: Self.text, pcm: other.pcm, sampleRate: other.sampleRate))
        #expect(!wrong.outcome.trusted, "\(wrong.summary) \(wrong.outcome.costRatio)")
        let tones = SpeechSynth.render(text: Self.text, voice: "alloy", speed: 1)
        let fake = try #require(try ForcedWordTimings.align(text: Self.text, pcm: Self.pcm(tones), sampleRate: SpeechSynth.sampleRate))
        #expect(!fake.outcome.trusted, "\(fake.summary)")
        #expect(fake.summary.hasSuffix("not used (the audio does not sound like the text)"))
        // Silence holds no speech to align.
        #expect(try ForcedWordTimings.align(text: Self.text, pcm: Data(count: 48_000), sampleRate: 24_000) == nil)
    }

    /// A live voice stand-in: says `text` with `voice` through espeak-ng (or plays `tones`), and
    /// reports word timings only when asked to.
    struct Voice: SpeechProvider {
        var voice = "en-gb+f3"
        var tones = false
        var ownWords: [SpokenWord] = []
        var name: String { "live-stand-in" }
        func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
            let record = GenerationRecord(stage: context.stage, provider: identity, model: "stand-in", promptHash: "x")
            if tones {
                return SpokenAudio(pcm: pcm(SpeechSynth.render(text: request.text, voice: "alloy", speed: 1)), sampleRate: SpeechSynth.sampleRate, record: record)
            }
            let audio = try Espeak.synthesize(text: request.text, voice: voice, rate: 180, pitch: 65)
            return SpokenAudio(pcm: audio.pcm, sampleRate: audio.sampleRate, record: record, words: ownWords)
        }
    }

    @Test("the live narrator's wrapper: fills words the voice did not give, says so in the record, and keeps the voice's own")
    func wrapper() async throws {
        let request = SpeechRequest(text: Self.text, voice: "alloy", instructions: "")
        let aligned = try await AligningSpeechProvider(Voice()).speak(request, context: Self.context)
        #expect(aligned.words.count == 53)
        #expect(zip(aligned.words, aligned.words.dropFirst()).allSatisfy { $0.start < $1.start && $0.start <= $0.end && $0.end <= $1.start })
        let said = try #require(aligned.record.parameters["word_timings"])
        #expect(said.hasPrefix("forced alignment (espeak-ng reference, DTW): 53 words") && said.hasSuffix("; used"), "\(said)")

        let own = [SpokenWord(text: "Once", start: 0.1, end: 0.4)]
        let kept = try await AligningSpeechProvider(Voice(ownWords: own)).speak(request, context: Self.context)
        #expect(kept.words == own && kept.record.parameters["word_timings"] == nil)

        let tones = try await AligningSpeechProvider(Voice(tones: true)).speak(request, context: Self.context)
        #expect(tones.words.isEmpty && tones.pcm.count > 0)
        #expect(tones.record.parameters["word_timings"]?.hasSuffix("not used (the audio does not sound like the text)") == true)
    }
}
