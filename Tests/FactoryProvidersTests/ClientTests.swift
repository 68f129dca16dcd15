import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import FactoryImaging
import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// A fake server, a ledger and a cache in a temporary folder, and a gateway that records its waits.
final class LiveHarness: Sendable {
    let server: FakeProviderServer
    let folder: TemporaryFolder
    let gateway: PaidCallGateway
    /// The SQLite ledger behind the gateway (its own reports, such as totalSpent, are read directly).
    let ledger: Ledger
    /// One transport for every harness, never released: a test that throws half-way cannot leave
    /// an HTTP client un-shut-down (async-http-client traps in deinit, taking the whole suite).
    static let sharedTransport = HTTPTransport()
    var transport: HTTPTransport { Self.sharedTransport }
    /// The day the tests' model checks see: before any retirement the bundled table names, so the
    /// suite reads the same on 2027-02-01 as today.
    static let today = "2026-12-01"
    let waits = Waits()
    let port: Int

    actor Waits {
        var seconds: [Double] = []
        func add(_ value: Double) { seconds.append(value) }
    }

    static let keys: [ProviderID: String] = [.runware: "rw-CANARY-test-0001", .openai: "sk-CANARY-test-0002", .anthropic: "sk-ant-CANARY-test-0003"]

    init(faults: [FakeFault] = [], budget: Budget = Budget(dailyUSD: 5, weeklyUSD: 20), fresh: Bool = false) async throws {
        folder = try TemporaryFolder()
        server = FakeProviderServer(config: FakeProviderConfig(faults: faults, chargeLog: folder.url.appendingPathComponent("charges.jsonl")))
        port = try await server.start()
        let waits = self.waits
        ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        gateway = PaidCallGateway(
            settings: .init(budget: budget, timezone: TimeZone(identifier: "America/New_York") ?? .current, week: "2026-W48",
                            runId: UUID().uuidString, fresh: fresh, limits: [.runware: 4, .openai: 4, .anthropic: 4], total: 8),
            ledger: LocalLedger(ledger),
            cache: LocalAnswerCache(ResultCache(folder: folder.url.appendingPathComponent("cache"))), stop: StopSignal(),
            log: { _ in }, sleep: { await waits.add($0) })
        for key in Self.keys.values { Secrets.register(key) }
    }

    func client(_ provider: ProviderID, key: String? = nil) throws -> LiveClient {
        let base = provider == .anthropic ? "http://127.0.0.1:\(port)" : "http://127.0.0.1:\(port)/v1"
        return LiveClient(provider: provider, transport: transport, endpoint: try ProviderEndpoint(base),
                          key: key ?? Self.keys[provider] ?? "", models: .bundled, today: { LiveHarness.today })
    }

    func context(_ item: String = "item-1", stage: StageName = .text) -> CallContext {
        CallContext(item: item, stage: stage, gateway: gateway)
    }

    /// Stops the fake; the shared transport lives as long as the test process.
    func close() async {
        await server.stop()
    }
}

@Suite("Provider clients against fake-providers")
struct ClientTests {
    static let request = QuoteBrief(series: .mondayMotivation, theme: "sunrise over mountains",
                                    week: ISOWeek(year: 2026, week: 48), seed: 42)

    /// A poster's quote as the poster kind asks for it (`QuotePrompt`, through `write`).
    static func quote(_ client: any TextProvider, _ brief: QuoteBrief = request, context: CallContext) async throws -> GeneratedQuote {
        try QuotePrompt.quote(try await client.write(QuotePrompt.request(brief), context: context), provider: client.identity)
    }

    @Test("Anthropic: a structured quote, its cost in the ledger, and a second ask served from the cache")
    func anthropicQuoteAndCache() async throws {
        let h = try await LiveHarness()
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        let first = try await Self.quote(client, context: h.context())
        #expect(!first.text.isEmpty)
        #expect(first.record.costUSD > 0)
        #expect(first.record.requestId?.hasPrefix("req_") == true || first.record.requestId?.hasPrefix("msg_") == true)
        let second = try await Self.quote(client, context: h.context())
        #expect(second.text == first.text)
        #expect(second.record.costUSD == 0)
        let stats = await h.server.stats()
        #expect(stats.billed == 1)
        #expect(abs(try h.ledger.totalSpent() - stats.totalUSD) < 1e-6)
        await h.close()
    }

