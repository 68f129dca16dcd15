@testable import FactoryProviders
import FactoryFakeProviders
import Foundation
import Testing

@Suite("Fake provider server: speech, chat and messages content")
struct FakeContentTests {
    @Test(arguments: [1.0, 2.0])
    func speechWAVLastsAsLongAsTheText(speed: Double) async throws {
        try await FakeHarness.with { fake in
            let text = "Once upon a time, a little fox lived by the river. Every evening she counted the stars, and every morning she forgot the number."
            let words = text.split(separator: " ").count   // 26
            let answer = try await fake.post("/v1/audio/speech", json: ["model": "gpt-4o-mini-tts", "input": .string(text), "voice": "coral",
                                                                        "response_format": "wav", "speed": .double(speed)],
                                             headers: Fixtures.openAIAuth)
            #expect(answer.status == 200)
            let wav = answer.body
            #expect(wav.prefix(4) == Data("RIFF".utf8) && wav[8..<12] == Data("WAVE".utf8))
            func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(wav[at + $1]) << (8 * $1) } }
            #expect(le(22, 2) == 1 && le(24, 4) == 24_000 && le(34, 2) == 16)
            let dataBytes = le(40, 4)
            #expect(dataBytes == wav.count - 44)
            let seconds = Double(dataBytes / 2) / 24_000
            let expected = Double(words) / 2.6 / speed + 0.3
            #expect(abs(seconds - expected) < 0.05)
            // Loud enough to be speech, not silence or a square wave: RMS near −20 dBFS.
            var energy = 0.0
            for i in stride(from: 44, to: wav.count - 1, by: 2) {
                let sample = Double(Int16(bitPattern: UInt16(wav[i]) | UInt16(wav[i + 1]) << 8)) / 32768
                energy += sample * sample
            }
            let dbfs = 10 * log10(energy / Double(dataBytes / 2))
            #expect(dbfs > -24 && dbfs < -16)
            _ = await fake.billed(1)
            let charge = try #require(await fake.server.stats().charges.first)
            #expect(abs(charge.costUSD - seconds / 60 * 0.015) < 1e-8)
        }
    }

    @Test func speechRejectsInstructionsOnTTS1AndMP3() async throws {
        try await FakeHarness.with { fake in
            let instructions = try await fake.post("/v1/audio/speech", json: ["model": "tts-1", "input": "Hi there", "voice": "alloy",
                                                                              "instructions": "Be cheerful", "response_format": "pcm"],
                                                   headers: Fixtures.openAIAuth)
            #expect(instructions.status == 400)
            #expect(instructions.json?["error"]?["param"]?.string == "instructions")
            let mp3 = try await fake.post("/v1/audio/speech", json: ["model": "tts-1", "input": "Hi there", "voice": "alloy"],
                                          headers: Fixtures.openAIAuth)
            #expect(mp3.status == 400)
            #expect(mp3.json?["error"]?["message"]?.string?.contains("wav") == true)
            let marinOnTTS1 = try await fake.post("/v1/audio/speech", json: ["model": "tts-1", "input": "Hi there", "voice": "marin", "response_format": "pcm"],
                                                  headers: Fixtures.openAIAuth)
            #expect(marinOnTTS1.status == 400)
            let pcm = try await fake.post("/v1/audio/speech", json: ["model": "tts-1", "input": "Hi there", "voice": "alloy", "response_format": "pcm"],
                                          headers: Fixtures.openAIAuth)
            #expect(pcm.status == 200)
            #expect(pcm.body.count == Int((2 / 2.6 + 0.3) * 24_000) * 2)   // raw s16le, no header
            _ = await fake.billed(1)
            #expect(await fake.server.stats().charges.first?.costUSD == 0.00012)  // 8 chars × $15/1M
        }
    }

    @Test func chatStructuredOutputFitsTheSchema() async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1/chat/completions", json: [
                "model": "gpt-4o", "messages": [["role": "developer", "content": "You write stories."], ["role": "user", "content": "A fox story."]],
                "response_format": ["type": "json_schema", "json_schema": ["name": "story", "strict": true, "schema": Fixtures.storySchema]],
            ], headers: Fixtures.openAIAuth)
            #expect(answer.status == 200)
            let content = try #require(answer.json?["choices"]?.array?.first?["message"]?["content"]?.string)
            let story = try JSONDecoder().decode(Fixtures.Story.self, from: Data(content.utf8))
            #expect(story.scenes.count == 3)
            #expect(["calm", "funny", "brave"].contains(story.mood))
            #expect((3...7).contains(story.age))
            #expect(story.scenes.allSatisfy { $0.text.split(separator: " ").count >= 5 && $0.text.hasSuffix(".") })
            #expect(answer.json?["usage"]?["completion_tokens"]?.int == Int64((content.count + 3) / 4))

            let badName = try await fake.post("/v1/chat/completions", json: [
                "model": "gpt-4o", "messages": [["role": "user", "content": "x"]],
                "response_format": ["type": "json_schema", "json_schema": ["name": "bad name!", "schema": Fixtures.storySchema]],
            ], headers: Fixtures.openAIAuth)
            #expect(badName.status == 400)
            let unknown = try await fake.post("/v1/chat/completions", json: ["model": "gpt-9", "messages": [["role": "user", "content": "x"]]],
                                              headers: Fixtures.openAIAuth)
            #expect(unknown.status == 404)
            #expect(unknown.json?["error"]?["code"]?.string == "model_not_found")
        }
    }

    @Test func messagesStructuredOutputPutsThinkingFirstOn55() async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1/messages", json: [
                "model": "claude-sonnet-5-5", "max_tokens": 16_000, "system": "You write short children's stories.",
                "messages": [["role": "user", "content": "Write a 3-scene story about a fox."]],
                "output_config": ["format": ["type": "json_schema", "schema": Fixtures.storySchema]],
            ], headers: Fixtures.anthropicAuth)
            #expect(answer.status == 200)
            #expect(answer.headers["request-id"]?.hasPrefix("req_") == true)
            #expect(answer.headers["anthropic-ratelimit-requests-limit"] == "50")
            let blocks = try #require(answer.json?["content"]?.array)
            #expect(blocks.map { $0["type"]?.string ?? "" } == ["thinking", "text"])
            let text = try #require(blocks.last?["text"]?.string)
            let story = try JSONDecoder().decode(Fixtures.Story.self, from: Data(text.utf8))
            #expect(story.scenes.count == 3)
            #expect(answer.json?["stop_reason"]?.string == "end_turn")
            _ = await fake.billed(1)
            let charge = try #require(await fake.server.stats().charges.first)
            let input = try #require(answer.json?["usage"]?["input_tokens"]?.int), output = try #require(answer.json?["usage"]?["output_tokens"]?.int)
            #expect(abs(charge.costUSD - (Double(input) * 2 + Double(output) * 10) / 1_000_000) < 1e-9)
        }
    }

    @Test func messagesEnforceThe55Rules() async throws {
        try await FakeHarness.with { fake in
            let user: FakeJSON = ["role": "user", "content": "Hello"]
            let temperature = try await fake.post("/v1/messages", json: ["model": "claude-sonnet-5-5", "max_tokens": 100, "temperature": 0.5,
                                                                         "messages": [user]], headers: Fixtures.anthropicAuth)
            #expect(temperature.status == 400)
            #expect(temperature.json?["error"]?["type"]?.string == "invalid_request_error")
            #expect(temperature.json?["error"]?["message"]?.string?.contains("temperature") == true)
            let prefill = try await fake.post("/v1/messages", json: ["model": "claude-haiku-5-5", "max_tokens": 100,
                                                                     "messages": [user, ["role": "assistant", "content": "{"]]], headers: Fixtures.anthropicAuth)
            #expect(prefill.status == 400)
            let retired = try await fake.post("/v1/messages", json: ["model": "claude-sonnet-4-20250514", "max_tokens": 100, "messages": [user]],
                                              headers: Fixtures.anthropicAuth)
            #expect(retired.status == 404)
            #expect(retired.json?["error"]?["type"]?.string == "not_found_error")
            let noMax = try await fake.post("/v1/messages", json: ["model": "claude-haiku-4-5", "messages": [user]], headers: Fixtures.anthropicAuth)
            #expect(noMax.status == 400)
            let olderWithTemperature = try await fake.post("/v1/messages", json: ["model": "claude-sonnet-4-6", "max_tokens": 50, "temperature": 0.2,
                                                                                  "messages": [user]], headers: Fixtures.anthropicAuth)
            #expect(olderWithTemperature.status == 200)
            #expect(olderWithTemperature.json?["content"]?.array?.first?["type"]?.string == "text")
            #expect(await fake.billed(1) == 1)
        }
    }
}

