import FactoryCore
import Foundation

/// Reads Runware's answer to an `audioInference` task: `{"data":[{taskType, taskUUID, audioUUID,
/// audioURL | audioBase64Data | audioDataURI, cost}]}` or `{"errors":[{code, message, parameter,
/// taskUUID}]}` (Runware/sdk-python `IAudio`; runware.ai/docs/audio-inference/introduction).
enum RunwareSpeechAnswer {
    struct Envelope: Decodable {
        struct Item: Decodable {
            var taskType: String?
            var taskUUID: String?
            var audioUUID: String?
            var audioURL: String?
            var audioBase64Data: String?
            var audioDataURI: String?
            var cost: Double?

            var hasAudio: Bool { audioBase64Data != nil || audioDataURI != nil || audioURL != nil }
        }
        struct TaskError: Decodable {
            var code: String?
            var message: String?
            var taskUUID: String?
        }
        var data: [Item]?
        var errors: [TaskError]?
    }

    /// What `send` needs from a reply: the task's item, checked, and the WAV's length when it is inline.
    struct Checked: Sendable {
        var audioUUID: String?
        var cost: Double?
        var wavSeconds: Double?
    }

    /// The task's result, or the failure the reply stands for (Runware's `errors` shape, read by `LiveClient.failure`).
    static func item(_ reply: HTTPTransport.Reply, taskUUID: String, client: LiveClient) throws -> Checked {
        let envelope = try? JSONDecoder().decode(Envelope.self, from: reply.body)
        let mine = envelope?.data?.first { $0.taskUUID == taskUUID }
        // One answer can hold data and errors; only this task's entries count.
        if let error = envelope?.errors?.first(where: { $0.taskUUID == nil || $0.taskUUID == taskUUID }), reply.status != 200 || mine == nil {
            guard reply.status == 200 else { throw client.failure(reply) }
            var failure = ProviderFailure(StatusClass.kind(status: 400, code: error.code, type: nil, hasRetryAfter: false, provider: .runware),
                                          provider: .runware, status: 200, code: error.code, message: error.message ?? "task failed")
            if error.code?.lowercased().contains("timeout") == true { failure.kind = .overloaded }
            throw failure
        }
        guard reply.status == 200 else { throw client.failure(reply) }
        guard let mine, mine.hasAudio else {
            throw ProviderFailure(.malformed, provider: .runware, status: 200,
                                  message: "the answer has no audio for task \(taskUUID): \(Secrets.redact(String(reply.bodyText.prefix(200))))")
        }
        // An inline WAV tells its length from its header; MP3 and URLs are measured once decoded.
        var seconds: Double?
        if let inline = mine.audioBase64Data ?? mine.audioDataURI.flatMap(dataURIPayload),
           let bytes = Data(base64Encoded: inline), bytes.prefix(4) == Data("RIFF".utf8) {
            seconds = OpenAISpeechClient.duration(bytes, format: "wav")
        }
        return Checked(audioUUID: mine.audioUUID, cost: mine.cost, wavSeconds: seconds)
    }

    /// The first audio of an answer saved earlier (its task UUID may be another run's).
    static func audio(in body: Data) throws -> Envelope.Item {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body),
              let item = envelope.data?.first(where: { $0.hasAudio }) else {
            throw RejectedAnswer("the Runware speech answer holds no audio; run again to ask afresh")
        }
        return item
    }

    /// The base64 part of `data:audio/wav;base64,…`.
    static func dataURIPayload(_ uri: String) -> String? {
        guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else { return nil }
        return String(uri[uri.index(after: comma)...])
    }
}
