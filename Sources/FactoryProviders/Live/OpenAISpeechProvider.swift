import FactoryCore
import Foundation

/// Live narration by OpenAI (`gpt-4o-mini-tts` by default): each request asks for raw PCM, 24 kHz
/// s16le mono, and goes through the run's gateway, so every chunk is budgeted, ledgered and cached
/// under its own request — a chunk whose text did not change is never paid for twice.
public struct OpenAISpeechProvider: SpeechProvider {
    public let name = ProviderID.openai.rawValue
    public var isPaid: Bool { true }
    /// OpenAI's PCM answers: 24 kHz, 16-bit little-endian, mono.
    public static let sampleRate = 24_000
    public static let defaultModel = "gpt-4o-mini-tts"

    public let client: OpenAISpeechClient
    public let model: String

    public init(client: LiveClient, model: String = defaultModel) {
        self.client = OpenAISpeechClient(client: client)
        self.model = model
    }

    /// The wire request for a narration request: raw PCM, the speed clamped to OpenAI's range.
    func wire(_ request: SpeechRequest) -> OpenAISpeechClient.Request {
        // Instructions are a constant per voice and usually already tidy: trim only when needed.
        let raw = request.instructions
        let instructions = raw.first?.isWhitespace == false && raw.last?.isWhitespace == false
            ? raw : raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let speed = min(4, max(0.25, request.speed.isFinite ? request.speed : 1))
        return OpenAISpeechClient.Request(model: model, input: request.text, voice: request.voice,
                                          instructions: instructions.isEmpty ? nil : instructions, format: "pcm", speed: speed)
    }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        try client.call(wire(request), item: item).0
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        let call = wire(request)
        let instructions = call.instructions ?? "", speed = call.speed
        let result = try await client.speak(call, context: context)
        // An odd byte would shift every later sample; drop it rather than play noise.
        let pcm = result.payload.count % 2 == 0 ? result.payload : result.payload.prefix(result.payload.count - 1)
        var parameters = ["voice": request.voice, "format": "pcm", "speed": String(format: "%.2f", speed),
                          "language": request.language]
        if !instructions.isEmpty { parameters["instructions"] = String(instructions.prefix(200)) }
        let record = GenerationRecord(
            stage: context.stage, provider: identity, model: model, parameters: parameters, requestId: result.requestId,
            promptHash: Digest.sha256([model, request.voice, instructions, String(format: "%.2f", speed), request.text].joined(separator: "\n")),
            units: result.units, costUSD: result.costUSD, cached: result.cached)
        return SpokenAudio(pcm: Data(pcm), sampleRate: Self.sampleRate, record: record)
    }
}
