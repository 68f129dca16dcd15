import FactoryCore
import Foundation

/// The client events this client sends, as openai-python's generated types name their fields
/// (`src/openai/types/realtime/`): `session.update` (`session_update_event.py`,
/// `realtime_session_create_request.py`) and `response.create` (`response_create_event.py`,
/// `realtime_response_create_params.py`).
enum RealtimeClientEvent {
    /// PCM is 24 kHz only (`realtime_audio_formats.py`).
    static var pcmFormat: [String: Any] { ["type": "audio/pcm", "rate": 24_000] }

    /// Fixes the session's voice (it cannot change once the model has answered with audio) and
    /// its output: audio only, 24 kHz PCM; `speed` (0.25–1.5) is session-level only.
    static func sessionUpdate(eventId: String, voice: String, speed: Double) -> Data {
        var output: [String: Any] = ["format": pcmFormat, "voice": voice]
        if abs(speed - 1) > 0.001 { output["speed"] = speed }
        let session: [String: Any] = ["type": "realtime", "output_modalities": ["audio"], "audio": ["output": output]]
        return CanonicalJSON.data(["type": "session.update", "event_id": eventId, "session": session])
    }

    /// One out-of-band response: `conversation: "none"` keeps it out of the default conversation
    /// (so a long story never grows the context), `input` is the chunk as one user message, and
    /// `metadata` tags it so its events can be told from those of responses running in parallel.
    static func responseCreate(eventId: String, text: String, instructions: String, voice: String, tag: String,
                               stage: StageName, maxOutputTokens: Int?) -> Data {
        let message: [String: Any] = ["type": "message", "role": "user",
                                               "content": [["type": "input_text", "text": text] as [String: Any]]]
        var response: [String: Any] = [
            "conversation": "none", "input": [message], "instructions": instructions, "output_modalities": ["audio"],
            "audio": ["output": ["format": pcmFormat, "voice": voice] as [String: Any]],
            "metadata": ["factory_ask": tag, "factory_stage": String(stage.rawValue.prefix(64))],
        ]
        if let maxOutputTokens { response["max_output_tokens"] = maxOutputTokens }
        return CanonicalJSON.data(["type": "response.create", "event_id": eventId, "response": response])
    }
}

/// A server event, decoded as far as this client needs it.
enum RealtimeServerEvent: Sendable, Equatable {
    case sessionCreated(id: String?)
    case sessionUpdated
    case responseCreated(id: String, tag: String?)
    /// `response.output_audio.delta`: base64 audio (`response_audio_delta_event.py`).
    case audioDelta(responseId: String, audio: Data)
    case transcriptDelta(responseId: String, text: String)
    /// `response.output_audio_transcript.done`: also sent for an interrupted, incomplete or cancelled response.
    case transcriptDone(responseId: String, transcript: String)
    /// `response.done`: always sent; `status` completed|cancelled|failed|incomplete.
    case responseDone(RealtimeResponseInfo)
    case error(RealtimeErrorInfo)
    case other(type: String)

    /// Decodes one text frame; nil when it is not a JSON event.
    static func decode(_ text: String) -> RealtimeServerEvent? {
        guard let event = try? JSONDecoder().decode(Envelope.self, from: Data(text.utf8)) else { return nil }
        switch event.type {
        case "session.created": return .sessionCreated(id: event.session?.id)
        case "session.updated": return .sessionUpdated
        case "response.created":
            guard let response = event.response, let id = response.id else { return .other(type: event.type) }
            return .responseCreated(id: id, tag: response.metadata?["factory_ask"])
        case "response.output_audio.delta":
            guard let id = event.response_id, let delta = event.delta else { return .other(type: event.type) }
            return .audioDelta(responseId: id, audio: Data(base64Encoded: delta) ?? Data())
        case "response.output_audio_transcript.delta":
            guard let id = event.response_id, let delta = event.delta else { return .other(type: event.type) }
            return .transcriptDelta(responseId: id, text: delta)
        case "response.output_audio_transcript.done":
            guard let id = event.response_id else { return .other(type: event.type) }
            return .transcriptDone(responseId: id, transcript: event.transcript ?? "")
        case "response.done":
            guard let response = event.response, let id = response.id else { return .other(type: event.type) }
            return .responseDone(RealtimeResponseInfo(id: id, status: response.status ?? "completed", tag: response.metadata?["factory_ask"],
                                                      usage: response.usage, reason: response.status_details?.reason,
                                                      error: response.status_details?.error))
        case "error":
            return .error(event.error ?? RealtimeErrorInfo(type: "unknown", code: nil, message: "an error event without details"))
        default: return .other(type: event.type)
        }
    }

    /// The fields of every server event this client reads (snake_case, as sent).
    struct Envelope: Decodable {
        struct Session: Decodable { var id: String? }
        struct StatusDetails: Decodable { var reason: String?; var error: RealtimeErrorInfo? }
        struct Response: Decodable {
            var id: String?
            var status: String?
            var status_details: StatusDetails?
            var metadata: [String: String]?
            var usage: RealtimeUsage?
        }
        var type: String
        var session: Session?
        var response: Response?
        var response_id: String?
        var delta: String?
        var transcript: String?
        var error: RealtimeErrorInfo?
    }
}

/// `response.done`'s response, without its output items.
struct RealtimeResponseInfo: Sendable, Equatable {
    var id: String
    var status: String
    var tag: String?
    var usage: RealtimeUsage?
    var reason: String?
    var error: RealtimeErrorInfo?
}

/// The `error` of an error event (`realtime_error.py`): `event_id` names the client event that caused it.
struct RealtimeErrorInfo: Sendable, Equatable, Decodable, CustomStringConvertible {
    var type: String?
    var code: String?
    var message: String?
    var event_id: String?

    init(type: String?, code: String?, message: String?, eventId: String? = nil) {
        self.type = type
        self.code = code
        self.message = message
        self.event_id = eventId
    }

    var description: String { [type, code].compactMap { $0 }.joined(separator: " ") + ": " + (message ?? "no message") }
}

/// `response.done.response.usage` (`realtime_response_usage*.py`): it corresponds to billing.
struct RealtimeUsage: Sendable, Equatable, Decodable {
    struct Cached: Sendable, Equatable, Decodable { var text_tokens: Int?; var audio_tokens: Int? }
    struct Input: Sendable, Equatable, Decodable {
        var text_tokens: Int?
        var audio_tokens: Int?
        var cached_tokens: Int?
        var cached_tokens_details: Cached?
    }
    struct Output: Sendable, Equatable, Decodable { var text_tokens: Int?; var audio_tokens: Int? }
    var input_tokens: Int?
    var output_tokens: Int?
    var input_token_details: Input?
    var output_token_details: Output?
}
