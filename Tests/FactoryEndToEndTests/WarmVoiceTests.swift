import FactoryTesting
import Foundation
import Testing

/// The warm Piper voice seen from outside the factory: one worker for a whole week's stories, none
/// left when a run ends, and none left when a run is killed while it narrates.
@Suite("The warm voice", .serialized)
struct WarmVoiceTests {
    static let piperInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || FileManager.default.isExecutableFile(atPath: TestSupport.repoRoot.appendingPathComponent(".build/piper-venv/bin/python3").path)

    /// Two bedtime stories on two days: each narrated offline by Piper.
    static let manifest = """
    version: 1
    week: 2026-W50
    items:
      - id: fri-bedtime
        kind: bedtime-story
        day: friday
        hero: { name: Mia, age: 5, appearance: "curly red hair", traits: [brave], ability: "talking to animals" }
        companion: "a sleepy owl named Hoot"
        theme: "an evening in the forest"
        length_minutes: 1
        voice: coral
      - id: sat-bedtime
        kind: bedtime-story
        day: saturday
        hero: { name: Leo, age: 6, appearance: "a green scarf", traits: [kind], ability: "hearing the stars" }
        companion: "a small fox"
        theme: "a night by the sea"
        length_minutes: 1
        voice: coral
    """

    /// The fields of /proc/<pid>/stat after the command's name (state, ppid, …); nil when it is gone.
    static func stat(_ pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// The pids of the Piper workers `parent` started: Python children whose command line is the worker's.
    static func workers(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let fields = stat(pid), fields.count > 1, Int32(fields[1]) == parent,
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.count > 2 && words[1] == "-c" && words.contains { $0.hasSuffix(".onnx") }
        }
    }

    /// True when `pid` is gone, or only a zombie waiting for a reaper (it holds no memory, runs nothing).
    static func ended(_ pid: Int32) -> Bool {
        guard let state = stat(pid)?.first else { return true }
        return state == "Z" || state == "X"
    }

    /// The two stories' week run offline in a new folder, not waited for; its output goes to the log.
    static func startWeek(_ name: String) throws -> (child: Process, log: URL, folder: TemporaryFolder) {
        let folder = try TemporaryFolder(name)
        try folder.write(manifest, to: "week.yaml")
        let log = folder.url.appendingPathComponent("run.log")
        let child = try TestSupport.startFactory(["run", "week.yaml", "--offline", "--output", "out"], in: folder.url, log: log)
        return (child, log, folder)
    }

    @Test("two stories, one Piper worker for both, ended once both are narrated while their renders go on, none left after the run",
          .enabled(if: Self.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func oneWorkerForTheWeek() async throws {
        let (child, log, folder) = try Self.startWeek("warm-voice")
        defer { withExtendedLifetime(folder) {} }
        var seen = Set<Int32>()
        // The stories' bundles published when the worker was first seen gone.
        var publishedWhenGone: Int?
        while child.isRunning {
            seen.formUnion(Self.workers(of: child.processIdentifier))
            if publishedWhenGone == nil, !seen.isEmpty, seen.allSatisfy(Self.ended) {
                publishedWhenGone = ["fri-bedtime", "sat-bedtime"].filter {
                    FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/2026-W50/\($0)/video.mp4").path)
                }.count
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(child.terminationStatus == 0, "\(said)")
        #expect(seen.count == 1, "one worker for both stories, not \(seen.sorted()): \(said)")
        #expect(seen.allSatisfy(Self.ended), "the worker ended with the run")
        // Both stories fetched their narration first; the worker's 160-360 MB need not sit idle
        // under their renders.
        #expect(publishedWhenGone.map { $0 < 2 } == true,
                "the worker was still up when both stories were published (\(publishedWhenGone.map(String.init) ?? "never gone")): \(said)")
        #expect(said.contains("piper"), "narrated by Piper, not espeak-ng: \(said)")
    }

    @Test("a run killed while it narrates leaves no Piper process behind",
          .enabled(if: Self.piperInstalled, "no Piper in .build/piper-venv: run `make piper` first (in CI its absence fails)"))
    func killedWhileNarrating() async throws {
        let (child, log, folder) = try Self.startWeek("warm-voice-kill")
        defer { withExtendedLifetime(folder) {} }
        var worker: Int32?
        let deadline = ContinuousClock.now + .seconds(120)
        while worker == nil, child.isRunning, ContinuousClock.now < deadline {
            worker = Self.workers(of: child.processIdentifier).first
            try await Task.sleep(for: .milliseconds(20))
        }
        let found = try #require(worker, "no Piper worker appeared: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        // Into the first story's narration: the worker is loading its model or speaking.
        try await Task.sleep(for: .milliseconds(1500))
        #expect(child.isRunning, "the run ended before it could be killed")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let gone = ContinuousClock.now + .seconds(2)  // a paragraph takes longer: it must not finish first
        while !Self.ended(found), ContinuousClock.now < gone { try await Task.sleep(for: .milliseconds(50)) }
        #expect(Self.ended(found), "Piper worker \(found) outlived the killed run")
        if !Self.ended(found) { kill(found, SIGKILL) }
    }
}
