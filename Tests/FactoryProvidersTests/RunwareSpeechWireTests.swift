import FactoryCore
import FactoryFakeProviders
@testable import FactoryProviders
import Foundation
import Testing

@Suite("Runware speech: the task on the wire, and the fake's checks of it")
struct RunwareSpeechWireTests {
    /// A client that sends nothing (only `call` is used); its transport is shut down after `body`.
    static func withClient(_ body: (RunwareSpeechClient) throws -> Void) async throws {
        let transport = HTTPTransport()
        let live = LiveClient(provider: .runware, transport: transport, endpoint: try ProviderEndpoint("http://127.0.0.1:9/v1"),
                              key: "rw-CANARY-wire-0001")
        let outcome = Result { try body(RunwareSpeechClient(client: live)) }
        await transport.shutdown()
        try outcome.get()
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("the canonical request has no taskUUID: two plans of one chunk are one cache key; the key never holds the API key")
    func canonicalExcludesTaskUUID() async throws {
        try await Self.withClient { client in
        let request = RunwareSpeechClient.Request(model: "elevenlabs:26@1", text: "The moon rose over the quiet hill.", voice: "fable")
        let (call, task, voiceId) = try client.call(request, item: "item-1")
        let canonical = try Self.object(call.canonical)
        #expect(canonical["taskUUID"] == nil && task["taskUUID"] == nil)
        #expect(canonical["taskType"] as? String == "audioInference" && canonical["includeCost"] as? Bool == true)
        #expect(canonical["outputType"] as? String == "base64Data" && canonical["deliveryMethod"] as? String == "sync")
        let speech = try #require(canonical["speech"] as? [String: Any])
        #expect(speech["text"] as? String == request.text && speech["voice"] as? String == "JBFqnCBsd6RMkjVDRZzb" && voiceId == "JBFqnCBsd6RMkjVDRZzb")
        #expect(try client.call(request, item: "item-1").0.key == call.key)
        #expect(!String(decoding: call.canonical, as: UTF8.self).contains("CANARY"))
        }
    }

    @Test("WAV never carries audioSettings; MP3 does; a chunk over the model's limit is a clear error", arguments: ["WAV", "MP3"])
    func audioSettingsOnlyWithMP3(format: String) async throws {
        try await Self.withClient { client in
        let request = RunwareSpeechClient.Request(model: "elevenlabs:25@1", text: "Goodnight, little star.", voice: "nova", format: format)
        let canonical = try Self.object(try client.call(request, item: "item-1").0.canonical)
        #expect(canonical["outputFormat"] as? String == format)
        #expect((canonical["audioSettings"] != nil) == (format == "MP3"))
        let long = RunwareSpeechClient.Request(model: "elevenlabs:26@1", text: String(repeating: "a", count: 10_001), voice: "nova", format: format)
        let error = #expect(throws: FactoryError.self) { try client.call(long, item: "bedtime-wed") }
        #expect(error?.description.contains("bedtime-wed") == true && error?.description.contains("1–10000") == true)
        }
    }

    @Test("the fake follows the model pages: audioSettings with WAV, an unknown voice and a missing speech object are 400s in Runware's shape")
    func fakeRejectsBadTasks() async throws {
        let h = try await LiveHarness()
        let url = try #require(URL(string: "http://127.0.0.1:\(h.port)/v1"))
        let base: [String: Any] = ["taskType": "audioInference", "taskUUID": UUID().uuidString.lowercased(), "model": "elevenlabs:26@1",
                                   "speech": ["text": "Sleep well.", "voice": "21m00Tcm4TlvDq8ikWAM"], "outputType": "base64Data",
                                   "outputFormat": "WAV", "includeCost": true]
        let cases: [(String, [String: Any])] = [
            ("audioSettings", base.merging(["audioSettings": ["sampleRate": 44_100, "bitrate": 128]]) { $1 }),
            ("speech.voice", base.merging(["speech": ["text": "Sleep well.", "voice": "alloy"]]) { $1 }),
            ("speech", base.filter { $0.key != "speech" }),
        ]
        for (parameter, task) in cases {
            let body = try JSONSerialization.data(withJSONObject: [task])
            let reply = try await h.transport.send(provider: .runware, method: .POST, url: url,
                                                   headers: [("authorization", "Bearer \(LiveHarness.keys[.runware] ?? "")")],
                                                   body: body, maxBytes: 1 << 20, timeout: 10)
            #expect(reply.status == 400, "\(parameter)")
            let errors = try #require(try Self.object(reply.body)["errors"] as? [[String: Any]])
            #expect(errors.first?["parameter"] as? String == parameter)
            #expect(errors.first?["taskType"] as? String == "audioInference")
        }
        // The same task without the faults is answered: a base64 WAV and its cost.
        let body = try JSONSerialization.data(withJSONObject: [base])
        let reply = try await h.transport.send(provider: .runware, method: .POST, url: url,
                                               headers: [("authorization", "Bearer \(LiveHarness.keys[.runware] ?? "")")],
                                               body: body, maxBytes: 8 << 20, timeout: 10)
        let item = try #require((try Self.object(reply.body)["data"] as? [[String: Any]])?.first)
        let wav = try #require(Data(base64Encoded: item["audioBase64Data"] as? String ?? ""))
        #expect(wav.prefix(4) == Data("RIFF".utf8))
        #expect((item["cost"] as? Double ?? 0) > 0)
        #expect(await h.server.stats().billed == 1)
        await h.close()
    }
}

@Suite("Runware speech: answers in each documented shape")
struct RunwareSpeechAnswerTests {
    /// The fake's answer to one WAV task with the given outputType.
    static func answer(_ h: LiveHarness, outputType: String) async throws -> Data {
        let url = try #require(URL(string: "http://127.0.0.1:\(h.port)/v1"))
        let task: [String: Any] = ["taskType": "audioInference", "taskUUID": UUID().uuidString.lowercased(), "model": "minimax:speech@2.8",
                                   "speech": ["text": "The owl said goodnight to every tree.", "voice": "English_CalmWoman"],
                                   "outputType": outputType, "outputFormat": "WAV", "includeCost": true]
        let reply = try await h.transport.send(provider: .runware, method: .POST, url: url,
                                               headers: [("authorization", "Bearer \(LiveHarness.keys[.runware] ?? "")")],
                                               body: try JSONSerialization.data(withJSONObject: [task]), maxBytes: 8 << 20, timeout: 10)
        #expect(reply.status == 200)
        return reply.body
    }

