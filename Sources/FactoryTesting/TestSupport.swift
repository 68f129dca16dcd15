import Foundation

/// Paths and helpers shared by the test targets.
public enum TestSupport {
    /// Every file under `folder` with its size and modification time: equal snapshots mean nothing
    /// in the folder was written (for "no earlier week is touched").
    public static func snapshot(_ folder: URL) -> [String: String] {
        var out: [String: String] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) ?? .init() {
            let values = try? url.resourceValues(forKeys: Set(keys))
            out[url.path] = "\(values?.fileSize ?? -1) \(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)"
        }
        return out
    }

    /// The package root, found from this file's location.
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `factory` binary (FACTORY_BIN overrides; `make test` builds it first).
    public static var factoryBinary: String {
        if let path = ProcessInfo.processInfo.environment["FACTORY_BIN"] { return path }
        for config in ["debug", "release"] {
            let path = repoRoot.appendingPathComponent(".build/\(config)/factory").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return repoRoot.appendingPathComponent(".build/debug/factory").path
    }

    /// Debian's libfaketime (the `faketime` package, installed by `make test`), preloaded directly.
    /// Not through the `faketime` wrapper: it makes a semaphore and a shared-memory segment named
    /// after its pid, leaves them in /dev/shm when killed, and a later wrapper given the same pid
    /// refuses to start ("sem_open: File exists").
    public static let libfaketime: String = {
        let candidates = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
                          "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
                          "/usr/lib/faketime/libfaketime.so.1"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()

    /// The environment that runs a child on `day` ("2027-01-08 09:00:00", UTC), its clock ticking
    /// on from there; monotonic time is left alone, so timeouts behave.
    ///
    /// `FAKETIME_SHARED` names segments that do not exist, so each process keeps its own clock.
    /// Left unset, libfaketime would create pid-named segments itself and `setenv` their names
    /// while the binary loads; that moves `environ`, behind which Swift finds `argv`, and the
    /// factory would start with no arguments.
    public static func fakeTime(_ day: String) -> [String: String] {
        let none = "/factory-test-none-\(UUID().uuidString)"
        return ["LD_PRELOAD": libfaketime, "FAKETIME": "@\(day)", "FAKETIME_DONT_FAKE_MONOTONIC": "1",
                "FAKETIME_SHARED": "\(none)-sem \(none)-shm"]
    }

    /// What a finished process said.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// This process's environment for a browser: without libfaketime's preload and settings, so
    /// Chromium keeps the real clock when the suite itself is rehearsed under `faketime` (its
    /// launcher script and its timers break under the preload; the factory's dates are what the
    /// rehearsal is for).
    public static func browserEnvironment(home: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name == "LD_PRELOAD" || name.hasPrefix("FAKETIME") { environment[name] = nil }
        environment["HOME"] = home
        return environment
    }

    /// The child's environment: this process's, without any provider key, base URL, credentials
    /// file or state folder of the developer's (tests are offline unless they say otherwise).
    public static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["RUNWARE_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "RUNWARE_BASE_URL", "OPENAI_BASE_URL",
                     "ANTHROPIC_BASE_URL", "FACTORY_STATE", "FACTORY_TEXT_MODEL", "FACTORY_SPEECH_MODEL", "FACTORY_CRASH_AT",
                     "TIKTOK_BASE_URL", "YOUTUBE_BASE_URL", "GOOGLE_OAUTH_BASE_URL", "INSTAGRAM_BASE_URL", "INSTAGRAM_UPLOAD_BASE_URL",
                     "TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET", "TIKTOK_REFRESH_TOKEN", "YOUTUBE_CLIENT_ID", "YOUTUBE_CLIENT_SECRET",
                     "YOUTUBE_REFRESH_TOKEN", "INSTAGRAM_ACCESS_TOKEN", "INSTAGRAM_USER_ID", "FACTORY_TOKEN_KEY_FILE"] {
            env[name] = nil
        }
        env["FACTORY_CREDENTIALS"] = "/nonexistent/contentfactory-credentials"
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Starts the factory binary without waiting (for kill and lock tests); output goes to `log`.
    public static func startFactory(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
                                    log: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: factoryBinary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(environment)
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Runs the factory binary with `arguments` in `directory` and waits for it.
    /// `at` ("2027-01-08 09:00:00", UTC) runs it on another day under Debian's libfaketime.
    public static func runFactory(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
                                  at day: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: factoryBinary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(environment.merging(day.map(fakeTime) ?? [:]) { a, _ in a })
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs, so a chatty child never blocks.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        process.waitUntilExit()
        group.wait()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A folder under the system's temporary directory, removed when released; tests write only here.
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init(_ name: String = "factory-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Writes a 16-bit PCM WAV file: a sine tone, for audio tests.
public enum ToneFile {
    public static func wav(path: String, frequency: Double, seconds: Double, sampleRate: Int = 22_050, channels: Int = 1, amplitude: Double = 0.5) throws {
        let frames = Int(seconds * Double(sampleRate))
        var data = Data()
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = frames * channels * 2
        data.append(contentsOf: Array("RIFF".utf8)); le32(UInt32(36 + bytes)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); le32(16); le16(1); le16(UInt16(channels)); le32(UInt32(sampleRate))
        le32(UInt32(sampleRate * channels * 2)); le16(UInt16(channels * 2)); le16(16)
        data.append(contentsOf: Array("data".utf8)); le32(UInt32(bytes))
        for i in 0..<frames {
            let v = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(i) / Double(sampleRate)))
            for _ in 0..<channels { le16(UInt16(bitPattern: v)) }
        }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
