import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

/// The embedded narrator, no key and no network: Piper's neural voice (joe-us, run as a separate
/// process) when `make piper` has installed it, else espeak-ng. Every OpenAI voice name reads with
/// the one Piper voice; with espeak-ng each maps to a variant and pitch, so a story keeps a
/// recognisable voice. Either way the words' timings come from the voice itself (Piper's phoneme
/// alignment, espeak-ng's word events). The pace is a calm bedtime one, scaled by the request's speed. Text in a
/// language other than English is read by espeak-ng (the Piper voice speaks only English).
public struct OfflineSpeechProvider: SpeechProvider {
    public let name = "offline"
    /// Words a minute at speed 1: slower than espeak-ng's default 175, for bedtime.
    public static let bedtimeRate = 140
    /// Piper's length scale at speed 1: joe-us reads the sample story at about 200 words a minute
    /// at 1.0; 1.35, with half-second pauses between sentences, brings it to about 150 (as espeak-ng
    /// here), near the 130 the stories are written for once the pauses between paragraphs are added
    /// (bench/voice-compare.sh measures it).
    public static let bedtimeLengthScale = 1.35

    /// The Piper voice, or why there is none (said once, then espeak-ng reads).
    let piper: Result<PiperVoice, PiperVoice.Missing>
    let warnings: PiperVoice.OnceWarnings
    /// Piper's warm worker, kept across this narrator's chunks, items and run (it loads the voice
    /// once); `close()` ends it.
    public let workers = PiperWorkers()

