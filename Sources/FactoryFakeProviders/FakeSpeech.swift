import FactoryCore
import Foundation

/// `POST /v1/audio/speech`: OpenAI text-to-speech, answered with real 24 kHz 16-bit mono audio.
enum FakeSpeech {
    static let models = ["tts-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-mini-tts-2025-12-15"]
    static let classicVoices = ["alloy", "ash", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer"]
    static let voices = classicVoices + ["ballad", "verse", "marin", "cedar"]

    static func handle(_ call: FakeCall, _ state: FakeState) async -> FakeReply {
        if let denied = FakeChat.authenticate(call) { return denied }
        guard let json = call.json, json.object != nil else {
            return bad("We could not parse the JSON body of your request.", param: nil)
        }
        guard let model = json["model"]?.string else { return bad("you must provide a model parameter", param: "model") }
        guard models.contains(model) else {
            return bad("Invalid value: '\(model)'. Supported values are: \(models.map { "'\($0)'" }.joined(separator: ", ")).", param: "model")
        }
        guard let input = json["input"]?.string, !input.isEmpty else {
            return bad("Missing required parameter: 'input'.", param: "input")
        }
        guard input.count <= 4096 else {
            return bad("'\(input.prefix(20))...' is too long - 'input' must be at most 4096 characters (got \(input.count)).", param: "input")
        }
        let classic = model.hasPrefix("tts-1")
        guard let voice = json["voice"]?.string ?? json["voice"]?["id"]?.string else {
            return bad("Missing required parameter: 'voice'.", param: "voice")
        }
        let allowed = classic ? classicVoices : voices
        guard allowed.contains(voice) || (!classic && voice.hasPrefix("voice_")) else {
            return bad("Invalid value: '\(voice)'. Supported values are: \(allowed.map { "'\($0)'" }.joined(separator: ", ")).", param: "voice")
        }
        if let instructions = json["instructions"] {
            guard !classic else { return bad("instructions are not supported for \(model).", param: "instructions") }
            guard let text = instructions.string, text.count <= 4096 else {
                return bad("'instructions' must be a string of at most 4096 characters.", param: "instructions")
            }
        }
        let format = json["response_format"]?.string ?? "mp3"
        guard format == "wav" || format == "pcm" else {
            return bad("The fake provider serves response_format 'wav' and 'pcm' only (got '\(format)'); ask for one of those.", param: "response_format")
        }
        let speed = json["speed"]?.number ?? 1
        guard json["speed"] == nil || json["speed"]?.number != nil, (0.25...4.0).contains(speed) else {
            return bad("Invalid 'speed': must be between 0.25 and 4.0.", param: "speed")
        }
        let samples = SpeechSynth.render(text: input, voice: voice, speed: speed, audio: state.speechAudio)
        let seconds = Double(samples.count) / Double(SpeechSynth.sampleRate)
        let pcm = SpeechSynth.pcm16(samples)
        let body = format == "wav" ? SpeechSynth.wavHeader(dataBytes: pcm.count) + pcm : pcm
        let cost: Double
        switch model {
        case "tts-1": cost = Double(input.count) * 15 / 1_000_000
        case "tts-1-hd": cost = Double(input.count) * 30 / 1_000_000
        default: cost = seconds / 60 * 0.015
        }
        return FakeReply(status: 200, headers: [("content-type", format == "wav" ? "audio/wav" : "audio/pcm"),
                                                ("openai-processing-ms", "\(Int(seconds * 40))")],
                         body: body, charge: .init(model: model, costUSD: cost))
    }

    static func bad(_ message: String, param: String?) -> FakeReply {
        FakeErrors.openAI(400, message: message, type: "invalid_request_error", param: param, code: param == nil ? nil : "invalid_value")
    }
}
