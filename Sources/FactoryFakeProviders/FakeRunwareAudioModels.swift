import FactoryCore
import Foundation

/// The text-to-speech models the fake serves on `audioInference`, with their AIR ids from
/// Runware's model pages (runware.ai/docs/models/elevenlabs-multilingual-v1, -turbo-v2, -turbo-v2-5,
/// -multilingual-v2, -v3, minimax-speech-2-8), the text limits of the underlying providers
/// (help.elevenlabs.io/hc/en-us/articles/13298164480913), and the fake's own prices.
struct FakeRunwareSpeechModel: Sendable {
    var id: String
    var maxCharacters: Int
    var formats: [String]
    var speeds: ClosedRange<Double>
    /// What the fake bills per 1,000 characters (Runware publishes no price; these sit at the
    /// providers' own list prices, below the ceilings in models.json).
    var perThousand: Double
    var voices: Set<String>

    static let elevenFormats = ["MP3", "WAV", "FLAC", "OGG"]

    /// The model for an AIR id, or nil (a 400, as for an unknown model).
    static func of(_ id: String) -> FakeRunwareSpeechModel? {
        let eleven = elevenVoices
        switch id {
        case "elevenlabs:21@1", "elevenlabs:26@1":
            return FakeRunwareSpeechModel(id: id, maxCharacters: 10_000, formats: elevenFormats, speeds: 0.7...1.2, perThousand: 0.10, voices: eleven)
        case "elevenlabs:23@1":
            return FakeRunwareSpeechModel(id: id, maxCharacters: 30_000, formats: elevenFormats, speeds: 0.7...1.2, perThousand: 0.05, voices: eleven)
        case "elevenlabs:24@1", "elevenlabs:25@1":
            return FakeRunwareSpeechModel(id: id, maxCharacters: 40_000, formats: elevenFormats, speeds: 0.7...1.2, perThousand: 0.05, voices: eleven)
        case "elevenlabs:27@1":
            return FakeRunwareSpeechModel(id: id, maxCharacters: 5_000, formats: elevenFormats, speeds: 0.7...1.2, perThousand: 0.10, voices: eleven)
        case "minimax:speech@2.8":
            // The MiniMax model page lists three output formats.
            return FakeRunwareSpeechModel(id: id, maxCharacters: 10_000, formats: ["MP3", "WAV", "FLAC"], speeds: 0.5...2.0, perThousand: 0.06,
                                          voices: voices(in: "minimax:speech@2.8").union(["English_expressive_narrator", "English_Upbeat_Woman"]))
        default:
            return nil
        }
    }

    /// ElevenLabs premade voices: those models.json maps to, and the voice id public Runware code uses
    /// with `elevenlabs:24@1` (secondary).
    static let elevenVoices: Set<String> = voices(in: "elevenlabs:26@1").union(voices(in: "elevenlabs:*")).union(["21m00Tcm4TlvDq8ikWAM"])

    /// The voice ids the bundled models.json row of a model maps our names to.
    static func voices(in model: String) -> Set<String> {
        let row = ModelTable.bundled.rows.first { $0.provider == .runware && $0.role == .speech && $0.model == model }
        return Set(row?.voiceIds.map { Array($0.values) } ?? [])
    }

    /// The task's cost, to 6 decimals.
    func cost(characters: Int) -> Double {
        (Double(characters) * perThousand / 1000 * 1_000_000).rounded() / 1_000_000
    }
}
