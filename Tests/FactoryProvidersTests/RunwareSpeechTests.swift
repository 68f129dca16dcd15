import FactoryCore
import FactoryFakeProviders
@testable import FactoryProviders
import Foundation
import Testing

@Suite("Runware speech (audioInference) against fake-providers")
struct RunwareSpeechTests {
    static let text = "Once upon a time a small fox found a lantern in the snow, and carried it home to her two sleepy sisters."

    static func request(_ voice: String = "coral", text: String = text) -> SpeechRequest {
        SpeechRequest(text: text, voice: voice, instructions: "Read slowly and warmly.", speed: 1, language: "en")
    }

    @Test("a chunk is spoken, decoded with libav to mono PCM of a plausible length, and settled from the answer's cost")
    func speaksAndSettles() async throws {
        let h = try await LiveHarness()
        let provider = RunwareSpeechProvider(client: try h.client(.runware), model: "elevenlabs:26@1")
        let planned = try #require(try provider.plannedCall(Self.request(), item: "item-1"))
        let audio = try await provider.speak(Self.request(), context: h.context(stage: "speech-01"))
        // The fake speaks 2.6 words a second plus 0.3 s (SpeechSynth): 21 words ≈ 8.4 s.
        let words = Double(Self.text.split(separator: " ").count)
        #expect(abs(audio.duration - (words / 2.6 + 0.3)) < 0.25)
        #expect(audio.sampleRate == 44_100)
        #expect(audio.pcm.count % 2 == 0)
        let peak = audio.pcm.withUnsafeBytes { $0.bindMemory(to: Int16.self).map { abs(Int($0)) }.max() ?? 0 }
        #expect(peak > 3000, "the decoded audio is speech-loud, not silence")
        // Reserved at the row's ceiling ($200 per 1M characters), settled at the fake's $0.10 per 1K.
        let characters = Double(Self.text.count)
        #expect(abs(planned.estimate.maxUSD - characters * 200 / 1e6) < 1e-9)
        #expect(abs(audio.record.costUSD - characters * 0.10 / 1000) < 1e-6)
        #expect(audio.record.costUSD < planned.estimate.maxUSD)
        #expect(abs(try h.ledger.totalSpent() - audio.record.costUSD) < 1e-9)
        #expect(audio.record.provider == "runware" && audio.record.model == "elevenlabs:26@1")
        #expect(audio.record.parameters["voice"] == "coral" && audio.record.parameters["voice_id"] == "XrExE9yKIg1WjnnlVkGX")
        #expect(audio.record.parameters["format"] == "wav" && audio.record.parameters["cost"] == nil)
        #expect(audio.record.units["characters"] == characters)
        #expect(abs((audio.record.units["audio_seconds"] ?? 0) - audio.duration) < 1e-9)
        #expect(audio.record.requestId?.isEmpty == false && audio.record.cached == false)
        await h.close()
    }

    @Test("the same chunk again is a cache hit: $0, nothing sent, the same audio")
    func secondSpeakIsCached() async throws {
        let h = try await LiveHarness()
        let provider = RunwareSpeechProvider(client: try h.client(.runware), model: "minimax:speech@2.8")
        let first = try await provider.speak(Self.request("sage"), context: h.context(stage: "speech-01"))
        #expect(first.record.parameters["voice_id"] == "English_Wiselady")
        let second = try await provider.speak(Self.request("sage"), context: h.context(stage: "speech-01"))
        #expect(second.record.cached && second.record.costUSD == 0)
        #expect(second.pcm == first.pcm)
        let stats = await h.server.stats()
        #expect(stats.requests == 1 && stats.billed == 1)
        #expect(abs(try h.ledger.totalSpent() - first.record.costUSD) < 1e-9)
        await h.close()
    }

    @Test("a 429 is waited out and asked again, billed once")
    func rateLimitRetried() async throws {
        let h = try await LiveHarness(faults: [FakeFault(provider: "runware", endpoint: "inference", kind: .rateLimit, count: 1, retryAfter: "1")])
        let provider = RunwareSpeechProvider(client: try h.client(.runware), model: "elevenlabs:25@1")
        let audio = try await provider.speak(Self.request("onyx"), context: h.context(stage: "speech-01"))
        #expect(audio.duration > 5)
        #expect(await h.waits.seconds == [1])
        let stats = await h.server.stats()
        #expect(stats.requests == 2 && stats.billed == 1)
        await h.close()
    }

    @Test("a voice with no model voice is refused before anything is sent, naming the item and the fix")
    func badVoice() async throws {
        let h = try await LiveHarness()
        let provider = RunwareSpeechProvider(client: try h.client(.runware), model: "elevenlabs:26@1")
        let error = await #expect(throws: FactoryError.self) {
            try await provider.speak(Self.request("corral"), context: h.context("bedtime-tue", stage: "speech-01"))
        }
        let message = error?.description ?? ""
        #expect(message.contains("bedtime-tue") && message.contains("\"corral\"") && message.contains("elevenlabs:26@1"))
        #expect(message.contains("voice_ids"))
        #expect(await h.server.stats().requests == 0)
        await h.close()
    }
}
