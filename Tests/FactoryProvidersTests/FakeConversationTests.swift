import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import Foundation
import Testing

@Suite("Fake provider server: chat stories and content faults")
struct FakeConversationTests {
    static let cast = [Conversation.Character(name: "Mia", colour: "#FF2D55", side: "me", avatar: "🦊"),
                       Conversation.Character(name: "Jake", colour: "#0A84FF", side: "other", avatar: "🐻")]

    static func brief(_ length: ChatLength, count: Int, cast: [Conversation.Character] = cast) -> ConversationBrief {
        ConversationBrief(prompt: "my roommate keeps eating my leftovers", genre: .comedy, mood: .funny, length: length,
                          messageCount: count, cast: cast, personalities: [:], seed: 4242)
    }

    /// Posts `request` the way the provider's client builds its body; returns the answer and its text.
    static func write(_ request: TextRequest, provider: String, on fake: FakeHarness) async throws -> (FakeHarness.Answer, String?) {
        let schema = try #require(FakeJSON.parse(request.schema))
        if provider == "anthropic" {
            let answer = try await fake.post("/v1/messages", json: [
                "model": "claude-sonnet-4-6", "max_tokens": .int(Int64(request.maxOutputTokens)), "system": .string(request.system),
                "messages": [["role": "user", "content": .string(request.user)]],
                "output_config": ["format": ["type": "json_schema", "schema": schema]],
            ], headers: Fixtures.anthropicAuth)
            return (answer, answer.json?["content"]?.array?.first { $0["type"]?.string == "text" }?["text"]?.string)
        }
        let answer = try await fake.post("/v1/chat/completions", json: [
            "model": "gpt-4o", "max_completion_tokens": .int(Int64(request.maxOutputTokens)), "seed": .int(Int64(request.seed % (1 << 31))),
            "messages": [["role": "system", "content": .string(request.system)], ["role": "user", "content": .string(request.user)]],
            "response_format": ["type": "json_schema", "json_schema": ["name": .string(request.schemaName), "schema": schema, "strict": true]],
        ], headers: Fixtures.openAIAuth)
        return (answer, answer.json?["choices"]?.array?.first?["message"]?["content"]?.string)
    }

    @Test(arguments: ["anthropic", "openai"], [(ChatLength.short, 7), (.medium, 14), (.long, 27)])
    func chatStoryPassesTheCheck(provider: String, size: (ChatLength, Int)) async throws {
        try await FakeHarness.with { fake in
            let brief = Self.brief(size.0, count: size.1)
            let (answer, text) = try await Self.write(ChatPrompt.request(brief), provider: provider, on: fake)
            #expect(answer.status == 200)
            let written = try #require(text)
            let conversation = try ConversationCheck.validate(written, brief: brief).get()
            #expect(conversation.messages.count == size.1)
            #expect(Set(conversation.messages.map(\.sender)) == ["Mia", "Jake"])
            let raw = try #require(FakeJSON.parse(Data(written.utf8)))
            #expect(raw["characters"]?.array?.compactMap { $0["name"]?.string } == ["Mia", "Jake"])
            #expect(raw["characters"]?.array?.first?["colour"]?.string == "#FF2D55")
            let first = try #require(conversation.messages.first?.text), last = try #require(conversation.messages.last?.text)
            #expect(first.contains("?") || first.contains("!"))
            #expect(last.contains("!") || last.unicodeScalars.contains { $0.properties.isEmojiPresentation })
            let output = provider == "anthropic" ? answer.json?["usage"]?["output_tokens"] : answer.json?["usage"]?["completion_tokens"]
            #expect(output?.int == Int64((written.count + 3) / 4))
            let again = try await Self.write(ChatPrompt.request(brief), provider: provider, on: fake)
            #expect(again.1 == written)   // seeded by the request: the same request, the same story
            #expect(await fake.billed(2) == 2)
        }
    }

    @Test(arguments: ["anthropic", "openai"])
    func inventedCastHasOneMeAndOneOther(provider: String) async throws {
        try await FakeHarness.with { fake in
            let brief = Self.brief(.short, count: 9, cast: [])
            let text = try #require(try await Self.write(ChatPrompt.request(brief), provider: provider, on: fake).1)
            let conversation = try ConversationCheck.validate(text, brief: brief).get()
            #expect(conversation.messages.count == 9)
            #expect(conversation.characters.map(\.side).sorted() == ["me", "other"])
            #expect(Set(conversation.messages.map(\.sender)) == Set(conversation.characters.map(\.name)))
        }
    }

