import FactoryCore
@testable import FactoryProviders
import Foundation
import Testing

/// Piper's workers kept between chunks, tried with stand-in workers (`/bin/sh` scripts that speak
/// `PiperVoice.workerScript`'s protocol: a JSON line in, a JSON line and the audio out) and once
/// with the real voice.
@Suite("Piper workers")
struct PiperWorkersTests {
    /// A voice whose `piper` names a stand-in `python3` on its `#!` line: the stand-in runs `body`
    /// (a request arrives as one line on stdin).
    static func standIn(_ body: String) throws -> (folder: URL, voice: PiperVoice) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("piper-workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = folder.appendingPathComponent("python3"), piper = folder.appendingPathComponent("piper")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: python)
        try Data("#!\(python.path)\nprint('never run')\n".utf8).write(to: piper)
        for file in [python, piper] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
        try Data(#"{"audio": {"sample_rate": 16000}, "num_speakers": 1}"#.utf8).write(to: folder.appendingPathComponent("en_US-test-low.onnx.json"))
        try Data("not a model".utf8).write(to: folder.appendingPathComponent("en_US-test-low.onnx"))
        let voice = try PiperVoice.locate(environment: ["FACTORY_PIPER": piper.path, "PATH": "",
                                                        "FACTORY_PIPER_VOICE": folder.appendingPathComponent("en_US-test-low.onnx").path])
        return (folder, voice)
    }

    /// Answers every request with four bytes of audio and two aligned phonemes, except a text with
    /// "broken" in it, which gets the worker's error line.
    static let answering = #"""
    while IFS= read -r line; do
      case "$line" in
        *broken*) printf '{"error": "ValueError: the text broke"}\n' ;;
        *) printf '{"bytes": 4, "aligned": true, "phonemes": ["h", "i"], "samples": [1, 1]}\n'; printf 'abcd' ;;
      esac
    done
    """#

    @Test("one worker speaks every request; a request it cannot speak leaves it usable")
    func reused() throws {
        let (folder, voice) = try Self.standIn(Self.answering)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(voice.python?.lastPathComponent == "python3")
        let workers = PiperWorkers()
        for _ in 0..<3 {
            let speech = try voice.synthesize("Sleep well.", lengthScale: 1.35, workers: workers)
            #expect(speech.pcm == Data("abcd".utf8) && speech.phonemes == [PiperPhoneme("h", 1), PiperPhoneme("i", 1)])
        }
        #expect(workers.startedCount == 1 && workers.idleCount == 1)
        let error = #expect(throws: FactoryError.self) { try voice.synthesize("a broken line", lengthScale: 1, workers: workers) }
        #expect(error?.description.contains("ValueError: the text broke") == true, "\(String(describing: error))")
        _ = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 1, "the worker that said an error is kept")
    }

    /// This process's resident file pages, in KiB (`Rss` less `Anonymous` in smaps_rollup).
    static func residentFilePages() throws -> Int {
        var fields: [String: Int] = [:]
        for line in try String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 2, let kb = Int(parts[1]) { fields[String(parts[0].dropLast())] = kb }
        }
        return try #require(fields["Rss"]) - (try #require(fields["Anonymous"]))
    }

    @Test("before the voice reads, the factory lets its clean file pages go, at most once a second")
    func roomForTheVoice() throws {
        let workers = PiperWorkers()
        let start = ContinuousClock.now
        // The test binary's own code and libraries are mapped: 10 MB or more of them resident.
        let before = try Self.residentFilePages()
        #expect(workers.makeRoom(now: start))
        let after = try Self.residentFilePages()
        #expect(after < before - 5 * 1024, "file pages \(before) KiB before, \(after) KiB after")
        #expect(!workers.makeRoom(now: start + .milliseconds(900)), "again within the second: not released")
        #expect(workers.makeRoom(now: start + .milliseconds(1000)))
    }

    @Test("a worker that dies: started again once; when that one dies too, the error has its status and stderr")
    func dies() throws {
        let (folder, voice) = try Self.standIn("read -r line; echo 'ModuleNotFoundError: No module named onnx' >&2; exit 3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workers = PiperWorkers()
        for attempt in 1...2 {
            let error = #expect(throws: FactoryError.self) { try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers) }
            let said = error?.description ?? ""
            #expect(said.contains("status 3") && said.contains("No module named onnx") && said.contains("ended before it answered")
                    && said.contains("a second worker, after the first died"), "\(said)")
            #expect(workers.startedCount == 2 * attempt && workers.restartCount == attempt && workers.idleCount == 0)
        }
    }

    @Test("a worker killed in the middle of a request: a new one is started and asked again, and the run goes on")
    func diesOnceMidRequest() throws {
        // The first worker reads its request and dies as a killed one would; later ones answer.
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("piper-died-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let (folder, voice) = try Self.standIn("""
        if [ ! -e '\(marker.path)' ]; then : > '\(marker.path)'; read -r line; kill -9 $$; fi
        \(Self.answering)
        """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workers = PiperWorkers()
        let speech = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        #expect(speech.pcm == Data("abcd".utf8))
        #expect(workers.startedCount == 2 && workers.restartCount == 1 && workers.idleCount == 1)
        _ = try voice.synthesize("Goodnight.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 2, "the new worker stays warm")
    }

    @Test("a worker that says nothing in time is ended, and the error says so")
    func timesOut() throws {
        let (folder, voice) = try Self.standIn("read -r line; exec sleep 60")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workers = PiperWorkers()
        let error = #expect(throws: FactoryError.self) { try voice.synthesize("Sleep well.", lengthScale: 1, timeout: 1, workers: workers) }
        #expect(error?.description.contains("no answer in time") == true, "\(String(describing: error))")
        #expect(workers.idleCount == 0 && workers.startedCount == 1, "a worker out of time is not tried again: the next would wait as long")
    }

    @Test("the worker stays warm however long it waits; close() ends it and waits, and the next request starts another")
    func warmUntilClosed() async throws {
        let (folder, voice) = try Self.standIn(Self.answering)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workers = PiperWorkers()
        _ = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        try await Task.sleep(for: .milliseconds(600))
        _ = try voice.synthesize("Goodnight.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 1 && workers.idleCount == 1)
        workers.close()
        #expect(workers.idleCount == 0)
        _ = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 2)
    }

    @Test("a worker idle for its limit is ended and waited for, one given back since is kept, and the next request starts another")
    func idleWorkerEnded() async throws {
        // The stand-in notes its process id beside itself, so the test can see the process gone.
        let (folder, voice) = try Self.standIn(#"echo $$ >> "$(dirname "$0")/pids"; "# + Self.answering)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workers = PiperWorkers(idleLimit: .milliseconds(700))
        _ = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        #expect(workers.closeIdle() == 0, "a worker given back a moment ago is kept")
        _ = try voice.synthesize("Goodnight.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 1 && workers.idleCount == 1)
        let pids = try String(contentsOf: folder.appendingPathComponent("pids"), encoding: .utf8)
            .split(separator: "\n").compactMap { pid_t($0) }
        #expect(pids.count == 1)
        // Nothing calls close(): the pool's own look, 0.75 s after the last request, ends it. The
        // worker leaves the waiting list before its exit is waited for, so wait for the count of
        // workers ended, which comes after.
        let deadline = ContinuousClock.now + .seconds(10)
        while workers.endedIdleCount == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(workers.idleCount == 0 && workers.endedIdleCount == 1, "the idle worker was not ended")
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "worker \(pid) is still there") }
        _ = try voice.synthesize("Sleep well.", lengthScale: 1, workers: workers)
        #expect(workers.startedCount == 2 && workers.idleCount == 1)
    }

    @Test("the real voice: three chunks, one worker, aligned audio as long as a fresh worker gives",
          .enabled(if: PiperVoiceTests.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func realWorkerReused() throws {
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        let workers = PiperWorkers()
        let texts = ["Goodnight, Luna.", "The stars are watching over you.\nThe moon keeps the night soft.", "Sleep well."]
        let spoken = try texts.map { try voice.synthesize($0, lengthScale: 1.35, workers: workers) }
        #expect(workers.startedCount == 1 && workers.idleCount == 1)
        #expect(spoken.allSatisfy { !$0.phonemes.isEmpty && $0.phonemes.reduce(0) { $0 + $1.samples } * 2 == $0.pcm.count })
        // The second text's two lines come with one sentence pause between them.
        #expect(spoken[1].phonemes.filter { $0.symbol == " " && $0.samples == Int(Double(voice.sampleRate) * 0.5) }.count == 1)
        // A worker that has spoken before reads a text as a new one does. (VITS samples noise, so two
        // readings differ by a few percent in length, never in kind.)
        let fresh = try voice.synthesize(texts[2], lengthScale: 1.35)
        #expect(!fresh.phonemes.isEmpty && abs(fresh.pcm.count - spoken[2].pcm.count) < spoken[2].pcm.count / 5,
                "\(fresh.pcm.count) against \(spoken[2].pcm.count) bytes")
        #expect((PeakMemory.now().largestHelperMB ?? 0) >= 100, "the waiting worker's model counts as a helper's peak")
        // Text beyond ASCII arrives as UTF-8 JSON, whatever locale the worker was started in.
        let accented = try voice.synthesize("Zoë’s café is open — naïve and warm.", lengthScale: 1.35, workers: workers)
        #expect(accented.pcm.count > voice.sampleRate && !accented.phonemes.isEmpty && workers.startedCount == 1)
    }

    @Test("a sentence longer than the voice reads at once: read in parts at its commas, every word timed in order, as long as read whole",
          .enabled(if: PiperVoiceTests.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func longSentenceInParts() throws {
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        let workers = PiperWorkers()
        defer { workers.close() }
        let clause = "Mia walked slowly through the quiet forest with Hoot on her shoulder, "
        let sentence = String(repeating: clause, count: 5) + "and then she slept."
        let long = try voice.synthesize(sentence, lengthScale: 1.35, workers: workers)
        let short = try voice.synthesize("Mia walked slowly through the quiet forest.", lengthScale: 1.35, workers: workers)
        // Each part is spoken on its own, from its start mark to its end mark; no sentence pause between.
        let starts = long.phonemes.filter { $0.symbol == "^" }.count
        #expect(starts >= 4 && starts <= 6, "\(starts) parts for \(sentence.count) characters")
        #expect(short.phonemes.filter { $0.symbol == "^" }.count == 1)
        #expect(!long.phonemes.contains { $0.symbol == " " && $0.samples == Int(Double(voice.sampleRate) * PiperVoice.sentenceSilence) })
        #expect(long.phonemes.reduce(0) { $0 + $1.samples } * 2 == long.pcm.count)
        let words = PiperVoice.wordTimings(text: sentence, phonemes: long.phonemes, sampleRate: voice.sampleRate)
        #expect(words.count == sentence.split(separator: " ").count)
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.001 && $0.start <= $1.start })
        // Five times the clause plus a little, read at the same pace as the short sentence (±30 %).
        let seconds = Double(long.pcm.count / 2) / Double(voice.sampleRate)
        let pace = Double(short.pcm.count / 2) / Double(voice.sampleRate) * Double(sentence.count) / 44
        #expect(seconds > pace * 0.7 && seconds < pace * 1.3, "\(seconds) s against \(pace) s expected")
        #expect(workers.startedCount == 1)
    }

    @Test("the decoder over windows of a sentence's frames: the same samples as decoded whole, with the noise at 0",
          .enabled(if: PiperVoiceTests.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func decoderInWindows() throws {
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        let workers = PiperWorkers()
        defer { workers.close() }
        let text = "The moon was round and bright, and every leaf on the willow shone like a little silver coin.\nSleep well."
        let whole = try voice.synthesize(text, lengthScale: 1.35, noise: 0, decoderWindow: 0, workers: workers)
        let windowed = try voice.synthesize(text, lengthScale: 1.35, noise: 0, workers: workers)
        // About 6 s (520 frames) and 1 s: five windows of at most 128 frames, then one.
        #expect(whole.decoderRuns == 2)
        #expect(windowed.decoderRuns >= 5 && windowed.decoderRuns <= 7, "\(windowed.decoderRuns) runs")
        #expect(windowed.pcm.count == whole.pcm.count && windowed.phonemes == whole.phonemes)
        let a = whole.pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let b = windowed.pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? .max
        // Too little context shows at every cut (4 frames: differences of thousands); 16 leaves the
        // samples as they were, within a step or two of rounding.
        #expect(largest <= 4, "largest difference \(largest) of 32,767")
        #expect((a.map { abs(Int($0)) }.max() ?? 0) > 3_000, "a spoken sentence, not silence")
        #expect(workers.startedCount == 1)
    }

    @Test("the voice's optimised graph: the first worker saves it, the next loads it and speaks as well, another checkout's copy shares it; stale graphs go; a cache it cannot write is no cache",
          .enabled(if: PiperVoiceTests.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func optimisedGraphCached() throws {
        let voice = try PiperVoice.locate(environment: ["PATH": ""])
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("piper-cache-\(UUID().uuidString)")
        defer { try? files.removeItem(at: folder) }
        func models() -> [String] {
            ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".onnx") }.sorted()
        }
        // What an earlier onnxruntime left 40 days ago, a crashed worker's file of 2 days, and
        // another voice's graph: the first two go when a graph is saved, the third stays.
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-40 * 86_400)
        for (name, date) in [("en_US-joe-medium-000000000000000000000000.onnx", old),
                             ("en_US-joe-medium-111111111111111111111111.onnx.77.tmp", Date().addingTimeInterval(-2 * 86_400)),
                             ("en_GB-alba-medium-222222222222222222222222.onnx", old)] {
            let url = folder.appendingPathComponent(name)
            try Data("stale".utf8).write(to: url)
            try files.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        }
        let text = "The stars are watching over you."
        let first = try voice.synthesize(text, lengthScale: 1.35, workers: PiperWorkers(cacheFolder: folder.path))
        // The model's two halves, under one key: the front and the decoder.
        let saved = models().filter { !$0.hasPrefix("en_GB-") }
        #expect(saved.count == 2 && saved.allSatisfy { $0.hasPrefix("en_US-joe-medium-") && !$0.contains("000000000000000000000000") }, "\(saved)")
        #expect(saved.map { $0.dropLast("-decoder.onnx".count) }.first == saved.map { $0.dropLast("-front.onnx".count) }.last, "\(saved)")
        #expect(models() == ["en_GB-alba-medium-222222222222222222222222.onnx"] + saved)
        #expect(!files.fileExists(atPath: folder.appendingPathComponent("en_US-joe-medium-111111111111111111111111.onnx.77.tmp").path))
        let sizes = try saved.map { try #require(try files.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.size] as? Int) }
        #expect(sizes.reduce(0, +) > 50_000_000 && sizes.allSatisfy { $0 > 1_000_000 }, "\(sizes)")
        // A new worker (a new pool) loads the saved graph: no second file, the same kind of answer.
        let second = try voice.synthesize(text, lengthScale: 1.35, workers: PiperWorkers(cacheFolder: folder.path))
        #expect(models().filter { !$0.hasPrefix("en_GB-") } == saved)
        // The same voice at another path (another checkout's venv) shares the graph: it is named
        // after the model's content, not where it lies.
        let elsewhere = files.temporaryDirectory.appendingPathComponent("piper-clone-\(UUID().uuidString)")
        defer { try? files.removeItem(at: elsewhere) }
        try files.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        var copy = voice
        copy.model = elsewhere.appendingPathComponent(voice.model.lastPathComponent)
        copy.config = elsewhere.appendingPathComponent(voice.config.lastPathComponent)
        try files.copyItem(at: voice.model, to: copy.model)
        try files.copyItem(at: voice.config, to: copy.config)
        let third = try copy.synthesize(text, lengthScale: 1.35, workers: PiperWorkers(cacheFolder: folder.path))
        #expect(models().filter { !$0.hasPrefix("en_GB-") } == saved)
        for spoken in [first, second, third] {
            #expect(!spoken.phonemes.isEmpty && spoken.phonemes.reduce(0) { $0 + $1.samples } * 2 == spoken.pcm.count)
            #expect(spoken.decoderRuns >= 1, "the split model, from the cache or not")
        }
        #expect(abs(first.pcm.count - second.pcm.count) < first.pcm.count / 5)
        #expect(abs(first.pcm.count - third.pcm.count) < first.pcm.count / 5)
        // A folder that cannot be made (under a file): the worker loads the voice as before.
        let blocked = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocked)
        let plain = try voice.synthesize(text, lengthScale: 1.35, workers: PiperWorkers(cacheFolder: blocked.appendingPathComponent("cache").path))
        #expect(!plain.phonemes.isEmpty && plain.phonemes.reduce(0) { $0 + $1.samples } * 2 == plain.pcm.count)
    }

    @Test func cacheFolderFromTheEnvironment() {
        #expect(PiperVoice.cacheFolder(environment: ["HOME": "/home/ana"]) == "/home/ana/.cache/contentfactory/piper")
        #expect(PiperVoice.cacheFolder(environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "/var/cache/ana"]) == "/var/cache/ana/contentfactory/piper")
        #expect(PiperVoice.cacheFolder(environment: ["HOME": "/home/ana", "FACTORY_PIPER_CACHE": "/tmp/voices"]) == "/tmp/voices")
        #expect(PiperVoice.cacheFolder(environment: ["HOME": "/home/ana", "FACTORY_PIPER_CACHE": "off"]) == nil)
        #expect(PiperVoice.cacheFolder(environment: [:]) == nil)
    }
}
