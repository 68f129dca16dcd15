import FactoryCore
@testable import FactoryProviders
import Foundation
import Testing

@Suite("Realtime: events, cost, cache keys and URLs (no server)")
struct RealtimeWireTests {
    static let request = SpeechRequest(text: "The fox curled up and closed her eyes.", voice: "marin",
                                       instructions: "Read slowly and warmly, like a bedtime story.", speed: 1)

    static func price() throws -> ModelSpec {
        try #require(ModelTable.bundled.spec(provider: .openai, model: "gpt-realtime-2.1-mini"))
    }

    @Test("server events decode: created, deltas, transcript, done with usage, errors")
    func decoding() throws {
        #expect(RealtimeServerEvent.decode(#"{"type":"session.created","event_id":"e1","session":{"id":"sess_1"}}"#) == .sessionCreated(id: "sess_1"))
        #expect(RealtimeServerEvent.decode(#"{"type":"response.created","response":{"id":"resp_1","metadata":{"factory_ask":"t-1"}}}"#)
            == .responseCreated(id: "resp_1", tag: "t-1"))
        #expect(RealtimeServerEvent.decode(#"{"type":"response.output_audio.delta","response_id":"resp_1","delta":"AAEC"}"#)
            == .audioDelta(responseId: "resp_1", audio: Data([0, 1, 2])))
        #expect(RealtimeServerEvent.decode(#"{"type":"response.output_audio_transcript.done","response_id":"resp_1","transcript":"Hi."}"#)
            == .transcriptDone(responseId: "resp_1", transcript: "Hi."))
        let done = RealtimeServerEvent.decode(#"""
            {"type":"response.done","response":{"id":"resp_1","status":"completed","metadata":{"factory_ask":"t-1"},
             "usage":{"input_tokens":30,"output_tokens":70,"input_token_details":{"text_tokens":30,"audio_tokens":0,"cached_tokens":0},
                      "output_token_details":{"text_tokens":10,"audio_tokens":60}}}}
            """#)
        guard case .responseDone(let info)? = done else { Issue.record("not response.done: \(String(describing: done))"); return }
        #expect(info.id == "resp_1" && info.status == "completed" && info.tag == "t-1")
        #expect(info.usage?.output_token_details?.audio_tokens == 60)
        let error = RealtimeServerEvent.decode(#"""
            {"type":"error","event_id":"e9","error":{"type":"invalid_request_error","code":"session_expired",
             "message":"Your session hit the maximum duration of 60 minutes.","param":null,"event_id":null}}
            """#)
        #expect(error == .error(RealtimeErrorInfo(type: "invalid_request_error", code: "session_expired",
                                                  message: "Your session hit the maximum duration of 60 minutes.")))
        #expect(RealtimeServerEvent.decode(#"{"type":"rate_limits.updated","rate_limits":[]}"#) == .other(type: "rate_limits.updated"))
        #expect(RealtimeServerEvent.decode("not json") == nil)
    }

    @Test("client events: out-of-band response.create and session.update carry the documented fields")
    func clientEvents() throws {
        let ask = RealtimeAsk(model: "gpt-realtime-2.1-mini", request: Self.request, ask: 1)
        let body = RealtimeClientEvent.responseCreate(eventId: "evt_1", text: ask.text, instructions: ask.instructions, voice: "marin",
                                                      tag: "t-1", stage: "speech-02", maxOutputTokens: 500)
        let event = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let response = try #require(event["response"] as? [String: Any])
        #expect(event["type"] as? String == "response.create")
        #expect(response["conversation"] as? String == "none")
        #expect(response["output_modalities"] as? [String] == ["audio"])
        #expect((response["metadata"] as? [String: String])?["factory_ask"] == "t-1")
        let input = try #require(response["input"] as? [[String: Any]])
        #expect(input.count == 1 && input[0]["role"] as? String == "user")
        #expect(((input[0]["content"] as? [[String: Any]])?.first?["text"] as? String) == Self.request.text)
        let format = ((response["audio"] as? [String: Any])?["output"] as? [String: Any])?["format"] as? [String: Any]
        #expect(format?["type"] as? String == "audio/pcm" && format?["rate"] as? Int == 24_000)
        #expect((response["instructions"] as? String)?.contains("word for word") == true)
        #expect((response["instructions"] as? String)?.hasPrefix("Read slowly") == true)
        let update = try #require(try JSONSerialization.jsonObject(with: RealtimeClientEvent.sessionUpdate(eventId: "u", voice: "cedar", speed: 0.9)) as? [String: Any])
        let session = try #require(update["session"] as? [String: Any])
        #expect(session["type"] as? String == "realtime")
        let output = (session["audio"] as? [String: Any])?["output"] as? [String: Any]
        #expect(output?["voice"] as? String == "cedar" && output?["speed"] as? Double == 0.9)
    }

    @Test("cache keys: the first ask's is stable and session-free; later asks differ")
    func keys() throws {
        let price = try Self.price()
        let one = RealtimeAsk(model: "gpt-realtime-2.1-mini", request: Self.request, ask: 1)
        #expect(one.call(price: price).key == RealtimeAsk(model: "gpt-realtime-2.1-mini", request: Self.request, ask: 1).call(price: price).key)
        let canonical = String(decoding: one.canonical, as: UTF8.self)
        #expect(!canonical.contains("\"ask\""))
        let two = RealtimeAsk(model: "gpt-realtime-2.1-mini", request: Self.request, ask: 2)
        #expect(String(decoding: two.canonical, as: UTF8.self).contains("\"ask\":2"))
        #expect(two.call(price: price).key != one.call(price: price).key)
        #expect(one.stage("speech-03") == "speech-03" && two.stage("speech-03") == "speech-03-ask-2")
        var other = Self.request
        other.voice = "cedar"
        #expect(RealtimeAsk(model: "gpt-realtime-2.1-mini", request: other, ask: 1).call(price: price).key != one.call(price: price).key)
        // acceptReworded is a verdict on the answer, not part of the request.
        other = Self.request
        other.acceptReworded = true
        #expect(RealtimeAsk(model: "gpt-realtime-2.1-mini", request: other, ask: 1).call(price: price).key == one.call(price: price).key)
    }

    @Test("reservation from the model row; settlement from usage")
    func cost() throws {
        let price = try Self.price()
        let ask = RealtimeAsk(model: "gpt-realtime-2.1-mini", request: Self.request, ask: 1)
        let estimate = price.realtimeSpeech(ask)
        // 8 words: 8 / 2.6 + 0.3 s; 20 audio tokens a second at $20/M; text at $0.60/M in and $2.40/M out.
        let seconds = 8 / 2.6 + 0.3
        let audio = (seconds * 20).rounded(.up)
        let input = Double(LiveClient.tokens(ask.instructions) + LiveClient.tokens(ask.text))
        let expected = (input * 0.60 + audio * 20 + Double(LiveClient.tokens(ask.text)) * 2.40) / 1e6
        #expect(abs(estimate.usd - expected) < 1e-12)
        #expect(abs(estimate.maxUSD - 1.5 * expected) < 1e-12)
        #expect(estimate.units["audio_tokens"] == audio)
        let usage = RealtimeUsage(input_tokens: 40, output_tokens: 90,
                                  input_token_details: .init(text_tokens: 40, audio_tokens: 0, cached_tokens: 10,
                                                             cached_tokens_details: .init(text_tokens: 10, audio_tokens: 0)),
                                  output_token_details: .init(text_tokens: 10, audio_tokens: 80))
        let actual = price.actualRealtime(usage, audioSeconds: 4)
        #expect(abs(actual.usd - (30 * 0.60 + 10 * 0.06 + 10 * 2.40 + 80 * 20) / 1e6) < 1e-12)
        #expect(actual.units == ["input_tokens": 40, "output_tokens": 90, "audio_tokens": 80, "audio_seconds": 4])
        // A cut response: its input and 2 s of audio received.
        #expect(abs(price.realtimeCut(ask, audioSeconds: 2) - (input * 0.60 + 40 * 20) / 1e6) < 1e-12)
    }

    @Test("URLs: https → wss, loopback http → ws, path realtime, model in the query")
    func urls() throws {
        #expect(OpenAIRealtimeSpeechProvider.realtimeURL(try ProviderEndpoint("https://api.openai.com/v1"), model: "gpt-realtime-2.1-mini")
            == "wss://api.openai.com/v1/realtime?model=gpt-realtime-2.1-mini")
        #expect(OpenAIRealtimeSpeechProvider.realtimeURL(try ProviderEndpoint("http://127.0.0.1:8080/v1/"), model: "gpt-realtime-2.1-mini")
            == "ws://127.0.0.1:8080/v1/realtime?model=gpt-realtime-2.1-mini")
    }

    @Test("a reading round-trips through the cache's bytes; damaged bytes are refused")
    func reading() {
        let reading = RealtimeReading(transcript: "Hi \u{1F319}", responseId: "resp_1", status: "completed", cut: 1, pcm: Data([1, 2, 3]))
        #expect(reading.pcm == Data([1, 2]))
        #expect(RealtimeReading.decode(reading.encoded) == reading)
        #expect(RealtimeReading.decode(Data([0, 0, 0, 9, 1])) == nil)
    }

    @Test("planning checks the voice and the API before anything is spent")
    func planning() async throws {
        try await HTTPTransport.scoped { transport in
            let client = LiveClient(provider: .openai, transport: transport, endpoint: try ProviderEndpoint("https://api.openai.com/v1"), key: "sk-x")
            let provider = OpenAIRealtimeSpeechProvider(client: client)
            #expect(try provider.plannedCall(Self.request, item: "story")?.endpoint == "realtime.response")
            var nova = Self.request
            nova.voice = "nova"
            let error = #expect(throws: FactoryError.self) { try provider.plannedCall(nova, item: "story") }
            #expect(error?.message.contains("\"nova\" is not a voice of gpt-realtime-2.1-mini") == true)
            let old = OpenAIRealtimeSpeechProvider(client: client, model: "gpt-4o-mini-tts")
            #expect(throws: FactoryError.self) { try old.plannedCall(Self.request, item: "story") }
        }
    }
}