    @Test("audioURL (downloaded), audioDataURI and audioBase64Data decode to the same speech", arguments: ["URL", "dataURI", "base64Data"])
    func shapes(outputType: String) async throws {
        let h = try await LiveHarness()
        let audio = RunwareSpeechAudio(client: try h.client(.runware), maxBytes: 8 << 20)
        let pcm = try await audio.pcm(from: try await Self.answer(h, outputType: outputType))
        let seconds = Double(pcm.count / 2) / Double(RunwareSpeechAudio.sampleRate)
        #expect(abs(seconds - (7 / 2.6 + 0.3)) < 0.25, "\(outputType): \(seconds) s")
        await h.close()
    }

    @Test("an answer without cost is read as such (settled at the ceiling); a task error in a 200 answer is a failure with its code")
    func costAndErrors() async throws {
        let h = try await LiveHarness()
        let client = try h.client(.runware)
        let uuid = UUID().uuidString.lowercased()
        let noCost = HTTPTransport.Reply(status: 200, headers: [:], body: Data(#"{"data":[{"taskType":"audioInference","taskUUID":"\#(uuid)","audioUUID":"a-1","audioURL":"https://example.com/a.mp3"}]}"#.utf8))
        let checked = try RunwareSpeechAnswer.item(noCost, taskUUID: uuid, client: client)
        #expect(checked.cost == nil && checked.audioUUID == "a-1" && checked.wavSeconds == nil)
        let failed = HTTPTransport.Reply(status: 200, headers: [:], body: Data(#"{"errors":[{"code":"invalidSpeechVoice","message":"no such voice","parameter":"speech.voice","taskUUID":"\#(uuid)"}]}"#.utf8))
        let failure = #expect(throws: ProviderFailure.self) { try RunwareSpeechAnswer.item(failed, taskUUID: uuid, client: client) }
        #expect(failure?.code == "invalidSpeechVoice")
        await h.close()
    }
}
