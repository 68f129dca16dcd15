import FactoryCore
@testable import FactoryKinds
@testable import FactoryProviders
import Foundation
import Testing

/// A poster's quote now goes through `TextProvider.write` like every kind's text. What the live
/// clients send for it must be the bytes they sent when the quote had its own method: the body
/// built with the schema as a dictionary, 400 answer tokens and the schema named `poster_quote`.
/// The cache key is made from those bytes, so answers cached before the move still match.
@Suite struct QuoteWireTests {
    static let briefs = [
        QuoteBrief(series: .mondayMotivation, theme: "sunrise over mountains", week: ISOWeek(year: 2026, week: 48), seed: 42),
        QuoteBrief(series: .thursdayTherapy, theme: "a warm kitchen", week: ISOWeek(year: 2027, week: 2), seed: 7,
                   reasoning: Reasoning(effort: .high), recent: RecentWork([.quote: ["Rest is part of the work."]]), problem: "too long"),
    ]

    /// A client that is only asked to plan (nothing is sent); its transport is shut when done.
    static func withClient(_ provider: ProviderID, _ body: (LiveClient) throws -> Void) async throws {
        let transport = HTTPTransport()
        let client = LiveClient(provider: provider, transport: transport, endpoint: try ProviderEndpoint("http://127.0.0.1:9/v1"),
                                key: "sk-test", models: .bundled)
        do { try body(client) } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
    }

    @Test func anthropicSendsTheQuoteBytesItAlwaysSent() async throws {
        try await Self.withClient(.anthropic) { client in
        let anthropic = AnthropicClient(client: client, model: "claude-sonnet-5-5")
        for brief in Self.briefs {
            let request = QuotePrompt.request(brief)
            let now = try #require(try anthropic.plannedCall(write: request))
            let before = try anthropic.call(system: QuotePrompt.system, user: QuotePrompt.user(brief), schema: QuotePrompt.schema,
                                            seed: brief.seed, expectedOutput: 60, answerTokens: 400, reasoning: brief.reasoning, item: "").0
            #expect(now.canonical == before.canonical)
            #expect(now.key == before.key)
            #expect(String(decoding: now.canonical, as: UTF8.self).contains("\"quote\""))
        }
        }
    }

    @Test func openAISendsTheQuoteBytesItAlwaysSent() async throws {
        try await Self.withClient(.openai) { client in
        // The default text model: gpt-4o-mini retires on 2027-01-14, and a dated test would fail from then.
        let openAI = OpenAIChatClient(client: client, model: ModelDefaults.openAIText)
        for brief in Self.briefs {
            let now = try #require(try openAI.plannedCall(write: QuotePrompt.request(brief)))
            let before = try openAI.call(system: QuotePrompt.system, user: QuotePrompt.user(brief), schemaName: "poster_quote",
                                         schema: QuotePrompt.schema, seed: brief.seed, expectedOutput: 60, answerTokens: 400,
                                         reasoning: brief.reasoning, item: "").0
            #expect(now.canonical == before.canonical)
            #expect(String(decoding: now.canonical, as: UTF8.self).contains("\"name\":\"poster_quote\""))
        }
        }
    }

    @Test func theOfflineQuoteReadsBackAsAQuote() async throws {
        let written = try await OfflineTextProvider(kinds: StandardKinds.registry).write(QuotePrompt.request(Self.briefs[0]), context: CallContext(item: "mon", stage: .text, gateway: nil))
        let quote = try QuotePrompt.quote(written, provider: "offline")
        #expect(!quote.text.isEmpty && written.record.model == "quote-library-v1" && written.record.costUSD == 0)
        #expect(QuoteLibrary.pick(series: .mondayMotivation, week: ISOWeek(year: 2026, week: 48), offset: 0, avoid: RecentWork(), in: .standard)?.text == quote.text)
    }
}
