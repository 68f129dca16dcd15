import FactoryCore
import Foundation

/// Live narration through Runware `audioInference` (`providers.speech: runware`), with the user's
/// Runware key: ElevenLabs (`elevenlabs:26@1` Multilingual v2, `elevenlabs:25@1` Turbo v2.5) or
/// MiniMax (`minimax:speech@2.8`). Our voice names map to each model's own voices through the
/// row's `voice_ids` in models.json. Each chunk goes through the run's gateway: reserved at the
/// row's per-character ceiling, settled from the answer's `cost`, cached under the chunk's request.
public struct RunwareSpeechProvider: SpeechProvider {
    public let name = ProviderID.runware.rawValue
    public var isPaid: Bool { true }
    public static let defaultModel = "elevenlabs:26@1"

    public let client: RunwareSpeechClient
    public let model: String
    /// "WAV" (lossless, the default) or "MP3"; both are decoded with libav.
    public var format = "WAV"

    public init(client: LiveClient, model: String) {
        self.client = RunwareSpeechClient(client: client)
        self.model = model
    }

    /// The wire request for a narration request. Runware's speech models take no reading
    /// instructions, so a story reads with the voice's own delivery at the asked speed.
    func wire(_ request: SpeechRequest) -> RunwareSpeechClient.Request {
        RunwareSpeechClient.Request(model: model, text: request.text, voice: request.voice, speed: request.speed, format: format)
    }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        try client.call(wire(request), item: item).0
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        let wire = wire(request)
        let spoken = try await client.speak(wire, context: context)
        let result = spoken.result
        let pcm = result.payload.count % 2 == 0 ? result.payload : result.payload.prefix(result.payload.count - 1)
        let rate = RunwareSpeechAudio.sampleRate
        var units = result.units
        units["audio_seconds"] = Double(pcm.count / 2) / Double(rate)
        var parameters = ["voice": request.voice, "voice_id": spoken.voiceId, "format": format.lowercased(),
                          "speed": String(format: "%.2f", wire.speed), "language": request.language]
        if !result.cached { parameters["taskUUID"] = spoken.taskUUID }
        if result.units["cost_at_ceiling"] != nil { parameters["cost"] = "settled at the ceiling: the answer carried no cost" }
        let record = GenerationRecord(
            stage: context.stage, provider: identity, model: model, parameters: parameters, requestId: result.requestId,
            promptHash: Digest.sha256([model, spoken.voiceId, String(format: "%.2f", wire.speed), request.text].joined(separator: "\n")),
            units: units, costUSD: result.costUSD, cached: result.cached)
        return SpokenAudio(pcm: Data(pcm), sampleRate: rate, record: record)
    }
}
