import FactoryCore
import FactoryKinds
import FactoryFakeProviders
@testable import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// The fake server (Realtime over a real WebSocket on 127.0.0.1), a ledger and a cache in a
/// temporary folder, a gateway, and a Realtime provider with quick reconnects.
final class RealtimeHarness: Sendable {
    let server: FakeProviderServer
    let folder: TemporaryFolder
    let gateway: PaidCallGateway
    let ledger: Ledger
    let transport = HTTPTransport()
    let runId = UUID().uuidString
    let provider: OpenAIRealtimeSpeechProvider
    let waits = Waits()
    static let key = "sk-CANARY-realtime-0042"

    init(faults: [FakeFault] = [], sessionSeconds: Double = 3600, key: String = RealtimeHarness.key) async throws {
        folder = try TemporaryFolder()
        server = FakeProviderServer(config: FakeProviderConfig(faults: faults, chargeLog: folder.url.appendingPathComponent("charges.jsonl"),
                                                               requiredKeys: ["openai": Self.key], realtimeSessionSeconds: sessionSeconds))
        let port = try await server.start()
        ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        gateway = PaidCallGateway(
            settings: .init(budget: Budget(dailyUSD: 5, weeklyUSD: 20), timezone: TimeZone(identifier: "UTC") ?? .current, week: "2027-W02",
                            runId: runId, fresh: false, limits: [.openai: 4], total: 8),
            ledger: LocalLedger(ledger), cache: LocalAnswerCache(ResultCache(folder: folder.url.appendingPathComponent("cache"))),
            stop: StopSignal(), log: { _ in }, sleep: { [waits] in await waits.add($0) })
        Secrets.register(Self.key)
        let client = LiveClient(provider: .openai, transport: transport, endpoint: try ProviderEndpoint("http://127.0.0.1:\(port)/v1"), key: key)
        var provider = OpenAIRealtimeSpeechProvider(client: client)
        provider.backoff = RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.05)
        provider.connectTimeout = 5
        self.provider = provider
    }

    /// The gateway's retry waits (not slept: recorded).
    actor Waits {
        var seconds: [Double] = []
        func add(_ value: Double) { seconds.append(value) }
    }

    func context(_ stage: StageName = .speech(chunk: 0)) -> CallContext { CallContext(item: "story", stage: stage, gateway: gateway) }

    /// Files kept in the item's quarantine.
    func quarantined() -> [String] {
        let folder = self.folder.url.appendingPathComponent("cache/quarantine/story")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    func close() async {
        await provider.shutdown()
        await transport.shutdown()
        await server.stop()
    }
}

@Suite("Realtime narration against fake-providers")
struct RealtimeSpeechTests {
    static let chunk = SpeechRequest(text: "The little fox curled up in her burrow and listened to the rain until she fell asleep.",
                                     voice: "marin", instructions: "Read gently, like a bedtime story.", speed: 1)
    /// Under 10 words, so any word the fake's `reworded` fault drops or swaps fails the check
    /// (a contraction it makes would pass: contractions are expanded on both sides).
    static let short = SpeechRequest(text: "The owl watched the stars all night long.", voice: "marin",
                                     instructions: "Read gently, like a bedtime story.", speed: 1)

    @Test("a chunk is spoken as 24 kHz PCM and settled from usage; the same chunk again is a cache hit costing nothing")
    func spokenThenCached() async throws {
        let h = try await RealtimeHarness()
        let audio = try await h.provider.speak(Self.chunk, context: h.context())
        #expect(audio.sampleRate == 24_000)
        #expect(audio.pcm.count % 2 == 0 && audio.duration > 2)
        #expect(audio.record.costUSD > 0 && !audio.record.cached)
        #expect(audio.record.parameters["verbatim"] == "exact")
        #expect(audio.record.units["audio_tokens"] ?? 0 > 0)
        let again = try await h.provider.speak(Self.chunk, context: h.context())
        #expect(again.record.cached && again.record.costUSD == 0 && again.pcm == audio.pcm)
        let stats = await h.server.stats()
        #expect(stats.billed == 1)
        #expect(abs(try h.ledger.totalSpent() - stats.totalUSD) < 1e-6)
        await h.close()
    }

