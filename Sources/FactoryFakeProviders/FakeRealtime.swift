import Foundation

/// The OpenAI Realtime API's fixed facts, as the fake serves them (`GET /v1/realtime`, WebSocket).
///
/// Sources (all read 2026-11-26):
/// - developers.openai.com/api/docs/guides/realtime-websocket.md (connect, Bearer key)
/// - openai-python `src/openai/types/realtime/*.py` (event and field names, voices, formats)
/// - developers.openai.com/api/docs/models/gpt-realtime-2.1-mini.md (prices)
enum FakeRealtime {
    /// Models the fake serves over the Realtime API (openai-python
    /// `realtime_session_create_request.py`, the session `model` enum).
    static let models: Set<String> = ["gpt-realtime-2.1-mini", "gpt-realtime-2.1", "gpt-realtime-mini", "gpt-realtime"]

    /// OpenAI models that exist but are not Realtime models: the socket answers `invalid_model`
    /// ("not supported in realtime mode", github.com/hurttlocker/o8 issues/2165, secondary).
    static let otherOpenAIModels: Set<String> = FakeChat.models.union(FakeSpeech.models)

    /// `audio.output.voice` values (openai-python `realtime_audio_config_output.py`: no fable, nova, onyx).
    static let voices = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"]

    /// Output audio tokens a second of speech: 20. OpenAI publishes no figure; this is the
    /// community measurement (community.openai.com/t/realtime-api-pricing-is-wrong-will-overcharge/971012/6,
    /// secondary) that models.json's `audio_tokens_per_second` for gpt-realtime-2.1-mini also states.
    static let audioTokensPerSecond = 20.0

    /// USD per 1M tokens: text in, text out, audio out (developers.openai.com/api/docs/models/gpt-realtime-2.1-mini.md;
    /// models.json). Other realtime models are billed at the same rates by the fake.
    static let textInPerMillion = 0.60, textOutPerMillion = 2.40, audioOutPerMillion = 20.00

    /// A session's maximum length: 60 minutes (developers.openai.com/ko-KR/api/docs/guides/realtime-conversations;
    /// a maintainer in github.com/openai/openai-agents-js/issues/1278). `FakeProviderConfig.realtimeSessionSeconds`.
    static let defaultSessionSeconds = 3600.0

    /// Audio per `response.output_audio.delta`: 160 ms of 24 kHz 16-bit mono (7,680 bytes, 10,240 in
    /// base64), so each event stays under a WebSocket client's default 16 KiB frame.
    static let deltaSamples = 3_840

    /// The metadata limit: 16 pairs, keys ≤ 64 and values ≤ 512 characters (openai-python
    /// `realtime_response.py`, `metadata`).
    static let metadataPairs = 16, metadataKeyLength = 64, metadataValueLength = 512

    /// A fresh id with OpenAI's prefix and 22 alphanumerics (`sess_…`, `resp_…`, `item_…`, `event_…`).
    static func id(_ prefix: String) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return prefix + "_" + String((0..<22).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }

    /// Tokens for a text: characters / 4, rounded up (the rule the fake uses for every text).
    static func textTokens(_ characters: Int) -> Int { (characters + 3) / 4 }

    /// Output audio tokens for a number of 24 kHz samples: ceil(seconds × 20).
    static func audioTokens(samples: Int) -> Int {
        Int((Double(samples) / Double(SpeechSynth.sampleRate) * audioTokensPerSecond).rounded(.up))
    }
}
