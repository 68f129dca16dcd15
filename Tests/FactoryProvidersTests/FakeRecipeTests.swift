import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import Foundation
import Testing

@Suite("Fake provider server: recipes")
struct FakeRecipeTests {
    static func brief(_ prompt: String = "use up my sad apples", seed: UInt64 = 31) -> RecipeBrief {
        RecipeBrief(prompt: prompt, seed: seed)
    }

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    @Test(arguments: ["anthropic", "openai"])
    func aRecipePassesTheCheck(provider: String) async throws {
        try await FakeHarness.with { fake in
            let (answer, text) = try await FakeConversationTests.write(RecipePrompt.request(Self.brief()), provider: provider, on: fake)
            #expect(answer.status == 200)
            let recipe = try RecipeCheck.validate(try #require(text)).get()
            #expect(recipe.title == "Easy Apple Crumble", "the prompt's dish")
            #expect((3...7).contains(recipe.steps.count))
            #expect(recipe.steps.allSatisfy { (5...7).contains(Self.words($0.title)) && $0.secondsHint != nil })
            #expect(Self.words(try #require(recipe.hook)) <= 8)
            #expect((3...10).contains(recipe.ingredients.count))
            #expect((30...90).contains(try #require(recipe.timeMinutes)))
            #expect((1...30).contains(try #require(recipe.costDollars)))
            #expect((100...1000).contains(try #require(recipe.calories)))
            let again = try await FakeConversationTests.write(RecipePrompt.request(Self.brief()), provider: provider, on: fake)
            #expect(again.1 == text)   // seeded by the request: the same request, the same recipe
        }
    }

    @Test func everySeedAndPromptPasses() async throws {
        try await FakeHarness.with { fake in
            var titles = Set<String>()
            for seed in UInt64(0)..<24 {
                let prompt = ["", "pancakes for the kids", "ramen upgrade", "something with chicken", "a pasta night"][Int(seed % 5)]
                let request = RecipePrompt.request(Self.brief(prompt, seed: seed))
                let text = try #require(try await FakeConversationTests.write(request, provider: seed % 2 == 0 ? "openai" : "anthropic", on: fake).1)
                switch RecipeCheck.validate(text) {
                case .success(let recipe): titles.insert(recipe.title)
                case .failure(let problems): Issue.record("seed \(seed): \(problems)\n\(text)")
                }
            }
            #expect(titles.count >= 4)
        }
    }

    @Test(arguments: ["anthropic", "openai"])
    func wrongCountGivesOneStepAndTheCheckSaysSo(provider: String) async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "\(provider):wrongCount")])) { fake in
            let (answer, text) = try await FakeConversationTests.write(RecipePrompt.request(Self.brief()), provider: provider, on: fake)
            #expect(answer.status == 200)
            let raw = try #require(text.flatMap { FakeJSON.parse(Data($0.utf8)) })
            #expect(raw["steps"]?.array?.count == 1)
            guard case .failure(let problems) = RecipeCheck.validate(try #require(text)) else {
                Issue.record("one step must not pass as a recipe")
                return
            }
            #expect(problems.list == ["there is 1 step; write 3–7"])
        }
    }

    @Test func badContentIsRejectedThenTheRetryIsValid() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [try FakeFault(spec: "openai/chat:badContent:count=1")])) { fake in
            let bad = try #require(try await FakeConversationTests.write(RecipePrompt.request(Self.brief()), provider: "openai", on: fake).1)
            guard case .failure(let problems) = RecipeCheck.validate(bad) else {
                Issue.record("a chatty, cut-off answer must be rejected: \(bad)")
                return
            }
            let retry = RecipePrompt.request(Self.brief(), problem: problems.description)
            #expect(retry.user.hasSuffix("fix that.") && retry.user.contains("Your previous answer was rejected: the answer is not the JSON object"))
            let good = try #require(try await FakeConversationTests.write(retry, provider: "openai", on: fake).1)
            #expect(throws: Never.self) { try RecipeCheck.validate(good).get() }
        }
    }
}
