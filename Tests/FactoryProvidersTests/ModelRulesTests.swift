import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import FactoryImaging
@testable import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// Requests shaped per model from models.json, sent to a fake that follows the providers' docs.
@Suite("Model rules: thinking, effort, budgets, families")
struct ModelRulesTests {
    static func spec(_ provider: ProviderID, _ model: String) throws -> ModelSpec {
        try #require(ModelTable.bundled.spec(provider: provider, model: model))
    }

    @Test("Sonnet 5.5 with thinking off: between_tools and the effort, no other thinking field")
    func sonnet55Off() throws {
        let shape = try AnthropicRequest.plan(spec: Self.spec(.anthropic, "claude-sonnet-5-5"), reasoning: Reasoning(effort: .low),
                                              answerTokens: 400, item: "p1")
        #expect(shape.thinking == .init(type: "between_tools"))
        #expect(shape.effort == "low")
        #expect(shape.maxTokens == 400)
        #expect(shape.stream == false)
        let body = shape.body(model: "claude-sonnet-5-5", system: "s", user: "u", schema: ["type": "object"])
        #expect((body["thinking"] as? [String: Any])?.count == 1)
        #expect(body["temperature"] == nil && body["top_p"] == nil)
    }

    @Test("between_tools at xhigh would be a 400: refused before sending, naming item, field and fix")
    func xhighWithoutThinking() throws {
        let error = #expect(throws: FactoryError.self) {
            try AnthropicRequest.plan(spec: Self.spec(.anthropic, "claude-sonnet-5-5"), reasoning: Reasoning(effort: .xhigh),
                                      answerTokens: 400, item: "p1")
        }
        #expect(error?.message.contains("item p1") == true)
        #expect(error?.message.contains("effort: xhigh") == true)
        #expect(error?.message.contains("thinking: true") == true)
    }

    @Test("thinking wanted: adaptive, and max_tokens gets the effort's thinking budget on top")
    func thinkingBudget() throws {
        let shape = try AnthropicRequest.plan(spec: Self.spec(.anthropic, "claude-sonnet-5-5"),
                                              reasoning: Reasoning(effort: .medium, thinking: true), answerTokens: 3_000, item: "s")
        #expect(shape.thinking == .init(type: "adaptive"))
        #expect(shape.maxTokens == 3_000 + Reasoning(effort: .medium, thinking: true).thinkingBudget)
        #expect(shape.expectedThinking > 0)
        // Past the SDK's ten-minute rule the call streams, with a timeout that fits.
        let long = shape.resized(40_000)
        #expect(long.stream && long.timeout >= 1_800)
        #expect(!shape.stream && shape.timeout > 120)
    }

    @Test("a model that always thinks (Opus 5.5) is budgeted for thinking even when the item says no")
    func alwaysThinks() throws {
        let shape = try AnthropicRequest.plan(spec: Self.spec(.anthropic, "claude-opus-5-5"), reasoning: Reasoning(effort: .low),
                                              answerTokens: 400, item: "p")
        #expect(shape.thinking == .init(type: "adaptive"))
        #expect(shape.maxTokens > 400)
    }

    @Test("Haiku 4.5 thinks only when asked: nothing sent by default, enabled with budget_tokens when wanted")
    func olderModels() throws {
        let spec = try Self.spec(.anthropic, "claude-haiku-4-5")
        let off = try AnthropicRequest.plan(spec: spec, reasoning: Reasoning(effort: .high), answerTokens: 400, item: "p")
        #expect(off.thinking == nil && off.effort == nil && off.maxTokens == 400)
        let on = try AnthropicRequest.plan(spec: spec, reasoning: Reasoning(effort: .low, thinking: true), answerTokens: 400, item: "p")
        #expect(on.thinking?.type == "enabled")
        #expect((on.thinking?.budgetTokens ?? 0) >= 1_024 && on.maxTokens > on.thinking?.budgetTokens ?? 0)
    }

    @Test("reservations and estimates include the thinking budget, billed as output")
    func estimateIncludesThinking() async throws {
        let h = try await LiveHarness()
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        var quiet = ClientTests.request
        quiet.reasoning = Reasoning(effort: .low)
        var thinking = quiet
        thinking.reasoning = Reasoning(effort: .high, thinking: true)
        let plain = try #require(try client.plannedCall(write: QuotePrompt.request(quiet))), deep = try #require(try client.plannedCall(write: QuotePrompt.request(thinking)))
        #expect(deep.estimate.maxUSD > plain.estimate.maxUSD + Double(thinking.reasoning.thinkingBudget) * 9.9 / 1e6)
        #expect(deep.estimate.units["thinking_tokens"] ?? 0 > 0)
        await h.close()
    }

    /// Every text model the table lists (and does not retire), at each effort, with thinking on and
    /// off: the request either gets a 200 from the fake or is refused before it is sent.
    @Test("no request to a listed model gets a 400", arguments: [ProviderID.anthropic, .openai])
    func everyListedModelIsAccepted(provider: ProviderID) async throws {
        let h = try await LiveHarness(budget: Budget(dailyUSD: 100, weeklyUSD: 500))
        let live = try h.client(provider)
        let today = DayStamp.utcToday()
        let models = ModelTable.bundled.rows.filter { $0.provider == provider && $0.role == .text && !$0.isPattern
            && ($0.retires ?? "9999") > today }
        #expect(!models.isEmpty)
        var sent = 0
        for row in models {
            let text: any TextProvider = provider == .anthropic ? AnthropicClient(client: live, model: row.model)
                : OpenAIChatClient(client: live, model: row.model)
            for effort in Effort.allCases {
                for thinking in [false, true] {
                    var request = ClientTests.request
                    request.reasoning = Reasoning(effort: effort, thinking: thinking)
                    request.seed = UInt64(sent + 1000)
                    do {
                        _ = try await ClientTests.quote(text, request, context: h.context("m-\(sent)", stage: "text"))
                        sent += 1
                    } catch let error as FactoryError where error.message.contains("is not accepted by") {
                        continue // refused before sending: the row says the API would answer 400
                    } catch {
                        Issue.record("\(row.model) effort \(effort) thinking \(thinking): \(error)")
                    }
                }
            }
        }
        #expect(sent > models.count)
        await h.close()
    }
}