    /// Finds Piper as `PiperVoice.locate` does, in `environment`. `warn` hears each warning once
    /// (default: a "warning: …" line on stderr).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                warn: @escaping @Sendable (String) -> Void = PiperVoice.OnceWarnings.standardError) {
        self.init(piper: Result { () throws(PiperVoice.Missing) in try PiperVoice.locate(environment: environment) }, warn: warn)
    }

    init(piper: Result<PiperVoice, PiperVoice.Missing>, warn: @escaping @Sendable (String) -> Void = PiperVoice.OnceWarnings.standardError) {
        self.piper = piper
        self.warnings = PiperVoice.OnceWarnings(warn)
    }

    /// A narrator that only uses espeak-ng, whatever is installed.
    public static func espeakOnly() -> OfflineSpeechProvider {
        OfflineSpeechProvider(piper: .failure(PiperVoice.Missing(reason: "espeak-ng only", deliberate: true)))
    }

    /// The run header's line: "piper 1.8.0, voice joe-us (neural)", or "espeak-ng 1.51 (no neural
    /// voice: piper is not installed (…); run `make piper` …)" naming what is missing and how to get
    /// it, or "espeak-ng 1.51 (FACTORY_PIPER=off)".
    public static func describe(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let espeak = (try? Espeak.version()).map { "espeak-ng \($0)" } ?? "espeak-ng (unavailable)"
        do throws(PiperVoice.Missing) {
            return try PiperVoice.locate(environment: environment).summary
        } catch {
            return error.deliberate ? "\(espeak) (\(error.reason))" : "\(espeak) (no neural voice: \(error.reason))"
        }
    }

    /// Piper's length scale for a speed: the bedtime scale divided by the speed, within 0.5–2.
    static func lengthScale(speed: Double) -> Double {
        let scaled = bedtimeLengthScale / (speed.isFinite && speed > 0 ? speed : 1)
        return min(2, max(0.5, (scaled * 1000).rounded() / 1000))
    }

    /// True for text the English Piper voice can read ("", "en", "en-US").
    static func speaksEnglish(_ language: String) -> Bool {
        let code = language.lowercased()
        return code.isEmpty || code == "en" || code.hasPrefix("en-") || code.hasPrefix("en_")
    }

    /// The espeak-ng voice for an OpenAI voice name: a variant and a pitch (0–100), and whether
    /// its English is British.
    struct LocalVoice: Equatable {
        var variant: String
        var pitch: Int
        var british = false
    }

    static let voices: [String: LocalVoice] = [
        "alloy": LocalVoice(variant: "f5", pitch: 50),
        "ash": LocalVoice(variant: "m1", pitch: 42),
        "ballad": LocalVoice(variant: "m2", pitch: 48, british: true),
        "coral": LocalVoice(variant: "f3", pitch: 55),
        "echo": LocalVoice(variant: "m3", pitch: 45),
        "fable": LocalVoice(variant: "m4", pitch: 50, british: true),
        "onyx": LocalVoice(variant: "m3", pitch: 32),
        "nova": LocalVoice(variant: "f2", pitch: 58),
        "sage": LocalVoice(variant: "f1", pitch: 52, british: true),
        "shimmer": LocalVoice(variant: "f4", pitch: 60),
        "verse": LocalVoice(variant: "m5", pitch: 46),
        "marin": LocalVoice(variant: "f3", pitch: 50, british: true),
        "cedar": LocalVoice(variant: "m6", pitch: 40),
    ]

    /// The espeak-ng voice name (`en-us+f3`, `de+m3`) and pitch for a request. Unknown or custom
    /// voices (`voice_…`) read as coral.
    static func localVoice(for request: SpeechRequest) -> (name: String, pitch: Int) {
        let voice = voices[request.voice.lowercased()] ?? voices["coral"] ?? LocalVoice(variant: "f3", pitch: 55)
        let language = request.language.lowercased().replacingOccurrences(of: "_", with: "-")
        let base: String
        if language.isEmpty || language == "en" {
            base = voice.british ? "en-gb" : "en-us"
        } else {
            base = language
        }
        return ("\(base)+\(voice.variant)", voice.pitch)
    }

    /// The speaking rate in words a minute for a request's speed (espeak-ng takes 80–450).
    static func rate(speed: Double) -> Int {
        let scaled = Double(bedtimeRate) * (speed.isFinite && speed > 0 ? speed : 1)
        return Int(min(450, max(80, scaled.rounded())))
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        switch piper {
        case .success(let voice) where Self.speaksEnglish(request.language):
            do {
                return try await speakWithPiper(voice, request, context: context)
            } catch {
                warnings.once("failed \(context.item)", "\(error); espeak-ng reads it instead (reinstall the voice with `make piper`)")
            }
        case .failure(let missing) where !missing.deliberate:
            warnings.once("missing", "offline narration uses espeak-ng, not the neural voice: \(missing.reason)")
        default:
            break
        }
        return try await speakWithEspeak(request, context: context)
    }

    /// One call to Piper off the concurrency pool's threads (it blocks for the synthesis).
    func speakWithPiper(_ voice: PiperVoice, _ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        let text = request.text, scale = Self.lengthScale(speed: request.speed)
        // The pauses between sentences follow the pace too.
        let silence = (PiperVoice.sentenceSilence * scale / Self.bedtimeLengthScale * 100).rounded() / 100
        let spoken: PiperSpeech
        let workers = self.workers
        do {
            spoken = try await PiperVoice.processes.withPermit(priority: context.priority) {
                try await BlockingIO.run { try voice.synthesize(text, lengthScale: scale, sentenceSilence: silence, workers: workers) }
            }
        } catch {
            throw FactoryError(.provider, "item \(context.item): offline narration (piper, voice \(voice.voiceName) for \(request.voice)) failed",
                               underlying: error)
        }
        let seconds = Double(spoken.pcm.count / 2) / Double(voice.sampleRate)
        let record = GenerationRecord(
            stage: context.stage, provider: identity, model: "piper-\(voice.version ?? "unknown")",
            parameters: ["voice": request.voice, "piper_voice": voice.voiceName, "length_scale": String(format: "%.3f", scale),
                         "sentence_silence": String(format: "%.2f", silence), "language": request.language],
            promptHash: Digest.sha256(["piper", voice.voiceName, text, String(format: "%.3f", scale), "\(silence)"].joined(separator: "\n")),
            units: ["characters": Double(text.count), "seconds": seconds], costUSD: 0)
        let words = PiperVoice.wordTimings(text: text, phonemes: spoken.phonemes, sampleRate: voice.sampleRate)
        return SpokenAudio(pcm: spoken.pcm, sampleRate: voice.sampleRate, record: record, words: words)
    }

    func speakWithEspeak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        let (voice, pitch) = Self.localVoice(for: request)
        let rate = Self.rate(speed: request.speed)
        let text = request.text
        // espeak-ng blocks for the length of the synthesis: run it off the concurrency pool's threads.
        let spoken: (pcm: Data, sampleRate: Int, version: String, words: [Espeak.WordEvent])
        do {
            spoken = try await BlockingIO.run {
                let audio = try Espeak.synthesizeWords(text: text, voice: voice, rate: rate, pitch: pitch)
                return (audio.pcm, audio.sampleRate, try Espeak.version(), audio.words)
            }
        } catch {
            throw FactoryError(.provider, "item \(context.item): offline narration (espeak-ng, voice \(voice) for \(request.voice)) failed: \(error)")
        }
        let seconds = Double(spoken.pcm.count / 2) / Double(spoken.sampleRate)
        let record = GenerationRecord(
            stage: context.stage, provider: identity, model: "espeak-ng-\(spoken.version)",
            parameters: ["voice": request.voice, "espeak_voice": voice, "rate": "\(rate)", "pitch": "\(pitch)",
                         "language": request.language],
            promptHash: Digest.sha256([text, voice, "\(rate)", "\(pitch)"].joined(separator: "\n")),
            units: ["characters": Double(text.count), "seconds": seconds], costUSD: 0)
        return SpokenAudio(pcm: spoken.pcm, sampleRate: spoken.sampleRate, record: record,
                           words: Self.espeakWordTimings(text: text, events: spoken.words))
    }
}
