import FactoryCore
import Foundation

/// Live narration by OpenAI's Realtime API (`gpt-realtime-2.1-mini`, the successor of
/// `/v1/audio/speech` from 2027-01-06): one out-of-band response per chunk over a WebSocket
/// session per voice, 24 kHz 16-bit mono PCM, each reading checked against its text.
///
/// Every ask is a paid call through the run's gateway, cached under the chunk's canonical request.
/// A reading whose transcript differs from the text (`TranscriptCheck`) is quarantined and asked
/// again, up to `RealtimeAsk.maxAsks` asks in all; then the last reading is kept when the manifest
/// says `providers.speech_reworded: accept`, and the item fails otherwise.
///
/// Cost of a response cut before its `response.done` (dropped socket, expired session, timeout):
/// the Realtime API bills per response and sends usage only in `response.done`, so a cut response
/// may have been billed without saying so. Its input tokens and the audio already received are
/// estimated (`ModelSpec.realtimeCut`) and added to the cost of the answer that replaces it; when
/// no answer comes after `reconnects` sessions, the call is reported `uncertain` and its
/// reservation stays counted.
public struct OpenAIRealtimeSpeechProvider: SpeechProvider {
    public let name = ProviderID.openai.rawValue
    public var isPaid: Bool { true }
    /// Realtime PCM is 24 kHz only (`realtime_audio_formats.py`), 16-bit little-endian mono.
    public static let sampleRate = 24_000
    public static let defaultModel = "gpt-realtime-2.1-mini"

    public let client: LiveClient
    public let model: String
    let pool: RealtimeSessionPool
    /// Sessions tried per ask when sockets drop, sessions expire or the server errs.
    var reconnects = 3
    /// The wait before the next session (a pure, table-tested function).
    var backoff = RetryPolicy(maxAttempts: 3, initialDelay: 0.5, maxDelay: 4)
    var connectTimeout = 20.0

    public init(client: LiveClient, model: String = defaultModel) {
        self.init(client: client, model: model, pool: RealtimeSessionPool())
    }

    init(client: LiveClient, model: String, pool: RealtimeSessionPool) {
        self.client = client
        self.model = model
        self.pool = pool
    }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        RealtimeAsk(model: model, request: request, ask: 1).call(price: try spec(request, item: item))
    }

    /// The model's row, after checking the chunk, the API and the voice; nothing is spent before.
    func spec(_ request: SpeechRequest, item: String) throws -> ModelSpec {
        guard !request.text.isEmpty, request.text.count <= 4096 else {
            throw FactoryError(.provider, "item \(item): narration chunk of \(request.text.count) characters; the Realtime reader takes 1–4096")
        }
        let price = try client.spec(model, role: .speech)
        guard price.api == "realtime" else {
            throw FactoryError(.provider, "item \(item): openai model \"\(model)\" is not served by the Realtime API (models.json api "
                               + "\"\(price.api ?? "speech")\"); choose a realtime model such as \(Self.defaultModel) for providers.speech_model")
        }
        if let voices = price.voices, !voices.contains(request.voice) {
            throw FactoryError(.provider, "item \(item): voice \"\(request.voice)\" is not a voice of \(model) (it speaks "
                               + "\(voices.joined(separator: ", "))); choose one of those, or set providers.speech_model")
        }
        return price
    }

    /// `wss://host/v1/realtime?model=…` from the OpenAI base URL (`ws://` for a loopback `http://` fake).
    static func realtimeURL(_ endpoint: ProviderEndpoint, model: String, scheme: (secure: String, plain: String) = ("wss", "ws")) -> String {
        let url = endpoint.appending("realtime")
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        parts.scheme = url.scheme?.lowercased() == "http" ? scheme.plain : scheme.secure
        parts.queryItems = [URLQueryItem(name: "model", value: model)]
        return parts.string ?? url.absoluteString
    }

    func settings(_ ask: RealtimeAsk) -> RealtimeSession.Settings {
        RealtimeSession.Settings(url: Self.realtimeURL(client.endpoint, model: model), key: client.key, voice: ask.voice,
                                 speed: ask.speed, configure: true, connectTimeout: connectTimeout)
    }

    /// Closes the open sessions (they also close themselves when idle).
    public func shutdown() async { await pool.closeAll() }
}