    @Test("chunks of one voice share a session and run in parallel; another voice gets its own session")
    func sessionsPerVoice() async throws {
        let h = try await RealtimeHarness()
        let texts = ["One small star blinked.", "Two owls said goodnight.", "Three clouds drifted by.", "Four frogs sang softly."]
        let provider = h.provider
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, text) in texts.enumerated() {
                let request = SpeechRequest(text: text, voice: index == 3 ? "cedar" : "marin", instructions: "Read gently.")
                let context = h.context(.speech(chunk: index))
                group.addTask { _ = try await provider.speak(request, context: context) }
            }
            try await group.waitForAll()
        }
        #expect(await provider.pool.opened == 2)
        #expect(await h.server.stats().billed == 4)
        await h.close()
    }

    @Test("a reworded reading is quarantined and asked again; each ask is in the ledger; the next run pays nothing")
    func rewordedOnce() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .reworded, count: 1)])
        let audio = try await h.provider.speak(Self.short, context: h.context("speech-03"))
        #expect(audio.record.parameters["asks"] == "2")
        let stages = try h.ledger.paidByStage(runId: h.runId).map(\.stage)
        #expect(stages == ["speech-03", "speech-03-ask-2"])
        #expect(h.quarantined().count >= 1)
        let stats = await h.server.stats()
        #expect(stats.billed == 2)
        #expect(abs(audio.record.costUSD - stats.totalUSD) < 1e-6)
        let again = try await h.provider.speak(Self.short, context: h.context("speech-03"))
        #expect(again.record.cached && again.record.costUSD == 0)
        #expect(await h.server.stats().billed == 2)
        await h.close()
    }

    @Test("reworded on every ask: a bounded failure that names the chunk, the WER and the fix")
    func rewordedAlways() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .reworded)])
        let error = await #expect(throws: FactoryError.self) { try await h.provider.speak(Self.short, context: h.context("speech-02")) }
        let message = error?.message ?? ""
        #expect(message.contains("item story stage speech-02"))
        #expect(message.contains("word error rate"))
        #expect(message.contains("providers.speech_reworded: accept"))
        #expect(message.contains("quarantine"))
        #expect(message.contains("heard \"The owl watched"))
        #expect(await h.server.stats().billed == RealtimeAsk.maxAsks)
        #expect(try h.ledger.paidByStage(runId: h.runId).map(\.stage) == ["speech-02", "speech-02-ask-2", "speech-02-ask-3"])
        await h.close()
    }

    @Test("reworded on every ask with speech_reworded: accept: the last reading is kept, and found again for free")
    func rewordedAccepted() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .reworded)])
        var request = Self.short
        request.acceptReworded = true
        let audio = try await h.provider.speak(request, context: h.context())
        #expect(audio.record.parameters["verbatim"]?.hasPrefix("accepted, WER ") == true)
        #expect(audio.record.parameters["transcript"]?.isEmpty == false)
        #expect(await h.server.stats().billed == 3)
        let again = try await h.provider.speak(request, context: h.context())
        #expect(again.record.cached && again.record.costUSD == 0)
        #expect(await h.server.stats().billed == 3)
        await h.close()
    }

    @Test("session_expired in answer to a response.create: a new session reads the chunk")
    func sessionExpired() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .sessionExpired, count: 1)])
        let audio = try await h.provider.speak(Self.chunk, context: h.context())
        #expect(audio.duration > 2 && audio.record.parameters["verbatim"] == "exact")
        #expect(await h.provider.pool.opened == 2)
        #expect(await h.server.stats().billed == 1)
        await h.close()
    }

    @Test("a session that reached its maximum length is replaced for the next chunk")
    func sessionTimesOut() async throws {
        let h = try await RealtimeHarness(sessionSeconds: 1.5)
        let first = try await h.provider.speak(Self.short, context: h.context())
        try await Task.sleep(for: .seconds(2))
        let next = SpeechRequest(text: "The rain stopped, and the moon came out.", voice: "marin", instructions: "Read gently.")
        let second = try await h.provider.speak(next, context: h.context("speech-02"))
        #expect(first.duration > 1 && second.duration > 1)
        #expect(second.record.parameters["verbatim"] == "exact")
        // Under load the first chunk may outlive its session too; either way every chunk is read.
        #expect(await h.provider.pool.opened >= 2)
        await h.close()
    }

    @Test("a socket dropped mid-audio: a new session reads the chunk; the cut response's estimate is in the cost")
    func socketDropped() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .socketDrop, count: 1)])
        let audio = try await h.provider.speak(Self.chunk, context: h.context())
        #expect(audio.record.parameters["verbatim"] == "exact")
        let stats = await h.server.stats()
        #expect(stats.billed == 2)
        // The fake bills the cut response for what it sent; the estimate is within a few percent.
        let spent = try h.ledger.totalSpent()
        #expect(abs(spent - stats.totalUSD) < 0.05 * stats.totalUSD, "ledger \(spent) vs billed \(stats.totalUSD)")
        #expect(spent > stats.charges.map(\.costUSD).max() ?? 0)
        await h.close()
    }

    @Test("429 at the handshake is retried by the gateway's policy")
    func rateLimitedHandshake() async throws {
        let h = try await RealtimeHarness(faults: [FakeFault(provider: "openai", endpoint: "realtime", kind: .rateLimit, count: 1, retryAfter: "0")])
        let audio = try await h.provider.speak(Self.chunk, context: h.context())
        #expect(audio.duration > 2)
        #expect(await h.server.stats().billed == 1)
        #expect(await h.waits.seconds.count == 1)
        await h.close()
    }

    @Test("a refused key at the handshake fails the chunk as auth, without retrying and without the key")
    func refusedKey() async throws {
        let h = try await RealtimeHarness(key: "sk-CANARY-wrong-key-0077")
        Secrets.register("sk-CANARY-wrong-key-0077")
        let error = await #expect(throws: FactoryError.self) { try await h.provider.speak(Self.chunk, context: h.context()) }
        #expect(error?.message.contains("401") == true, "\(error?.message ?? "")")
        #expect(error.map { !"\($0)".contains("sk-CANARY-wrong-key-0077") } == true)
        #expect(await h.waits.seconds.isEmpty)
        #expect(await h.server.stats().billed == 0)
        await h.close()
    }

    @Test("doctor opens a session and closes it without a response: nothing billed; a wrong key is a problem without the key")
    func doctorProbe() async throws {
        let h = try await RealtimeHarness()
        let finding = await ProviderDoctor(kinds: StandardKinds.registry).realtimeSession(h.provider.client, model: "gpt-realtime-2.1-mini")
        #expect(finding.level == .ok, "\(finding.message)")
        #expect(await h.server.stats().billed == 0)
        var wrong = h.provider.client
        wrong.key = "sk-CANARY-wrong-key-0099"
        Secrets.register(wrong.key)
        let refused = await ProviderDoctor(kinds: StandardKinds.registry).realtimeSession(wrong, model: "gpt-realtime-2.1-mini")
        #expect(refused.level == .problem)
        #expect(refused.message.contains("OPENAI_API_KEY"), "\(refused.message)")
        #expect(!refused.message.contains(wrong.key))
        await h.close()
    }
}
