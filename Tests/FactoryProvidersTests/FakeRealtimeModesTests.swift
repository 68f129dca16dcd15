import FactoryFakeProviders
import Foundation
import Testing

/// The fake Realtime API's other modes: text output, `max_output_tokens`, the default conversation,
/// and a server stop with a session open.
@Suite struct FakeRealtimeModesTests {
    @Test func textOutputHasNoAudioAndNoAudioTokens() async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(FakeRealtimeTests.outOfBand("Sleep well.", extra: ["output_modalities": ["text"]]))
                let done = await socket.next("response.done")
                #expect(done?["response"]?["usage"]?["output_token_details"]?["audio_tokens"]?.int == 0)
                #expect(done?["response"]?["output"]?.array?.first?["content"]?.array?.first?["text"]?.string == "Sleep well.")
                #expect(await socket.all("response.output_audio.delta").isEmpty)
                #expect(await socket.all("response.output_text.done").first?["text"]?.string == "Sleep well.")
            }
        }
    }

    @Test func maxOutputTokensCutsTheResponseAsIncomplete() async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(FakeRealtimeTests.outOfBand(extra: ["max_output_tokens": 40]))
                let response = await socket.next("response.done")?["response"]
                #expect(response?["status"]?.string == "incomplete")
                #expect(response?["status_details"]?["reason"]?.string == "max_output_tokens")
                #expect((response?["usage"]?["output_tokens"]?.int ?? 99) <= 40)
                let seconds = Double(FakeRealtimeTests.audioBytes(await socket.all("response.output_audio.delta"))) / 2 / 24_000
                #expect(Int64((seconds * 20).rounded(.up)) == response?["usage"]?["output_token_details"]?["audio_tokens"]?.int)
            }
        }
    }

    @Test func theDefaultConversationTakesOneResponseAtATime() async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(["type": "conversation.item.create",
                                       "item": ["type": "message", "role": "user", "content": [["type": "input_text", "text": "Hello moon."]]]])
                #expect(await socket.next("conversation.item.done")?["item"]?["role"]?.string == "user")
                try await socket.send(["type": "response.create", "event_id": "evt_a"])
                try await socket.send(["type": "response.create", "event_id": "evt_b"])
                let error = await socket.next("error")
                #expect(error?["error"]?["code"]?.string == "conversation_already_has_active_response")
                #expect(error?["error"]?["event_id"]?.string == "evt_b")
                let done = await socket.next("response.done")
                #expect(done?["response"]?["conversation_id"]?.string?.hasPrefix("conv_") == true)
                #expect(done?["response"]?["output"]?.array?.first?["content"]?.array?.first?["transcript"]?.string == "Hello moon.")
            }
        }
    }

    /// Many sockets at once, half of them refused for their model: every client gets its first event
    /// (a close straight behind the 101 once lost both the error and the close under load).
    @Test func everySocketGetsItsFirstEventUnderLoad() async throws {
        try await FakeHarness.with { harness in
            let firsts = await withTaskGroup(of: String?.self) { group in
                for n in 0..<16 {
                    group.addTask {
                        let refused = n % 2 == 0
                        let seen = Seen()
                        try? await RealtimeTestSocket.session(port: harness.port, model: refused ? "gpt-4o-mini-tts" : "gpt-realtime-2.1-mini") { socket in
                            let event = await socket.next(refused ? "error" : "session.created", timeout: .seconds(5))
                            await seen.set(event?["type"]?.string)
                        }
                        return await seen.value
                    }
                }
                var all: [String?] = []
                for await first in group { all.append(first) }
                return all
            }
            #expect(firsts.filter { $0 == "error" }.count == 8)
            #expect(firsts.filter { $0 == "session.created" }.count == 8)
        }
    }

    /// A value set inside a socket's body, read after it.
    actor Seen {
        var value: String?
        func set(_ new: String?) { value = new }
    }

    @Test func stoppingTheServerEndsAnOpenSession() async throws {
        let harness = try await FakeHarness.start()
        let began = ContinuousClock.now
        try? await RealtimeTestSocket.session(port: harness.port) { socket in
            #expect(await socket.next("session.created") != nil)
            await harness.stop()
            #expect(await socket.waitForEnd(timeout: .seconds(5)))
        }
        #expect(ContinuousClock.now - began < .seconds(5))
    }
}
