import FactoryFakeProviders
import Foundation
import Testing

/// The Realtime faults (`openai/realtime:reworded|sessionExpired|socketDrop`), session expiry, and
/// parallel out-of-band responses.
@Suite struct FakeRealtimeFaultTests {
    @Test func rewordedTranscriptDiffersFromTheTextAndIsBilled() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/realtime:reworded:count=1")])) { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(FakeRealtimeTests.outOfBand())
                let first = await socket.next("response.done")
                let said = first?["response"]?["output"]?.array?.first?["content"]?.array?.first?["transcript"]?.string
                #expect(first?["response"]?["status"]?.string == "completed")
                #expect(said == "The little fox didn't sleep, so it counted the stars until morning.")
                #expect(await socket.all("response.output_audio_transcript.done").first?["transcript"]?.string == said)
                // count=1: the next response reads the text as written.
                try await socket.send(FakeRealtimeTests.outOfBand(id: "evt_2"))
                let second = await socket.next("response.done")
                #expect(second?["response"]?["output"]?.array?.first?["content"]?.array?.first?["transcript"]?.string == FakeRealtimeTests.text)
            }
            #expect(await harness.billed(2) == 2)
        }
    }

    @Test func sessionExpiredFaultAnswersTheNextResponseAndClosesUnbilled() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/realtime:sessionExpired:count=1")])) { harness in
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(FakeRealtimeTests.outOfBand(id: "evt_x"))
                let error = await socket.next("error")
                #expect(error?["error"]?["code"]?.string == "session_expired")
                #expect(error?["error"]?["message"]?.string == "Your session hit the maximum duration of 60 minutes.")
                #expect(error?["error"]?["event_id"]?.string == "evt_x")
                #expect(await socket.waitForEnd())
                #expect(await socket.all("response.created").isEmpty)
            }
            #expect(await harness.server.stats().billed == 0)
        }
    }

    @Test func socketDropSendsAboutHalfTheAudioThenDropsAndBillsWhatWasSent() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/realtime:socketDrop")])) { harness in
            let text = FakeRealtimeTests.text
            try? await RealtimeTestSocket.session(port: harness.port) { socket in
                try await socket.send(FakeRealtimeTests.outOfBand(text))
                #expect(await socket.waitForEnd())
                let deltas = await socket.all("response.output_audio.delta")
                #expect(await socket.all("response.done").isEmpty)
                // The whole text is about 5.3 s: 34 deltas of 160 ms; half of them arrive.
                #expect(deltas.count >= 15 && deltas.count <= 19)
                #expect(await harness.billed(1) == 1)
                let charge = try #require(await harness.server.stats().charges.first)
                let seconds = Double(FakeRealtimeTests.audioBytes(deltas)) / 2 / 24_000
                let audio = (seconds * 20).rounded(.up)
                let pieces = await socket.all("response.output_audio_transcript.delta").compactMap { $0["delta"]?.string }.joined()
                let input = Double(("Read the user's text aloud, word for word.".count + text.count + 3) / 4)
                let expected = (input * 0.60 + Double((pieces.count + 3) / 4) * 2.40 + audio * 20) / 1_000_000
                #expect(abs(charge.costUSD - expected) < 1e-9)
            }
        }
    }

    @Test func aSessionEndsAtItsConfiguredLength() async throws {
        try await FakeHarness.with(FakeProviderConfig(realtimeSessionSeconds: 1)) { harness in
            let began = ContinuousClock.now
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                let created = await socket.next("session.created")
                #expect(created?["session"]?["expires_at"]?.int ?? 0 <= Int64(Date().timeIntervalSince1970) + 2)
                let error = await socket.next("error", timeout: .seconds(5))
                #expect(error?["error"]?["code"]?.string == "session_expired")
                #expect(error?["error"]?["type"]?.string == "invalid_request_error")
                #expect(await socket.waitForEnd())
            }
            #expect(ContinuousClock.now - began >= .milliseconds(950))
        }
    }

    @Test func outOfBandResponsesRunInParallelOnOneSession() async throws {
        try await FakeHarness.with { harness in
            let texts = ["First comes the moon.", "Then come the stars, one by one.", "At last the owl sings."]
            try await RealtimeTestSocket.session(port: harness.port) { socket in
                for (n, text) in texts.enumerated() {
                    try await socket.send(FakeRealtimeTests.outOfBand(text, id: "evt_\(n)", extra: ["metadata": ["n": .string("\(n)")]]))
                }
                var said: [String: String] = [:]
                for _ in texts {
                    let done = try #require(await socket.next("response.done"))
                    let n = done["response"]?["metadata"]?["n"]?.string ?? "?"
                    said[n] = done["response"]?["output"]?.array?.first?["content"]?.array?.first?["transcript"]?.string
                }
                #expect(said == ["0": texts[0], "1": texts[1], "2": texts[2]])
                // Their audio deltas interleave: the responses ran at the same time.
                let order = await socket.all("response.output_audio.delta").compactMap { $0["response_id"]?.string }
                let switches = zip(order, order.dropFirst()).filter { $0 != $1 }.count
                #expect(switches > Set(order).count - 1)
            }
            #expect(await harness.billed(3) == 3)
            #expect(await harness.server.stats().maxInFlight["openai"] ?? 0 >= 2)
        }
    }

    @Test func realtimeFaultSpecsParseAndStayOnTheRealtimeEndpoint() throws {
        #expect(try FakeFault(spec: "openai/realtime:reworded:count=2").count == 2)
        #expect(try FakeFault(spec: "openai:socketDrop:every=3").every == 3)
        #expect(throws: FakeProviderError.self) { try FakeFault(spec: "openai/speech:reworded") }
        #expect(throws: FakeProviderError.self) { try FakeFault(spec: "runware:sessionExpired") }
        #expect(throws: FakeProviderError.self) { try FakeFault(spec: "openai/realtime:slowBody") }
        let yaml = "faults:\n  - {provider: openai, endpoint: realtime, kind: socketDrop, count: 1}\nrealtimeSessionSeconds: 2\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("realtime-\(UUID().uuidString).yaml")
        try Data(yaml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let config = try FakeProviderConfig.load(scenario: url).applied(to: FakeProviderConfig())
        #expect(config.faults.first?.kind == .socketDrop && config.realtimeSessionSeconds == 2)
    }
}
