import FactoryFakeProviders
import Foundation
import Testing

/// The fake Realtime API refuses what OpenAI's types refuse, with an `error` event naming the field,
/// and the session stays usable.
@Suite struct FakeRealtimeValidationTests {
    /// (the `session` of a session.update, the `param` of the error).
    static let badUpdates: [(FakeJSON, String)] = [
        (["audio": ["output": ["voice": "marin"]]], "session.type"),
        (["type": "transcription"], "session.type"),
        (["type": "realtime", "output_modalities": ["audio", "text"]], "session.output_modalities"),
        (["type": "realtime", "audio": ["output": ["format": ["type": "audio/pcm", "rate": 16000]]]], "session.audio.output.format"),
        (["type": "realtime", "audio": ["output": ["format": ["type": "audio/mp3"]]]], "session.audio.output.format"),
        (["type": "realtime", "audio": ["output": ["voice": "nova"]]], "session.audio.output.voice"),
        (["type": "realtime", "audio": ["output": ["speed": 2.0]]], "session.audio.output.speed"),
        (["type": "realtime", "max_output_tokens": 5000], "session.max_output_tokens"),
        (["type": "realtime", "instructions": 42], "session.instructions"),
    ]

    @Test(arguments: 0..<badUpdates.count)
    func aBadSessionUpdateIsAnErrorAndTheSessionStaysUsable(index: Int) async throws {
        let (session, param) = Self.badUpdates[index]
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                _ = await socket.next("session.created")
                try await socket.send(["type": "session.update", "event_id": "evt_bad", "session": session])
                let error = try #require(await socket.next("error"))
                #expect(error["error"]?["type"]?.string == "invalid_request_error")
                #expect(error["error"]?["param"]?.string == param)
                #expect(error["error"]?["event_id"]?.string == "evt_bad")
                #expect(error["event_id"]?.string?.hasPrefix("event_") == true)
                // Nothing of the refused update took: the voice is still the default.
                try await socket.send(["type": "session.update", "session": ["type": "realtime", "audio": ["output": ["speed": 1.25]]]])
                let updated = await socket.next("session.updated")
                #expect(updated?["session"]?["audio"]?["output"]?["voice"]?.string == "alloy")
                #expect(updated?["session"]?["audio"]?["output"]?["speed"]?.number == 1.25)
                try await socket.send(FakeRealtimeTests.outOfBand("Good night, little owl."))
                #expect(await socket.next("response.done")?["response"]?["status"]?.string == "completed")
            }
        }
    }

    @Test func theVoiceCannotChangeOnceTheSessionHasSpoken() async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                _ = await socket.next("session.created")
                // Before any audio the voice may change.
                try await socket.send(["type": "session.update", "session": ["type": "realtime", "audio": ["output": ["voice": "cedar"]]]])
                #expect(await socket.next("session.updated") != nil)
                try await socket.send(FakeRealtimeTests.outOfBand("One sheep."))
                #expect(await socket.next("response.done") != nil)
                try await socket.send(["type": "session.update", "event_id": "evt_v", "session": ["type": "realtime", "audio": ["output": ["voice": "marin"]]]])
                let error = await socket.next("error")
                #expect(error?["error"]?["code"]?.string == "cannot_update_voice")
                #expect(error?["error"]?["event_id"]?.string == "evt_v")
                try await socket.send(FakeRealtimeTests.outOfBand("Two sheep.", id: "evt_r", extra: ["audio": ["output": ["voice": "ash"]]]))
                #expect(await socket.next("error")?["error"]?["code"]?.string == "cannot_update_voice")
                // The same voice again is fine.
                try await socket.send(["type": "session.update", "session": ["type": "realtime", "audio": ["output": ["voice": "cedar"]]]])
                #expect(await socket.next("session.updated")?["session"]?["audio"]?["output"]?["voice"]?.string == "cedar")
            }
        }
    }

    @Test func responseCreateChecksMetadataModalitiesAndInput() async throws {
        try await FakeHarness.with { harness in
            var pairs: [String: FakeJSON] = [:]
            for n in 0..<17 { pairs["k\(n)"] = "v" }
            let bad: [(FakeJSON, String)] = [
                (FakeRealtimeTests.outOfBand(extra: ["metadata": .object(pairs)]), "response.metadata"),
                (FakeRealtimeTests.outOfBand(extra: ["output_modalities": ["audio", "text"]]), "response.output_modalities"),
                (FakeRealtimeTests.outOfBand(extra: ["audio": ["output": ["voice": "onyx"]]]), "response.audio.output.voice"),
                (FakeRealtimeTests.outOfBand(extra: ["conversation": "sideways"]), "response.conversation"),
                (FakeRealtimeTests.outOfBand(extra: ["input": []]), "response.input"),
            ]
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                _ = await socket.next("session.created")
                for (event, param) in bad {
                    try await socket.send(event)
                    #expect(await socket.next("error")?["error"]?["param"]?.string == param)
                }
                #expect(await socket.all("response.created").isEmpty)
            }
            #expect(await harness.server.stats().billed == 0)
        }
    }
}