    /// The fake bills a request once its body is out, and a client holds the whole body a moment
    /// before that: the totals asked for right after each answer still count every answer.
    @Test("the fake's totals, read right after each answer, count that answer")
    func totalsCountEachAnswerAtOnce() async throws {
        let h = try await LiveHarness()
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        for i in 1...25 {
            let brief = QuoteBrief(series: .mondayMotivation, theme: "sunrise over mountains", week: ISOWeek(year: 2026, week: 48), seed: UInt64(i))
            _ = try await Self.quote(client, brief, context: h.context("totals-\(i)"))
            let billed = await h.server.stats().billed
            #expect(billed == i, "after answer \(i) the fake had billed \(billed)")
        }
        await h.close()
    }

    @Test("OpenAI chat: json_schema answer decoded; speech: WAV whose length fits the text")
    func openAI() async throws {
        let h = try await LiveHarness()
        let chat = OpenAIChatClient(client: try h.client(.openai), model: "gpt-4o-mini")
        let quote = try await Self.quote(chat, context: h.context())
        #expect(!quote.text.isEmpty && quote.record.costUSD > 0)
        let speech = OpenAISpeechClient(client: try h.client(.openai))
        let text = "Once upon a time a small fox found a lantern in the snow, and carried it home to her sisters."
        let audio = try await speech.speak(.init(input: text, voice: "coral"), context: h.context(stage: "speech"))
        let seconds = audio.units["audio_seconds"] ?? 0
        #expect(audio.payload.prefix(4) == Data("RIFF".utf8))
        #expect(seconds > 3 && seconds < 12)
        #expect(audio.costUSD > 0)
        await h.close()
    }

