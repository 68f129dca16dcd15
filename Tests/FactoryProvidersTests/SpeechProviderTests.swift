import FactoryCore
import FactoryKinds
import FactoryFakeProviders
@testable import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// Narration providers: espeak-ng offline, OpenAI against the fake server over real HTTP, and the
/// resolver's choice between them.
@Suite("Speech providers")
struct SpeechProviderTests {
    static let text = "Goodnight, Luna. The stars are watching over you, and the moon keeps the night soft."
    static let instructions = "Read slowly and warmly, like a bedtime story."

    /// Samples as floats in −1…1, and their RMS.
    static func rms(_ pcm: Data) -> Double {
        let samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        guard !samples.isEmpty else { return 0 }
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (energy / Double(samples.count)).squareRoot() / 32768
    }

    // MARK: offline

    @Test("offline: espeak-ng speech at 22 050 Hz, recorded as free characters and seconds")
    func offlineRecord() async throws {
        let provider = OfflineSpeechProvider.espeakOnly()
        let request = SpeechRequest(text: Self.text, voice: "coral", instructions: Self.instructions)
        let audio = try await provider.speak(request, context: CallContext(item: "story-1", stage: "narration", gateway: nil))
        #expect(provider.name == "offline")
        #expect(audio.sampleRate == 22_050)
        #expect((3...9).contains(audio.duration), "\(audio.duration) s")
        #expect(Self.rms(audio.pcm) > 0.02)
        let record = audio.record
        #expect(record.provider == "offline" && record.stage == "narration")
        #expect(record.model.hasPrefix("espeak-ng-1."))
        #expect(record.units["characters"] == Double(Self.text.count))
        #expect(abs((record.units["seconds"] ?? 0) - audio.duration) < 0.001)
        #expect(record.costUSD == 0)
        #expect(record.parameters["espeak_voice"] == "en-us+f3")
    }

    @Test("offline: voices map to espeak-ng variants, speed scales the calm rate, language picks the voice")
    func offlineMapping() async throws {
        func voice(_ name: String, language: String = "en") -> String {
            OfflineSpeechProvider.localVoice(for: SpeechRequest(text: "x", voice: name, instructions: "", language: language)).name
        }
        #expect(voice("coral") == "en-us+f3")
        #expect(voice("onyx") == "en-us+m3")
        #expect(voice("fable") == "en-gb+m4")
        #expect(voice("voice_custom123") == "en-us+f3")
        #expect(voice("nova", language: "de") == "de+f2")
        #expect(OfflineSpeechProvider.rate(speed: 1) == 140)
        #expect(OfflineSpeechProvider.rate(speed: 1.5) == 210)
        #expect(OfflineSpeechProvider.rate(speed: 0.25) == 80)

        let provider = OfflineSpeechProvider.espeakOnly()
        let context = CallContext(item: "story-1", stage: "narration", gateway: nil)
        let calm = try await provider.speak(SpeechRequest(text: Self.text, voice: "onyx", instructions: ""), context: context)
        let quick = try await provider.speak(SpeechRequest(text: Self.text, voice: "onyx", instructions: "", speed: 1.5), context: context)
        #expect(quick.duration < 0.8 * calm.duration)
        let german = try await provider.speak(SpeechRequest(text: "Gute Nacht, kleiner Bär. Schlaf gut.", voice: "nova",
                                                            instructions: "", language: "de"), context: context)
        #expect(german.record.parameters["espeak_voice"] == "de+f2" && german.duration > 1)
    }

    // MARK: OpenAI

    @Test("OpenAI: PCM as long as the text, its cost recorded, a second identical call is a free cache hit")
    func openAIPCMAndCache() async throws {
        let h = try await LiveHarness()
        let provider = OpenAISpeechProvider(client: try h.client(.openai))
        let request = SpeechRequest(text: Self.text, voice: "coral", instructions: Self.instructions, speed: 1)
        let first = try await provider.speak(request, context: h.context("story-1", stage: "narration"))
        // The fake speaks 2.6 words a second plus 0.3 s of tail, at 24 kHz.
        let words = Double(Self.text.split(whereSeparator: \.isWhitespace).count)
        let expectedBytes = 2 * Int((words / 2.6 + 0.3) * 24_000)
        #expect(first.sampleRate == 24_000)
        #expect(first.pcm.count == expectedBytes, "\(first.pcm.count) bytes, expected \(expectedBytes)")
        #expect(Self.rms(first.pcm) > 0.05)
        let seconds = first.duration
        #expect(abs((first.record.units["audio_seconds"] ?? 0) - seconds) < 0.001)
        #expect(first.record.units["characters"] == Double(Self.text.count))
        #expect(abs(first.record.costUSD - seconds / 60 * 0.015) < 1e-9)
        #expect(first.record.provider == "openai" && first.record.model == "gpt-4o-mini-tts")
        #expect(!first.record.cached && first.record.parameters["format"] == "pcm")
        #expect(first.record.requestId != nil)

        let second = try await provider.speak(request, context: h.context("story-1", stage: "narration"))
        let samePCM = second.pcm == first.pcm
        #expect(samePCM)
        #expect(second.record.costUSD == 0 && second.record.cached)
        var stats = await h.server.stats()
        #expect(stats.billed == 1)
        #expect(abs(try h.ledger.totalSpent() - first.record.costUSD) < 1e-9)
        #expect(abs(stats.totalUSD - first.record.costUSD) < 1e-9)

        // A changed chunk is its own request: paid once, the unchanged one still free.
        var changed = request
        changed.text += " Sleep well."
        let third = try await provider.speak(changed, context: h.context("story-1", stage: "narration"))
        #expect(!third.record.cached && third.pcm.count > first.pcm.count)
        stats = await h.server.stats()
        #expect(stats.billed == 2)
        await h.close()
    }

