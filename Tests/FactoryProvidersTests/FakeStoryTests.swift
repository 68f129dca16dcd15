import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import Foundation
import Testing

@Suite("Fake provider server: bedtime stories")
struct FakeStoryTests {
    static func brief(minutes: Int = 5, seed: UInt64 = 31, companion: String? = "a sleepy owl named Hoot") -> StoryBrief {
        StoryBrief(name: "Mia", age: 5, traits: ["brave"], companion: companion, theme: "the forest", minutes: minutes, seed: seed)
    }

    @Test(arguments: ["anthropic", "openai"], [1, 10, 20])
    func aStoryOfTheAskedLengthPassesTheCheck(provider: String, minutes: Int) async throws {
        try await FakeHarness.with { fake in
            let brief = Self.brief(minutes: minutes)
            let (answer, text) = try await FakeConversationTests.write(StoryPrompt.request(brief), provider: provider, on: fake)
            #expect(answer.status == 200)
            let story = try StoryCheck.validate(try #require(text), brief: brief).get()
            #expect(abs(story.wordCount - brief.targetWords) <= brief.targetWords / 10 + 40, "\(story.wordCount) words for \(brief.targetWords)")
            let body = story.paragraphs.joined(separator: " ")
            #expect(body.contains("Mia") && body.contains("Hoot"), "the prompt's hero and companion")
            #expect(story.paragraphs.last?.hasSuffix("fell fast asleep.") == true)
            if minutes == 20 {
                // Long stories are chunked for speech: at least three requests under both limits.
                let chunks = StoryChunker.chunks(story.paragraphs)
                #expect(chunks.count >= 3)
                #expect(chunks.allSatisfy { StoryChunker.characters($0.text) <= 4096 && StoryChunker.estimatedTokens($0.text) <= 2000 })
            }
            let again = try await FakeConversationTests.write(StoryPrompt.request(brief), provider: provider, on: fake)
            #expect(again.1 == text)   // seeded by the request: the same request, the same story
        }
    }

    @Test func everySeedPassesAndTheMiddleVaries() async throws {
        try await FakeHarness.with { fake in
            var middles = Set<String>()
            for seed in UInt64(0)..<12 {
                let brief = Self.brief(minutes: Int(seed % 6) + 1, seed: seed, companion: seed % 3 == 0 ? nil : "Biscuit the puppy")
                let text = try #require(try await FakeConversationTests.write(StoryPrompt.request(brief),
                                                                              provider: seed % 2 == 0 ? "openai" : "anthropic", on: fake).1)
                switch StoryCheck.validate(text, brief: brief) {
                case .success(let story): middles.insert(story.paragraphs.dropFirst().prefix(1).joined())
                case .failure(let problems): Issue.record("seed \(seed): \(problems)\n\(text)")
                }
            }
            #expect(middles.count >= 6)
        }
    }

    @Test(arguments: ["anthropic", "openai"])
    func wrongCountGivesAFarTooShortStoryAndTheCheckSaysSo(provider: String) async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "\(provider):wrongCount")])) { fake in
            let brief = Self.brief(minutes: 5)
            let (answer, text) = try await FakeConversationTests.write(StoryPrompt.request(brief), provider: provider, on: fake)
            #expect(answer.status == 200)
            guard case .failure(let problems) = StoryCheck.validate(try #require(text), brief: brief) else {
                Issue.record("a far too short story must not pass")
                return
            }
            #expect(problems.list.count == 1 && problems.list[0].contains("a 5-minute story has 520–780"), "\(problems)")
        }
    }

    @Test func badContentIsRejectedThenTheRetryIsValid() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/chat:badContent:count=1")])) { fake in
            let brief = Self.brief()
            let bad = try #require(try await FakeConversationTests.write(StoryPrompt.request(brief), provider: "openai", on: fake).1)
            guard case .failure(let problems) = StoryCheck.validate(bad, brief: brief) else {
                Issue.record("a chatty, cut-off answer must be rejected: \(bad)")
                return
            }
            let retry = StoryPrompt.request(brief, problem: problems.description)
            let good = try #require(try await FakeConversationTests.write(retry, provider: "openai", on: fake).1)
            #expect(throws: Never.self) { try StoryCheck.validate(good, brief: brief).get() }
        }
    }
}
