import FactoryCore
import FactoryMedia
import Foundation

/// The embedded narrator: espeak-ng on this machine, no key and no network. Each OpenAI voice
/// name maps to an espeak-ng voice variant and pitch, so a story keeps a recognisable voice; the
/// pace is a calm bedtime 140 words a minute, scaled by the request's speed.
public struct OfflineSpeechProvider: SpeechProvider {
    public let name = "offline"
    /// Words a minute at speed 1: slower than espeak-ng's default 175, for bedtime.
    public static let bedtimeRate = 140

    public init() {}

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
        let (voice, pitch) = Self.localVoice(for: request)
        let rate = Self.rate(speed: request.speed)
        let text = request.text
        // espeak-ng blocks for the length of the synthesis: run it off the concurrency pool's threads.
        let spoken: (pcm: Data, sampleRate: Int, version: String)
        do {
            spoken = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result {
                        let audio = try Espeak.synthesize(text: text, voice: voice, rate: rate, pitch: pitch)
                        return (audio.pcm, audio.sampleRate, try Espeak.version())
                    })
                }
            }
        } catch {
            throw FactoryError(.provider, "item \(context.item): offline narration (espeak-ng, voice \(voice) for \(request.voice)) failed: \(error)")
        }
        let seconds = Double(spoken.pcm.count / 2) / Double(spoken.sampleRate)
        let record = GenerationRecord(
            stage: context.stage, provider: name, model: "espeak-ng-\(spoken.version)",
            parameters: ["voice": request.voice, "espeak_voice": voice, "rate": "\(rate)", "pitch": "\(pitch)",
                         "language": request.language],
            promptHash: Digest.sha256([text, voice, "\(rate)", "\(pitch)"].joined(separator: "\n")),
            units: ["characters": Double(text.count), "seconds": seconds], costUSD: 0)
        return SpokenAudio(pcm: spoken.pcm, sampleRate: spoken.sampleRate, record: record)
    }
}
