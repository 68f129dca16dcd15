import FactoryCore
import Foundation

/// One validated `audioInference` speech task, as Runware's model pages describe it
/// (runware.ai/docs/models/elevenlabs-multilingual-v2, …/elevenlabs-turbo-v2-5, …/minimax-speech-2-8;
/// Runware/sdk-python `IAudioInference`, `IAudioSpeech`).
struct FakeRunwareAudioRequest: Sendable {
    var taskUUID: String
    var model: FakeRunwareSpeechModel
    var text: String
    var voice: String
    var speed: Double
    /// "URL" (the documented default), "base64Data" or "dataURI".
    var outputType: String
    /// "WAV", "MP3", "FLAC" or "OGG" (uppercase in the docs; MP3 is the default).
    var format: String
    var includeCost: Bool

    static func parse(_ task: FakeJSON) -> Result<FakeRunwareAudioRequest, RunwareProblem> {
        func problem(_ code: String, _ parameter: String, _ message: String) -> Result<FakeRunwareAudioRequest, RunwareProblem> {
            .failure(RunwareProblem(status: 400, code: code, message: message, parameter: parameter))
        }
        // taskUUID: required, UUID v4 (model pages, `taskUUID`).
        guard let uuid = task["taskUUID"]?.string, UUID(uuidString: uuid) != nil else {
            return problem("invalidTaskUUID", "taskUUID", "Invalid value for taskUUID. It must be a UUID v4 string.")
        }
        // model: an AIR id of a speech model (the model pages' `ID`).
        guard let id = task["model"]?.string, !id.isEmpty else {
            return problem("missingModel", "model", "Missing required parameter model (an AIR id such as elevenlabs:26@1).")
        }
        guard let model = FakeRunwareSpeechModel.of(id) else {
            return problem("invalidModel", "model", "Invalid value for model parameter: \(id) is not a text-to-speech model AIR id Runware serves.")
        }
        // speech.text and speech.voice (IAudioSpeech); positivePrompt is for music and effects.
        guard let speech = task["speech"]?.object else {
            return problem("missingSpeech", "speech", "Missing required parameter speech (an object with text and voice) for model \(id).")
        }
        guard let text = speech["text"]?.string, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return problem("missingSpeechText", "speech.text", "Missing required parameter speech.text.")
        }
        guard text.count <= model.maxCharacters else {
            return problem("invalidSpeechText", "speech.text",
                           "Invalid value for speech.text parameter. \(id) takes at most \(model.maxCharacters) characters (got \(text.count)).")
        }
        guard let voice = speech["voice"]?.string, !voice.isEmpty else {
            return problem("missingSpeechVoice", "speech.voice", "Missing required parameter speech.voice.")
        }
        guard model.voices.contains(voice) else {
            return problem("invalidSpeechVoice", "speech.voice", "Invalid value for speech.voice parameter: \"\(voice)\" is not a voice of \(id).")
        }
        let speed = speech["speed"]?.number ?? 1
        guard speech["speed"] == nil || speech["speed"]?.number != nil, model.speeds.contains(speed) else {
            return problem("invalidSpeechSpeed", "speech.speed",
                           "Invalid value for speech.speed parameter. \(id) takes \(model.speeds.lowerBound) to \(model.speeds.upperBound).")
        }
        // outputType: URL (default) | base64Data | dataURI.
        let outputType = task["outputType"]?.string ?? "URL"
        guard task["outputType"] == nil || ["URL", "base64Data", "dataURI"].contains(outputType) else {
            return problem("invalidOutputType", "outputType", "Invalid value for outputType parameter. It must be one of URL, base64Data, dataURI.")
        }
        // outputFormat: MP3 (default) | WAV | FLAC | OGG, as far as the model offers them.
        let format = task["outputFormat"]?.string ?? "MP3"
        guard task["outputFormat"] == nil || model.formats.contains(format) else {
            return problem("invalidOutputFormat", "outputFormat",
                           "Invalid value for outputFormat parameter. \(id) takes \(model.formats.joined(separator: ", ")).")
        }
        if let settings = task["audioSettings"], let trouble = audioSettingsProblem(settings, format: format) { return .failure(trouble) }
        // deliveryMethod: sync (default) or async; the fake answers in the response only.
        if let delivery = task["deliveryMethod"]?.string, delivery != "sync" {
            return problem("unsupportedDeliveryMethod", "deliveryMethod", "The fake serves deliveryMethod sync only (got \(delivery)).")
        }
        return .success(FakeRunwareAudioRequest(taskUUID: uuid, model: model, text: text, voice: voice, speed: speed,
                                                outputType: outputType, format: format, includeCost: task["includeCost"]?.bool ?? false))
    }

    /// audioSettings applies only to lossy formats and must not be provided with WAV or FLAC; MP3
    /// sample rates are 8,000–48,000 Hz, with 32–320 kbps at 44.1/48 kHz and 8–160 kbps at 24 kHz
    /// and below (runware.ai/docs/models/elevenlabs-multilingual-v2, `audioSettings`).
    static func audioSettingsProblem(_ settings: FakeJSON, format: String) -> RunwareProblem? {
        guard format == "MP3" || format == "OGG" else {
            return RunwareProblem(status: 400, code: "invalidAudioSettings",
                                  message: "Parameter audioSettings is only applicable for lossy output formats (MP3 and OGG); it must not be provided with \(format).",
                                  parameter: "audioSettings")
        }
        let rate = settings["sampleRate"]?.int ?? 44_100, bitrate = settings["bitrate"]?.int
        guard (8_000...48_000).contains(rate) else {
            return RunwareProblem(status: 400, code: "invalidAudioSettings", message: "Invalid value for audioSettings.sampleRate (\(rate)).",
                                  parameter: "audioSettings.sampleRate")
        }
        let bitrates: ClosedRange<Int64> = rate >= 32_000 ? 32...320 : 8...160
        if let bitrate, !bitrates.contains(bitrate) {
            return RunwareProblem(status: 400, code: "invalidAudioSettings",
                                  message: "Invalid value for audioSettings.bitrate: \(rate) Hz takes \(bitrates.lowerBound) to \(bitrates.upperBound) kbps.",
                                  parameter: "audioSettings.bitrate")
        }
        return nil
    }
}