/// The fake's Messages rules as Anthropic's pages give them (Sonnet 5.5 migration guide, Opus 5.5
/// and Haiku 5.5 pages), and the free model lists.
@Suite("Fake provider server: thinking rules and model lists")
struct FakeThinkingTests {
    static func body(_ extra: [String: FakeJSON], maxTokens: Int64 = 400, model: String = "claude-sonnet-5-5") -> FakeJSON {
        var fields: [String: FakeJSON] = [
            "model": .string(model), "max_tokens": .int(maxTokens), "system": "You write poster quotes.",
            "messages": [["role": "user", "content": "A quote about mornings."]],
            "output_config": ["format": ["type": "json_schema", "schema": ["type": "object", "properties": ["quote": ["type": "string"]],
                                                                             "required": ["quote"], "additionalProperties": false]]],
        ]
        for (key, value) in extra { fields[key] = value }
        return .object(fields)
    }

    @Test func sonnet55ThinksByDefaultAndASmallBudgetEndsWithNoText() async throws {
        try await FakeHarness.with { fake in
            var cut = 0
            for n in 0..<6 {
                var request = Self.body([:])
                if case .object(var fields) = request { fields["system"] = .string("Variation \(n)."); request = .object(fields) }
                let answer = try await fake.post("/v1/messages", json: request, headers: Fixtures.anthropicAuth)
                #expect(answer.status == 200)
                if answer.json?["stop_reason"]?.string == "max_tokens" { cut += 1 }
                #expect(answer.json?["content"]?.array?.first?["type"]?.string == "thinking")
            }
            // At the default effort (high) most 400-token budgets go on thinking.
            #expect(cut >= 3)
            _ = await fake.billed(6)
            #expect(await fake.server.stats().billed == 6)
        }
    }