@Suite("Cut answers, quarantine and paid totals")
struct CutAnswerTests {
    @Test("a max_tokens stop is asked once more with twice the budget; both are paid; later asks hit the cache")
    func cutOnceThenLarger() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .maxTokens, count: 1)])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        let quote = try await ClientTests.quote(client, context: h.context())
        #expect(!quote.text.isEmpty)
        #expect(Int(quote.record.parameters["max_tokens"] ?? "") ?? 0 >= 800)
        #expect(await h.server.stats().billed == 2)
        let ledger = try await h.gateway.ledger.paidByStage(runId: h.gateway.settings.runId)
        #expect(abs(ledger.reduce(0) { $0 + $1.usd } - (await h.server.stats().totalUSD)) < 1e-6)
        #expect(abs(quote.record.costUSD - (await h.server.stats().totalUSD)) < 1e-6)
        let again = try await ClientTests.quote(client, context: h.context())
        #expect(again.text == quote.text)
        #expect(await h.server.stats().billed == 2)
        await h.close()
    }

    @Test("cut twice: the error says what to change, both answers are quarantined, and the next ask pays again")
    func cutTwiceIsNeverReplayed() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .maxTokens, count: 2)])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        let error = await #expect(throws: FactoryError.self) {
            try await ClientTests.quote(client, context: h.context("p-cut"))
        }
        #expect(error?.message.contains("output limit twice") == true)
        #expect(error?.message.contains("effort") == true)
        let quarantine = h.folder.url.appendingPathComponent("cache/quarantine/p-cut")
        let kept = try FileManager.default.contentsOfDirectory(atPath: quarantine.path)
        #expect(kept.filter { $0.hasSuffix(".answer") }.count == 2)
        #expect(kept.contains { $0.hasSuffix(".reason.txt") })
        // Not replayed: asked (and paid) again, and this time it is whole.
        let quote = try await ClientTests.quote(client, context: h.context("p-cut"))
        #expect(!quote.text.isEmpty)
        #expect(await h.server.stats().billed == 3)
        await h.close()
    }

    @Test("OpenAI finish_reason length: the same larger-budget retry")
    func openAILength() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "openai", kind: .maxTokens, count: 1)])
        let client = OpenAIChatClient(client: try h.client(.openai), model: "gpt-6-luna")
        let quote = try await ClientTests.quote(client, context: h.context())
        #expect(!quote.text.isEmpty)
        #expect(Int(quote.record.parameters["max_completion_tokens"] ?? "") ?? 0 >= 800)
        #expect(await h.server.stats().billed == 2)
        await h.close()
    }

    @Test("a quote that is not the JSON asked for is quarantined, not cached")
    func badQuoteIsNotCached() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .badContent, count: 1)])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        await #expect(throws: RejectedAnswer.self) {
            try await ClientTests.quote(client, context: h.context("p-bad"))
        }
        let quote = try await ClientTests.quote(client, context: h.context("p-bad"))
        #expect(!quote.text.isEmpty)
        #expect(await h.server.stats().billed == 2)
        await h.close()
    }
}

