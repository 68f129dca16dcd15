import FactoryCore
import Foundation

/// OpenAI text to speech (`POST /v1/audio/speech`): 24 kHz mono WAV or PCM, billed by characters
/// (tts-1, tts-1-hd) or by minutes of audio (gpt-4o-mini-tts).
public struct OpenAISpeechClient: Sendable {
    public let name = ProviderID.openai.rawValue
    public let client: LiveClient
    public var timeout = 300.0

    public init(client: LiveClient) { self.client = client }

    /// One narration request; `input` must be at most 4096 characters (callers split longer text).
    public struct Request: Sendable, Equatable {
        public var model: String
        public var input: String
        public var voice: String
        public var instructions: String?
        public var format: String
        public var speed: Double
        public init(model: String = "gpt-4o-mini-tts", input: String, voice: String, instructions: String? = nil,
                    format: String = "wav", speed: Double = 1) {
            self.model = model
            self.input = input
            self.voice = voice
            self.instructions = instructions
            self.format = format
            self.speed = speed
        }
    }

    /// Audio bytes (WAV with header, or raw s16le 24 kHz mono for pcm) and what they cost.
    /// The call as the ledger, the cache and `estimate` see it, and the body that is sent.
    func call(_ request: Request, item: String) throws -> (PaidCall, body: Data, price: ModelSpec) {
        guard !request.input.isEmpty, request.input.count <= 4096 else {
            throw FactoryError(.provider, "item \(item): narration chunk of \(request.input.count) characters; OpenAI speech takes 1–4096")
        }
        let price = try client.spec(request.model, role: .speech)
        if let voices = price.voices, !voices.contains(request.voice) {
            throw FactoryError(.provider, "item \(item): voice \"\(request.voice)\" is not a voice of \(request.model) (it speaks "
                               + "\(voices.joined(separator: ", "))); choose one of those, or set providers.speech_model")
        }
        var fields: [String: Any] = ["model": request.model, "input": request.input, "voice": request.voice,
                                     "response_format": request.format, "speed": request.speed]
        // `instructions` does not work with tts-1/tts-1-hd (text-to-speech guide): sent only where the row says.
        if let instructions = request.instructions, price.instructions == true { fields["instructions"] = instructions }
        let body = LiveClient.json(fields)
        let words = Double(Self.words(request.input))
        let expectedSeconds = words / 2.6 / request.speed + 0.3
        let call = PaidCall(provider: .openai, endpoint: "audio.speech", model: request.model, canonical: body,
                            estimate: price.speech(characters: request.input.count, expectedSeconds: expectedSeconds))
        return (call, body, price)
    }

    public func speak(_ request: Request, context: CallContext) async throws -> PaidResult {
        let (call, body, price) = try call(request, item: context.item)
        let url = client.endpoint.appending("audio/speech")
        let client = self.client, timeout = self.timeout, format = request.format, characters = request.input.count
        return try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: .openai, method: .POST, url: url,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json"),
                          ("accept", "application/octet-stream")],
                body: body, maxBytes: 50 << 20, timeout: timeout)
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let seconds = Self.duration(reply.body, format: format) else {
                throw ProviderFailure(.malformed, provider: .openai, status: 200,
                                      message: "the speech answer is not \(format) audio (\(reply.body.count) bytes)", requestId: reply.requestId)
            }
            return ProviderAnswer(body: reply.body, requestId: reply.requestId, costUSD: price.actualSpeech(characters: characters, seconds: seconds),
                                  units: ["characters": Double(characters), "audio_seconds": seconds])
        }, finish: { $0.body })
    }

    /// Words as runs of non-space bytes (ASCII whitespace), counted without splitting the text.
    static func words(_ text: String) -> Int {
        var count = 0, inWord = false
        for byte in text.utf8 {
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    /// Seconds of 24 kHz 16-bit mono audio in a WAV (header checked) or raw PCM body.
    static func duration(_ data: Data, format: String) -> Double? {
        if format == "pcm" { return data.count >= 2 ? Double(data.count) / 48_000 : nil }
        guard data.count > 44, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) else { return nil }
        // Find the data chunk; its size may be a streaming placeholder, so use the bytes present.
        var offset = 12
        var rate = 24_000.0, bytesPerFrame = 2.0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = data[offset + 4..<offset + 8].enumerated().reduce(0) { $0 | (Int($1.element) << (8 * $1.offset)) }
            if id == "fmt ", offset + 24 <= data.count {
                let base = data.startIndex + offset + 8
                rate = Double(Int(data[base + 4]) | Int(data[base + 5]) << 8 | Int(data[base + 6]) << 16 | Int(data[base + 7]) << 24)
                bytesPerFrame = Double(Int(data[base + 12]) | Int(data[base + 13]) << 8)
            }
            if id == "data" {
                let available = data.count - offset - 8
                return rate > 0 && bytesPerFrame > 0 ? Double(available) / bytesPerFrame / rate : nil
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
