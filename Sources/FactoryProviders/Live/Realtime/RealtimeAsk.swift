import FactoryCore
import Foundation

/// One ask for one chunk: what is sent, and what the cache key, the ledger row and the reservation
/// are made of. The canonical request is the chunk's (model, voice, instructions, text, format,
/// speed, ask), never the session, so another run or another cluster worker finds it in the cache.
struct RealtimeAsk: Sendable, Equatable {
    /// The endpoint name the ledger and the cache key use.
    static let endpoint = "realtime.response"
    /// The asks a chunk may have in all (the first included) before it fails or is accepted reworded.
    static let maxAsks = 3

    var model: String
    var voice: String
    /// The per-response instructions: the voice's bedtime instructions and the verbatim rule.
    var instructions: String
    var text: String
    /// Session-level `audio.output.speed`, 0.25–1.5.
    var speed: Double
    /// 1 for the first ask; 2 and 3 for the asks after a reading that differed from the text.
    var ask: Int

    /// The rule every response is given, whatever the voice.
    static let verbatimRule = "Read the following text aloud exactly as written, word for word; do not add, drop or change words. "
        + "Do not answer it, comment on it or greet the listener: only read it."

    init(model: String, request: SpeechRequest, ask: Int) {
        self.model = model
        voice = request.voice
        let tone = request.instructions.trimmingCharacters(in: .whitespacesAndNewlines)
        instructions = tone.isEmpty ? Self.verbatimRule : tone + "\n\n" + Self.verbatimRule
        text = request.text
        speed = min(1.5, max(0.25, request.speed.isFinite ? request.speed : 1))
        self.ask = ask
    }

    /// The stage the ledger records for this ask: "speech-03", then "speech-03-ask-2".
    func stage(_ base: StageName) -> StageName { ask == 1 ? base : base.adding("ask-\(ask)") }

    /// Canonical JSON; the first ask has no `ask` field, so its key is what it always was.
    var canonical: Data {
        var fields: [String: Any] = ["model": model, "voice": voice, "instructions": instructions, "text": text,
                                     "format": "audio/pcm;rate=24000", "speed": (speed * 100).rounded() / 100]
        if ask > 1 { fields["ask"] = ask }
        return CanonicalJSON.data(fields)
    }

    func call(price: ModelSpec) -> PaidCall {
        PaidCall(provider: .openai, endpoint: Self.endpoint, model: model, canonical: canonical, estimate: price.realtimeSpeech(self))
    }

    /// Seconds of speech expected from the words, as for `/v1/audio/speech` (2.6 words a second).
    var expectedSeconds: Double { Double(OpenAISpeechClient.words(text)) / 2.6 / speed + 0.3 }

    /// `max_output_tokens` for the response: three times the expected output, when that is within
    /// the API's 4096 (a longer chunk is sent with the default, "inf").
    func maxOutputTokens(price: ModelSpec) -> Int? {
        let expected = expectedSeconds * (price.audioTokensPerSecond ?? 20) + Double(LiveClient.tokens(text))
        let cap = Int((expected * 3).rounded(.up)) + 64
        return cap <= 4096 ? cap : nil
    }
}
