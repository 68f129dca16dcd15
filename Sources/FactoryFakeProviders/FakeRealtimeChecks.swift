import Foundation

/// Field checks shared by `session.update` and `response.create` (openai-python `types/realtime/`).
enum FakeRealtimeChecks {
    /// `["audio"]` or `["text"]`; nil for anything else, both at once included
    /// (realtime_response.py: "currently the only possible values are [\"audio\"], [\"text\"]").
    static func modalities(_ value: FakeJSON) -> [String]? {
        guard let items = value.array?.compactMap(\.string), items.count == value.array?.count,
              items == ["audio"] || items == ["text"] else { return nil }
        return items
    }

    /// 1…4096, or nil for "inf"; the outer nil means invalid (realtime_session_create_request.py).
    static func maxOutputTokens(_ value: FakeJSON) -> Int?? {
        if value.string == "inf" { return .some(nil) }
        guard let number = value.int, (1...4096).contains(number) else { return nil }
        return .some(Int(number))
    }

    /// Why an output format is refused, or nil when the fake serves it. PCM is 24 kHz only
    /// (realtime_audio_formats.py: `rate: Literal[24000]`); G.711 (audio/pcmu, audio/pcma) is valid at
    /// OpenAI but the fake does not encode it.
    static func format(_ value: FakeJSON) -> String? {
        guard let type = value["type"]?.string else {
            return "Missing 'type' in the output format; use {\"type\":\"audio/pcm\",\"rate\":24000}."
        }
        switch type {
        case "audio/pcm":
            if let rate = value["rate"], rate.int != 24000 {
                return "Invalid value: \(rate.text). 'audio/pcm' supports rate 24000 only."
            }
            return nil
        case "audio/pcmu", "audio/pcma":
            return "The fake Realtime API serves 'audio/pcm' at 24000 Hz only (got '\(type)'); ask for {\"type\":\"audio/pcm\",\"rate\":24000}."
        default:
            return "Invalid value: '\(type)'. Supported values are: 'audio/pcm', 'audio/pcmu', 'audio/pcma'."
        }
    }

    /// A voice name, or `{"id":"voice_…"}` (a custom voice); nil when neither.
    static func voice(_ value: FakeJSON) -> String? {
        if let name = value.string { return FakeRealtime.voices.contains(name) ? name : nil }
        if let id = value["id"]?.string, id.hasPrefix("voice_") { return id }
        return nil
    }

    /// Why metadata is refused, or nil: at most 16 pairs, string values, keys ≤ 64 and values ≤ 512
    /// characters (realtime_response.py, `metadata`).
    static func metadata(_ value: FakeJSON) -> String? {
        if value == .null { return nil }
        guard let pairs = value.object else { return "Invalid type for 'response.metadata': expected an object of strings." }
        guard pairs.count <= FakeRealtime.metadataPairs else {
            return "Invalid 'response.metadata': too many keys (\(pairs.count)); at most \(FakeRealtime.metadataPairs) pairs are allowed."
        }
        for (key, item) in pairs {
            guard key.count <= FakeRealtime.metadataKeyLength else {
                return "Invalid 'response.metadata': key '\(key.prefix(20))…' is longer than \(FakeRealtime.metadataKeyLength) characters."
            }
            guard let text = item.string, text.count <= FakeRealtime.metadataValueLength else {
                return "Invalid 'response.metadata.\(key)': expected a string of at most \(FakeRealtime.metadataValueLength) characters."
            }
        }
        return nil
    }
}