    @Test func everySeedLengthAndCastPasses() async throws {
        try await FakeHarness.with { fake in
            let trio = Self.cast + [Conversation.Character(name: "Ines", colour: "#34C759", side: "other", avatar: "🌵")]
            for seed in UInt64(0)..<36 {
                let length = [ChatLength.short, .medium, .long][Int(seed % 3)]
                var brief = Self.brief(length, count: length.messageRange.lowerBound + Int(seed) % length.messageRange.count,
                                       cast: [[], Self.cast, trio][Int(seed / 3 % 3)])
                brief.genre = Genre.allCases[Int(seed) % Genre.allCases.count]
                brief.seed = seed
                let text = try #require(try await Self.write(ChatPrompt.request(brief), provider: seed % 2 == 0 ? "openai" : "anthropic", on: fake).1)
                if case .failure(let problems) = ConversationCheck.validate(text, brief: brief) {
                    Issue.record("seed \(seed): \(problems)\n\(text)")
                }
            }
        }
    }

    @Test func badContentOnceThenTheRetryIsValid() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "anthropic:badContent:count=1")])) { fake in
            let brief = Self.brief(.short, count: 6)
            let (spoiled, text) = try await Self.write(ChatPrompt.request(brief), provider: "anthropic", on: fake)
            #expect(spoiled.status == 200 && spoiled.json?["stop_reason"]?.string == "end_turn")
            let bad = try #require(text)
            #expect(FakeJSON.parse(Data(bad.utf8)) == nil)
            guard case .failure(let problems) = ConversationCheck.validate(bad, brief: brief) else {
                Issue.record("a chatty, cut-off answer must be rejected: \(bad)")
                return
            }
            let retry = ChatPrompt.request(brief, problem: problems.description)
            #expect(retry.user.hasSuffix("fix that.") && retry.user.contains("Your previous answer was rejected: "))
            let good = try #require(try await Self.write(retry, provider: "anthropic", on: fake).1)
            #expect(try ConversationCheck.validate(good, brief: brief).get().messages.count == 6)
            _ = await fake.billed(2)
            let stats = await fake.server.stats()
            #expect(stats.billed == 2 && stats.charges.allSatisfy { $0.provider == "anthropic" && $0.costUSD > 0 })
        }
    }

    @Test func wrongCountGivesTwoMessagesAndTheCheckSaysSo() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/chat:wrongCount")])) { fake in
            let brief = Self.brief(.medium, count: 12)
            let (answer, text) = try await Self.write(ChatPrompt.request(brief), provider: "openai", on: fake)
            #expect(answer.status == 200)
            let raw = try #require(text.flatMap { FakeJSON.parse(Data($0.utf8)) })
            #expect(raw["messages"]?.array?.count == 2)
            guard case .failure(let problems) = ConversationCheck.validate(try #require(text), brief: brief) else {
                Issue.record("two messages must not pass as a medium story")
                return
            }
            #expect(problems.list == ["there are 2 messages; a medium story has 10–20 (12 were asked for)"])
            _ = await fake.billed(1)
            #expect(await fake.server.stats().charges.map(\.endpoint) == ["chat"])
        }
    }

    @Test func wrongCountOnOtherSchemasMissesTheArrayBounds() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [FakeFault(provider: "openai", kind: .wrongCount)])) { fake in
            let answer = try await fake.post("/v1/chat/completions", json: [
                "model": "gpt-4o", "messages": [["role": "user", "content": "A fox story."]],
                "response_format": ["type": "json_schema", "json_schema": ["name": "story", "strict": true, "schema": Fixtures.storySchema]],
            ], headers: Fixtures.openAIAuth)
            let content = try #require(answer.json?["choices"]?.array?.first?["message"]?["content"]?.string)
            let story = try JSONDecoder().decode(Fixtures.Story.self, from: Data(content.utf8))
            #expect(story.scenes.count == 2)   // minItems 3
            #expect(await fake.billed(1) == 1)
        }
    }
}
