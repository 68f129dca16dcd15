import FactoryCore
import Foundation

/// `audioInference` speech tasks on `POST /v1`: validated as Runware's model pages describe them
/// (FakeRunwareAudioRequest), answered with real speech audio — 24 kHz 16-bit mono WAV rendered by
/// SpeechSynth — as `audioBase64Data`, `audioDataURI` or an `audioURL` on the fake's file route,
/// with `cost` when `includeCost` is set (Runware/sdk-python `IAudio`). The fake encodes no MP3,
/// FLAC or Ogg (it links no audio encoder): a task asking for them is a clear 400.
enum FakeRunwareAudio {
    static func inference(_ task: FakeJSON, call: FakeCall, state: FakeState) async -> Result<FakeRunware.Result, RunwareProblem> {
        let request: FakeRunwareAudioRequest
        switch FakeRunwareAudioRequest.parse(task) {
        case .success(let parsed): request = parsed
        case .failure(let problem): return .failure(problem)
        }
        guard request.format == "WAV" else {
            return .failure(RunwareProblem(status: 400, code: "unsupportedOutputFormat",
                                           message: "The fake provider answers outputFormat WAV only (got \(request.format)); ask for WAV.",
                                           parameter: "outputFormat"))
        }
        let samples = SpeechSynth.render(text: request.text, voice: request.voice, speed: request.speed, audio: state.speechAudio)
        let pcm = SpeechSynth.pcm16(samples)
        let wav = SpeechSynth.wavHeader(dataBytes: pcm.count) + pcm
        let audioUUID = UUID().uuidString.lowercased()
        var item: [String: FakeJSON] = ["taskType": "audioInference", "taskUUID": .string(request.taskUUID),
                                        "status": "success", "audioUUID": .string(audioUUID)]
        switch request.outputType {
        case "base64Data":
            item["audioBase64Data"] = .string(wav.base64EncodedString())
        case "dataURI":
            item["audioDataURI"] = .string("data:audio/wav;base64,\(wav.base64EncodedString())")
        default:
            // Served from the fake's file route (`/_images/<name>`), as image results are.
            let file = "\(audioUUID).wav"
            await state.images.cache(file, data: wav)
            item["audioURL"] = .string("\(call.origin)/_images/\(file)")
        }
        let cost = request.model.cost(characters: request.text.count)
        if request.includeCost { item["cost"] = .double(cost) }
        let items: [FakeJSON] = [.object(item)]
        await state.storeRunwareResult(taskUUID: request.taskUUID, items: items)
        return .success(FakeRunware.Result(items: items, cost: cost, model: request.model.id))
    }
}
