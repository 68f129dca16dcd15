import FactoryFakeProviders
import Foundation
import Testing
import WSClient

/// The fake Realtime API (`GET /v1/realtime`, WebSocket) over real sockets on 127.0.0.1: the
/// handshake, session.update validation, out-of-band responses, usage and billing.
@Suite struct FakeRealtimeTests {
    static let text = "The little fox did not sleep, so it counted the stars until morning."
    static let upgradeHeaders = ["upgrade": "websocket", "connection": "Upgrade", "sec-websocket-version": "13",
                                 "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ=="]

    static func outOfBand(_ text: String = FakeRealtimeTests.text, id: String = "evt_1", extra: [String: FakeJSON] = [:]) -> FakeJSON {
        var response: [String: FakeJSON] = [
            "conversation": "none",
            "input": [["type": "message", "role": "user", "content": [["type": "input_text", "text": .string(text)]]]],
            "instructions": "Read the user's text aloud, word for word.",
        ]
        for (key, value) in extra { response[key] = value }
        return ["type": "response.create", "event_id": .string(id), "response": .object(response)]
    }

    /// Bytes of PCM in a response's audio deltas.
    static func audioBytes(_ deltas: [FakeJSON]) -> Int {
        deltas.compactMap { $0["delta"]?.string.flatMap { Data(base64Encoded: $0) }?.count }.reduce(0, +)
    }