    @Test("OpenAI: an unknown voice is the provider's 400, not audio")
    func openAIRejectsUnknownVoice() async throws {
        let h = try await LiveHarness()
        let provider = OpenAISpeechProvider(client: try h.client(.openai))
        await #expect(throws: (any Error).self) {
            try await provider.speak(SpeechRequest(text: Self.text, voice: "corral", instructions: ""), context: h.context(stage: "narration"))
        }
        #expect(await h.server.stats().billed == 0)
        await h.close()
    }

    // MARK: resolver

    static func environment(openAIKey: Bool) -> [String: String] {
        var environment = ["FACTORY_CREDENTIALS": "/nonexistent/contentfactory-credentials"]
        if openAIKey { environment["OPENAI_API_KEY"] = LiveHarness.keys[.openai] }
        return environment
    }

    @Test("resolver: speech auto is OpenAI with a key and espeak-ng without")
    func resolverAuto() async throws {
        let live = try await ResolvedProviders.resolve(ProviderChoices(text: .offline, image: .offline, speech: .auto),
                                                       environment: Self.environment(openAIKey: true), offline: false, kinds: StandardKinds.registry)
        #expect(live.speech.name == "openai" && live.set.speech?.name == "openai")
        #expect(live.live[.speech] == .openai)
        // The default moves to the Realtime model on OpenAI's shutdown day (SpeechChoice).
        let expected = DayStamp.utcToday() < "2027-01-06" ? "speech: openai gpt-4o-mini-tts (live, https://api.openai.com/v1)"
            : "speech: openai gpt-realtime-2.1-mini (live, Realtime API, https://api.openai.com/v1)"
        #expect(live.set.description.contains(expected), "\(live.set.description)")
        await live.transport?.shutdown()

        let offline = try await ResolvedProviders.resolve(ProviderChoices(), environment: Self.environment(openAIKey: false), offline: false, kinds: StandardKinds.registry)
        #expect(offline.speech.name == "offline" && offline.set.speech?.name == "offline")
        #expect(offline.live[.speech] == nil && offline.transport == nil)
        let line = try #require(offline.set.description.first { $0.hasPrefix("speech:") })
        // Piper when `make piper` installed it, espeak-ng otherwise: the header says which.
        #expect(line.hasPrefix("speech: offline (piper 1.") || line.hasPrefix("speech: offline (espeak-ng 1."), "\(line)")
        #expect(line.contains("no OPENAI_API_KEY"), "\(line)")
    }

    @Test("resolver: speech openai without a key is an error naming the variable; offline and --offline stay offline")
    func resolverExplicit() async throws {
        let error = await #expect(throws: FactoryError.self) {
            try await ResolvedProviders.resolve(ProviderChoices(text: .offline, image: .offline, speech: .openai),
                                                environment: Self.environment(openAIKey: false), offline: false, kinds: StandardKinds.registry)
        }
        #expect(error?.description.contains("providers.speech") == true)
        #expect(error?.description.contains("OPENAI_API_KEY") == true)

        let chosen = try await ResolvedProviders.resolve(ProviderChoices(text: .offline, image: .offline, speech: .offline),
                                                         environment: Self.environment(openAIKey: true), offline: false, kinds: StandardKinds.registry)
        #expect(chosen.speech.name == "offline")
        #expect(chosen.set.description.contains { $0.hasPrefix("speech: offline") && $0.contains("manifest says offline") })
        await chosen.transport?.shutdown()

        let forced = try await ResolvedProviders.resolve(ProviderChoices(speech: .openai), environment: Self.environment(openAIKey: true),
                                                         offline: true, kinds: StandardKinds.registry)
        #expect(forced.speech.name == "offline" && forced.set.speech?.name == "offline" && forced.transport == nil)
        #expect(forced.set.description.contains { $0.hasPrefix("speech: offline") && $0.contains("--offline") })
    }
}
