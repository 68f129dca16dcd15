import Foundation

/// The Realtime API's `error` event: `{"type":"error","event_id",…,"error":{"type","code","message",
/// "param","event_id"}}`, where `error.event_id` names the client event that caused it (openai-python
/// `realtime_error_event.py`, `realtime_error.py`). Most errors leave the session open.
enum FakeRealtimeErrors {
    /// The `error` object (the event's `error` field).
    static func object(type: String = "invalid_request_error", code: String?, message: String, param: String?,
                       eventId: String?) -> FakeJSON {
        ["type": .string(type), "code": code.map(FakeJSON.string) ?? .null, "message": .string(message),
         "param": param.map(FakeJSON.string) ?? .null, "event_id": eventId.map(FakeJSON.string) ?? .null]
    }

    /// `invalid_value` for a field of the client's event, naming the field and what it accepts.
    static func invalid(_ param: String, _ message: String, eventId: String?) -> FakeJSON {
        object(code: "invalid_value", message: message, param: param, eventId: eventId)
    }

    /// The session hit its maximum length. Wording and code as OpenAI sends them, with N the
    /// configured minutes (github.com/livekit/agents/pull/1122: "Your session hit the maximum
    /// duration of 15 minutes." with `event_id: None`; 60 minutes today per the realtime-conversations guide).
    static func expired(seconds: Double, eventId: String?) -> FakeJSON {
        let minutes = seconds / 60
        let amount = minutes.rounded() == minutes ? "\(Int(minutes)) minutes" : "\(Self.trim(seconds)) seconds"
        return object(code: "session_expired", message: "Your session hit the maximum duration of \(amount).",
                      param: nil, eventId: eventId)
    }

    private static func trim(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value))" : String(format: "%.1f", value)
    }
}