@Suite("Runware families and downloads")
struct RunwareFamilyTests {
    @Test("a partner model gets no steps, CFGScale or negativePrompt, sides in its range, and its fixed price")
    func partnerModel() async throws {
        let h = try await LiveHarness()
        let client = RunwareClient(client: try h.client(.runware))
        let request = ImageRequest(positivePrompt: "a quiet beach at dawn", negativePrompt: "text, watermark", model: "bfl:2@1",
                                   width: 576, height: 1024, steps: 28, cfgScale: 7, seed: 9)
        let (call, task, width, height, _) = try client.call(request)
        #expect(task["steps"] == nil && task["CFGScale"] == nil && task["negativePrompt"] == nil)
        #expect(width == 576 && height == 1024)
        #expect(abs(call.estimate.usd - 0.04) < 1e-9)
        let image = try await client.generate(request, context: h.context(stage: "image"))
        #expect(image.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(abs((await h.server.stats().totalUSD) - 0.04) < 1e-9)
        #expect(abs(image.record.costUSD - 0.04) < 1e-9)
        await h.close()
    }

    @Test("an unknown model: a family pattern reserves its ceiling; no family at all is refused with the fix")
    func unknownModels() async throws {
        try await HTTPTransport.scoped { transport in
            let client = RunwareClient(client: LiveClient(provider: .runware, transport: transport, endpoint: try ProviderEndpoint("http://127.0.0.1:9/v1"),
                                                          key: "k"))
            let known = try client.call(ImageRequest(positivePrompt: "p", negativePrompt: "", model: "civitai:4384@128713",
                                                     width: 1024, height: 1024, steps: 28, cfgScale: 7, seed: 1)).0
            let unknown = try client.call(ImageRequest(positivePrompt: "p", negativePrompt: "", model: "civitai:99999@1",
                                                       width: 1024, height: 1024, steps: 28, cfgScale: 7, seed: 1)).0
            #expect(unknown.estimate.maxUSD >= known.estimate.maxUSD * 4)
            let partner = try client.call(ImageRequest(positivePrompt: "p", negativePrompt: "", model: "bfl:9@9",
                                                       width: 1024, height: 1024, steps: 28, cfgScale: 7, seed: 1)).0
            #expect(partner.estimate.maxUSD >= 0.10)
            let error = #expect(throws: FactoryError.self) {
                try client.call(ImageRequest(positivePrompt: "p", negativePrompt: "", model: "ideogram:4@1",
                                             width: 1024, height: 1024, steps: 28, cfgScale: 7, seed: 1))
            }
            #expect(error?.message.contains("not in models.json") == true)
        }
    }

    @Test("half the downloads broken mid-body, and a redirect: every image arrives, each paid once")
    func brokenDownloadsAreRetried() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "runware", endpoint: "image", kind: .truncatedBody, every: 2),
                                               FakeFault(provider: "runware", endpoint: "image", kind: .redirect, count: 1)])
        let client = RunwareClient(client: try h.client(.runware))
        for seed in 1...4 {
            let request = ImageRequest(positivePrompt: "a quiet beach at dawn", negativePrompt: "text", model: "civitai:4384@128713",
                                       width: 576, height: 1024, steps: 28, cfgScale: 7, seed: UInt64(seed))
            let image = try await client.generate(request, context: h.context("i\(seed)", stage: "image"))
            #expect(ImageSignature.dimensions(image.data)?.width == 576)
        }
        let stats = await h.server.stats()
        #expect(stats.billed == 4)
        #expect(Set(stats.charges.map(\.requestHash)).count == 4)
        await h.close()
    }
}