    @Test func outOfBandResponseReadsTheTextWithMatchingUsageAndBill() async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                let created = await socket.next("session.created")
                #expect(created?["session"]?["type"]?.string == "realtime")
                #expect(created?["session"]?["id"]?.string?.hasPrefix("sess_") == true)
                #expect(created?["session"]?["output_modalities"] == ["audio"])
                #expect(created?["session"]?["audio"]?["output"]?["format"] == ["type": "audio/pcm", "rate": 24000])
                #expect(created?["session"]?["audio"]?["output"]?["voice"]?.string == "alloy")
                #expect((created?["session"]?["expires_at"]?.int ?? 0) > Int64(Date().timeIntervalSince1970) + 3000)
                try await socket.send(["type": "session.update", "event_id": "evt_0",
                                       "session": ["type": "realtime", "audio": ["output": ["voice": "marin"]]]])
                #expect(await socket.next("session.updated")?["session"]?["audio"]?["output"]?["voice"]?.string == "marin")
                try await socket.send(Self.outOfBand(extra: ["metadata": ["chunk": "3"]]))
                let done = try #require(await socket.next("response.done"))
                let order = await socket.events.compactMap { $0["type"]?.string }
                #expect(order.firstIndex(of: "rate_limits.updated")! < order.firstIndex(of: "response.created")!)
                #expect(order.firstIndex(of: "response.created")! < order.firstIndex(of: "response.output_audio.delta")!)
                #expect(order.firstIndex(of: "response.output_audio.done")! < order.firstIndex(of: "response.done")!)
                let response = try #require(done["response"])
                #expect(response["status"]?.string == "completed")
                #expect(response["conversation_id"] == FakeJSON.null)
                #expect(response["metadata"] == ["chunk": "3"])
                #expect(response["output"]?.array?.first?["content"]?.array?.first?["transcript"]?.string == Self.text)
                #expect(response["output"]?.text.contains("\"audio\":\"") == false)
                let deltas = await socket.all("response.output_audio.delta")
                #expect(deltas.count > 5)
                #expect(deltas.allSatisfy { (Data(base64Encoded: $0["delta"]?.string ?? "")?.count ?? 0) <= 9_600 })
                let seconds = Double(Self.audioBytes(deltas)) / 2 / 24_000
                let usage = try #require(response["usage"])
                let audioTokens = try #require(usage["output_token_details"]?["audio_tokens"]?.int)
                #expect(audioTokens == Int64((seconds * 20).rounded(.up)))
                #expect(seconds > 3 && seconds < 8)
                let pieces = await socket.all("response.output_audio_transcript.delta").compactMap { $0["delta"]?.string }
                #expect(pieces.count > 1 && pieces.joined() == Self.text)
                #expect(await socket.all("response.output_audio_transcript.done").first?["transcript"]?.string == Self.text)
                let instructions = "Read the user's text aloud, word for word."
                let input = Int64((instructions.count + Self.text.count + 3) / 4), textOut = Int64((Self.text.count + 3) / 4)
                #expect(usage["input_tokens"]?.int == input)
                #expect(usage["output_token_details"]?["text_tokens"]?.int == textOut)
                #expect(usage["total_tokens"]?.int == input + textOut + audioTokens)
                // Billed at the model table's prices: text in $0.60, text out $2.40, audio out $20 per 1M tokens.
                #expect(await harness.billed(1) == 1)
                let charge = try #require(await harness.server.stats().charges.first)
                #expect(charge.endpoint == "realtime" && charge.model == "gpt-realtime-2.1-mini")
                #expect(charge.requestId == response["id"]?.string)
                let expected = (Double(input) * 0.60 + Double(textOut) * 2.40 + Double(audioTokens) * 20) / 1_000_000
                #expect(abs(charge.costUSD - expected) < 1e-9)
            }
        }
    }

    @Test func handshakeWithoutKeyIs401WithOpenAIsErrorAndNoUpgrade() async throws {
        try await FakeHarness.with(FakeProviderConfig(requiredKeys: ["openai": "sk-right-key-000"])) { harness in
            let missing = try await harness.send("/v1/realtime?model=gpt-realtime-2.1-mini", method: .GET, body: nil,
                                                 headers: Self.upgradeHeaders, timeoutMS: 5_000)
            #expect(missing.status == 401)
            #expect(missing.json?["error"]?["message"]?.string?.contains("didn't provide an API key") == true)
            var wrong = Self.upgradeHeaders
            wrong["authorization"] = "Bearer sk-wrong-key-999"
            let refused = try await harness.send("/v1/realtime?model=gpt-realtime-2.1-mini", method: .GET, body: nil, headers: wrong, timeoutMS: 5_000)
            #expect(refused.status == 401 && refused.json?["error"]?["code"]?.string == "invalid_api_key")
            #expect(refused.body.count > 0 && !String(decoding: refused.body, as: UTF8.self).contains("sk-wrong-key-999"))
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await RealtimeTestSocket.session(port: harness.port, key: nil) { _ in }
            }
            // The right key is upgraded.
            try await RealtimeTestSocket.session(port: harness.port, key: "sk-right-key-000") { socket in
                #expect(await socket.next("session.created") != nil)
            }
        }
    }

    @Test func rateLimitFaultAnswersTheHandshake429WithRetryAfter() async throws {
        let fault = try FakeFault(spec: "openai/realtime:rateLimit:count=1:retryAfter=2")
        try await FakeHarness.with(FakeProviderConfig(faults: [fault])) { harness in
            var headers = Self.upgradeHeaders
            headers["authorization"] = "Bearer sk-test"
            let limited = try await harness.send("/v1/realtime?model=gpt-realtime-2.1-mini", method: .GET, body: nil, headers: headers, timeoutMS: 5_000)
            #expect(limited.status == 429 && limited.headers["retry-after"] == "2")
            #expect(limited.json?["error"]?["code"]?.string == "rate_limit_exceeded")
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                #expect(await socket.next("session.created") != nil)
            }
        }
    }

    @Test(arguments: [("gpt-4o-mini-tts", "invalid_model"), ("gpt-realtime-9", "model_not_found")])
    func aModelTheRealtimeAPIDoesNotServeIsAnErrorEventThenTheClose(model: String, code: String) async throws {
        try await FakeHarness.with { harness in
            try await RealtimeTestSocket.session(port: harness.port, model: model) { socket in
                let error = await socket.next("error")
                #expect(error?["error"]?["code"]?.string == code && error?["error"]?["param"]?.string == "model")
                #expect(await socket.waitForEnd())
                #expect(await socket.all("session.created").isEmpty)
            }
        }
    }
}