    @Test func betweenToolsAnswersWithTextOnly() async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1/messages", json: Self.body(["thinking": ["type": "between_tools"],
                                                                               "output_config": ["effort": "low", "format": ["type": "json_schema", "schema": ["type": "object"]]]]),
                                             headers: Fixtures.anthropicAuth)
            #expect(answer.status == 200)
            #expect(answer.json?["content"]?.array?.map { $0["type"]?.string ?? "" } == ["text"])
            #expect(answer.json?["stop_reason"]?.string == "end_turn")
        }
    }

    @Test(arguments: [
        ("claude-sonnet-5-5", FakeJSON.object(["type": "disabled"]), "low", "between_tools"),
        ("claude-sonnet-5-5", FakeJSON.object(["type": "between_tools"]), "xhigh", "low, medium or high"),
        ("claude-sonnet-5-5", FakeJSON.object(["type": "between_tools", "budget_tokens": 2000]), "low", "Extra inputs"),
        ("claude-opus-5-5", FakeJSON.object(["type": "disabled"]), "low", "not supported for this model"),
        ("claude-haiku-5-5", FakeJSON.object(["type": "enabled", "budget_tokens": 2000]), "low", "not supported for this model"),
        ("claude-haiku-5-5", FakeJSON.object(["type": "disabled"]), "max", "low, medium or high"),
    ])
    func thinkingRulesAre400s(model: String, thinking: FakeJSON, effort: String, says: String) async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1/messages", json: Self.body(["thinking": thinking, "output_config": ["effort": .string(effort)]],
                                                                              maxTokens: 4_000, model: model), headers: Fixtures.anthropicAuth)
            #expect(answer.status == 400)
            #expect(answer.json?["error"]?["type"]?.string == "invalid_request_error")
            #expect(answer.json?["error"]?["message"]?.string?.contains(says) == true, "\(answer.json?.text ?? "")")
            #expect(await fake.server.stats().billed == 0)
        }
    }

    @Test func streamedMessagesCarryTheSameAnswer() async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1/messages", json: Self.body(["thinking": ["type": "between_tools"], "stream": true,
                                                                               "output_config": ["effort": "low", "format": ["type": "json_schema", "schema": ["type": "object"]]]]),
                                             headers: Fixtures.anthropicAuth)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "text/event-stream")
            let message = try #require((try? JSONSerialization.jsonObject(with: AnthropicStream.assemble(answer.body))) as? [String: Any])
            #expect(message["stop_reason"] as? String == "end_turn")
            let content = try #require(message["content"] as? [[String: Any]])
            #expect(content.first?["type"] as? String == "text")
            let text = content.first?["text"] as? String
            #expect(text?.hasPrefix("{") == true)
        }
    }

    @Test func modelListsAndModelSearchAreFree() async throws {
        try await FakeHarness.with { fake in
            let anthropic = try await fake.send("/v1/models", method: .GET, body: nil, headers: Fixtures.anthropicAuth, timeoutMS: 10_000)
            #expect(anthropic.status == 200)
            #expect(anthropic.json?["data"]?.array?.contains { $0["id"]?.string == "claude-sonnet-5-5" } == true)
            #expect(anthropic.json?["has_more"]?.bool == false)
            let openAI = try await fake.send("/v1/models", method: .GET, body: nil, headers: ["authorization": "Bearer sk-test"], timeoutMS: 10_000)
            #expect(openAI.json?["object"]?.string == "list")
            #expect(openAI.json?["data"]?.array?.first { $0["id"]?.string == "tts-1" }?["shutdown_date"]?.string == "2027-01-06")
            let search = try await fake.post("/v1", json: [["taskType": "modelSearch", "taskUUID": "6f1c8f1e-4a9c-4c1e-9a57-0c1f7a1d2e3b",
                                                            "search": "civitai:4201@130090"]], headers: ["authorization": "Bearer rw-test"])
            #expect(search.status == 200)
            let card = search.json?["data"]?.array?.first?["results"]?.array?.first
            #expect(card?["status"]?.string == "deprecated")
            #expect(card?["replacedBy"]?.string != nil)
            #expect(await fake.server.stats().billed == 0)
        }
    }
}