    @Test("Runware: a real JPEG of the asked size; a 20000x20000 PNG is refused from its header")
    func runwareImages() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "runware", endpoint: "image", kind: .hugeImage, count: 1)])
        let client = RunwareClient(client: try h.client(.runware))
        let request = ImageRequest(positivePrompt: "a quiet beach at dawn", negativePrompt: "text", model: "runware:101@1",
                                   width: 576, height: 1024, steps: 28, cfgScale: 7, seed: 9)
        let error = await #expect(throws: FactoryError.self) {
            try await client.generate(request, context: h.context(stage: "image"))
        }
        #expect(error?.description.contains("20000x20000") == true)
        // The answer was saved when it arrived: the retry downloads again and pays nothing more.
        let image = try await client.generate(request, context: h.context(stage: "image"))
        #expect(image.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let size = try #require(ImageSignature.dimensions(image.data))
        #expect(size.width == 576 && size.height == 1024)
        #expect(await h.server.stats().billed == 1)
        await h.close()
    }

    @Test("429 with Retry-After twice, then success: waits the hinted 2 s each time, one charge")
    func rateLimitStorm() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .rateLimit, count: 2, retryAfter: "2")])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-haiku-5-5")
        _ = try await Self.quote(client, context: h.context())
        #expect(await h.waits.seconds == [2, 2])
        let stats = await h.server.stats()
        #expect(stats.requests == 3 && stats.billed == 1)
        await h.close()
    }

    @Test("Anthropic 429 without retry-after (spend cap) is not retried and pauses the provider")
    func spendCap() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .spendCap)])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        await #expect(throws: FactoryError.self) { try await Self.quote(client, context: h.context()) }
        #expect(await h.server.stats().requests == 1)
        #expect(await h.gateway.health.pauseReason(.anthropic) != nil)
        await #expect(throws: Deferral.self) { try await Self.quote(client, context: h.context("item-2")) }
        #expect(await h.server.stats().requests == 1)
        await h.close()
    }

    @Test("a 529 outage: backoff, then the provider is paused and its stages deferred")
    func overloadOutage() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "anthropic", kind: .overloaded)])
        let client = AnthropicClient(client: try h.client(.anthropic), model: "claude-sonnet-5-5")
        for n in 0..<4 {
            await #expect(throws: Deferral.self) { try await Self.quote(client, context: h.context("item-\(n)")) }
        }
        // Three attempts for each of the first three calls, then the breaker is open: nothing more is sent.
        #expect(await h.server.stats().requests == 9)
        #expect(await h.waits.seconds.count == 6)
        #expect(await h.gateway.health.pauseReason(.anthropic)?.contains("529") == true)
        #expect(try h.ledger.totalSpent() == 0)
        await h.close()
    }

    @Test("malformed JSON: billed once at the estimate, retried once, then a clear error")
    func malformed() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "openai", endpoint: "chat", kind: .malformedJSON, count: 1)])
        let client = OpenAIChatClient(client: try h.client(.openai), model: "gpt-4o-mini")
        let quote = try await Self.quote(client, context: h.context())
        #expect(!quote.text.isEmpty)
        #expect(await h.server.stats().billed == 2)
        #expect(await h.waits.seconds.count == 1)
        await h.close()
    }

    @Test("a paid call outside a run's gateway is refused and nothing is sent")
    func noGatewayNoCall() async throws {
        let h = try await LiveHarness()
        let client = OpenAIChatClient(client: try h.client(.openai), model: "gpt-4o-mini")
        let bare = CallContext(item: "item-1", stage: "text", gateway: nil)
        let error = await #expect(throws: (any Error).self) { try await Self.quote(client, context: bare) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("outside a run's gateway"))
        #expect(await h.server.stats().requests == 0)
        #expect(try h.ledger.openCalls(excludingRun: "").isEmpty)
        await h.close()
    }

    @Test("an auth error that echoes the key never shows it")
    func authEcho() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "openai", kind: .authEchoKey)])
        let client = OpenAIChatClient(client: try h.client(.openai), model: "gpt-4o-mini")
        let error = await #expect(throws: FactoryError.self) { try await Self.quote(client, context: h.context()) }
        let text = error?.description ?? ""
        #expect(text.contains("401"))
        #expect(!text.contains(LiveHarness.keys[.openai] ?? "-"))
        #expect(text.contains("[redacted]"))
        await h.close()
    }

    @Test("a daily cap: calls that could break it are not made, even 8 at once")
    func budgetCap() async throws {
        let h = try await LiveHarness(budget: Budget(dailyUSD: 0.004, weeklyUSD: 1))
        let client = RunwareClient(client: try h.client(.runware))
        let results = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<8 {
                group.addTask {
                    let request = ImageRequest(positivePrompt: "stone \(n)", negativePrompt: "", model: "runware:101@1",
                                               width: 1024, height: 1024, steps: 28, cfgScale: 7, seed: UInt64(n + 1))
                    return (try? await client.generate(request, context: h.context("item-\(n)", stage: "image"))) != nil
                }
            }
            var made = 0
            for await ok in group where ok { made += 1 }
            return made
        }
        let stats = await h.server.stats()
        #expect(results == 2)
        #expect(stats.billed == 2)
        #expect(stats.totalUSD <= 0.004)
        await h.close()
    }

    @Test("base URLs: plain http only for loopback")
    func endpoints() throws {
        #expect(throws: FactoryError.self) { try ProviderEndpoint("http://api.example.com/v1") }
        #expect(try ProviderEndpoint("http://127.0.0.1:8787/v1/").base.absoluteString == "http://127.0.0.1:8787/v1")
        #expect(try ProviderEndpoint("https://api.openai.com/v1").base.host == "api.openai.com")
        let resolved = try ProviderEndpoint.resolve(.anthropic, environment: [:])
        #expect(resolved.base.absoluteString == "https://api.anthropic.com")
    }
}

