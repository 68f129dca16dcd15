import FactoryCore
import Foundation

/// Runware text to speech: `POST /v1` with a task array holding one `audioInference` task, the
/// text in `speech.text` and the model's own voice in `speech.voice`
/// (runware.ai/docs/models/elevenlabs-multilingual-v2; Runware/sdk-python `IAudioSpeech`).
/// The answer's audio (base64, data URI or URL) is decoded with libav to 16-bit mono PCM at the
/// narration's own 44.1 kHz; the ledger settles at the answer's `cost`.
public struct RunwareSpeechClient: Sendable {
    public let client: LiveClient
    public var timeout = 300.0
    /// Answers (and audio downloads) over this many bytes are refused: an hour of 48 kHz WAV in base64.
    public var maxAnswerBytes = 512 << 20

    public init(client: LiveClient) { self.client = client }

    /// One narration request as the provider sees it.
    public struct Request: Sendable, Equatable {
        public var model: String
        public var text: String
        /// Our voice name (alloy … cedar, mapped by the model's `voice_ids`), or the model's own voice id.
        public var voice: String
        public var speed: Double
        /// "WAV" (default: lossless, no `audioSettings`) or "MP3" (with `audioSettings`).
        public var format: String

        public init(model: String, text: String, voice: String, speed: Double = 1, format: String = "WAV") {
            self.model = model
            self.text = text
            self.voice = voice
            self.speed = speed
            self.format = format
        }
    }

    /// What a finished request gives the provider: the PCM, the voice id sent, the task's UUID.
    struct Spoken: Sendable {
        var result: PaidResult
        var voiceId: String
        var taskUUID: String
    }

    /// The longest `speech.text` a model takes. Runware states no limit of its own; these are the
    /// underlying providers' (ElevenLabs: help.elevenlabs.io/hc/en-us/articles/13298164480913 —
    /// Multilingual v1/v2 10,000, Turbo v2 30,000, Turbo/Flash v2.5 40,000; MiniMax t2a: 10,000).
    /// Unknown models get 5,000, the least of any ElevenLabs model (Eleven v3).
    static func maxCharacters(_ model: String) -> Int {
        switch model {
        case "elevenlabs:21@1", "elevenlabs:26@1": 10_000
        case "elevenlabs:23@1": 30_000
        case "elevenlabs:24@1", "elevenlabs:25@1": 40_000
        case _ where model.hasPrefix("minimax:speech"): 10_000
        default: 5_000
        }
    }

    /// The speed each family takes (ElevenLabs voice settings 0.7–1.2; MiniMax 0.5–2).
    static func speedRange(_ model: String) -> ClosedRange<Double> {
        model.hasPrefix("minimax:") ? 0.5...2.0 : 0.7...1.2
    }

    /// The model's voice for `voice`: its `voice_ids` entry, or the voice itself when it already is one of the model's ids.
    static func voiceId(_ voice: String, spec: ModelSpec) -> String? {
        if let id = spec.voiceIds?[voice] { return id }
        return spec.voiceIds?.values.contains(voice) == true ? voice : nil
    }

    /// The call as the ledger, the cache and `estimate` see it (the task without its random
    /// `taskUUID`, so the same text in the same voice is one cache key), and the task to send.
    func call(_ request: Request, item: String) throws -> (PaidCall, task: [String: Any], voiceId: String) {
        let spec = try client.spec(request.model, role: .speech)
        let limit = Self.maxCharacters(request.model)
        guard !request.text.isEmpty, request.text.count <= limit else {
            throw FactoryError(.provider, "item \(item): narration chunk of \(request.text.count) characters; \(request.model) on "
                               + "Runware takes 1–\(limit) (the model's own limit); shorten the story's paragraphs")
        }
        guard let voiceId = Self.voiceId(request.voice, spec: spec) else {
            let names = (spec.voiceIds ?? [:]).keys.sorted().joined(separator: ", ")
            throw FactoryError(.provider, "item \(item): voice \"\(request.voice)\" has no voice of Runware \(request.model) in "
                               + "models.json (voice_ids maps \(names.isEmpty ? "nothing" : names)); choose one of those, or add it to the row's voice_ids")
        }
        let format = request.format.uppercased()
        guard format == "WAV" || format == "MP3" else {
            throw FactoryError(.provider, "item \(item): Runware speech format \"\(request.format)\" is not read here; use WAV or MP3")
        }
        var speech: [String: Any] = ["text": request.text, "voice": voiceId]
        let speed = request.speed.isFinite ? request.speed : 1
        if abs(speed - 1) > 0.001 {
            let range = Self.speedRange(request.model)
            speech["speed"] = (min(range.upperBound, max(range.lowerBound, speed)) * 100).rounded() / 100
        }
        var task: [String: Any] = [
            "taskType": "audioInference", "model": request.model, "speech": speech,
            "outputType": "base64Data", "outputFormat": format, "deliveryMethod": "sync", "includeCost": true,
        ]
        // audioSettings applies only to lossy formats and must not be sent with WAV or FLAC
        // (runware.ai/docs/models/elevenlabs-multilingual-v2, `audioSettings`); 44.1 kHz MP3 takes 32–320 kbps.
        if format == "MP3" { task["audioSettings"] = ["sampleRate": 44_100, "bitrate": 128, "channels": 1] }
        let words = Double(OpenAISpeechClient.words(request.text))
        let call = PaidCall(provider: .runware, endpoint: "audioInference", model: request.model, canonical: LiveClient.json(task),
                            estimate: spec.speech(characters: request.text.count, expectedSeconds: words / 2.6 / speed + 0.3))
        return (call, task, voiceId)
    }

    /// Speaks one request through the run's gateway; the payload is s16le mono PCM at `RunwareSpeechAudio.sampleRate`.
    func speak(_ request: Request, context: CallContext) async throws -> Spoken {
        let (call, wireTask, voiceId) = try call(request, item: context.item)
        // A fresh UUID v4 per task, as the docs ask ("Must be unique per task"); the cache key never sees it.
        let taskUUID = UUID().uuidString.lowercased()
        var task = wireTask
        task["taskUUID"] = taskUUID
        let body = LiveClient.json([task])
        let client = self.client, timeout = self.timeout, maxBytes = maxAnswerBytes, estimate = call.estimate
        let characters = request.text.count
        let audio = RunwareSpeechAudio(client: client, maxBytes: maxBytes)
        let result = try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: .runware, method: .POST, url: client.endpoint.base,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                body: body, maxBytes: maxBytes, timeout: timeout)
            let item = try RunwareSpeechAnswer.item(reply, taskUUID: taskUUID, client: client)
            var units = ["characters": Double(characters)]
            if let seconds = item.wavSeconds { units["audio_seconds"] = seconds }
            // No cost in the answer: settle at the reserved ceiling, and say so in the units.
            if item.cost == nil { units["cost_at_ceiling"] = 1 }
            return ProviderAnswer(body: reply.body, requestId: item.audioUUID ?? taskUUID, costUSD: item.cost ?? estimate.usd, units: units)
        }, finish: { answer in
            try await audio.pcm(from: answer.body)
        })
        return Spoken(result: result, voiceId: voiceId, taskUUID: taskUUID)
    }
}
