@testable import FactoryCommands
import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// Each `FACTORY_*` variable the command layer resolves lands in its field of `ProcessSettings`,
/// and nothing set leaves every field at what a run uses.
@Suite("FACTORY_* settings, resolved once")
struct ProcessSettingsTests {
    /// One variable set, and what it must change (the rest stay at their defaults).
    static let cases: [(variable: String, value: String, expect: @Sendable (ProcessSettings) -> Bool)] = [
        ("FACTORY_X264_PARAMS", "bframes=0", { $0.render.x264Params == "bframes=0" }),
        ("FACTORY_X264_PARAMS", "", { $0.render.x264Params == nil }),
        ("FACTORY_KEEP_FILE_PAGES", "1", { $0.render.keepFilePages }),
        ("FACTORY_RING", "5", { $0.render.ringDepth == 5 }),
        ("FACTORY_RING", "none", { $0.render.ringDepth == 2 }),
        ("FACTORY_RING", "0", { $0.render.ringDepth == 1 }),
        ("FACTORY_FRAME_DUMP", "/tmp/frames.yuv", { $0.render.frameDump == "/tmp/frames.yuv" }),
        ("FACTORY_X264_THREADS", "1", { $0.render.encoderThreads == 1 && $0.render.sharing(renders: 2, cores: 8).encoderThreads == 1 }),
        ("FACTORY_X264_THREADS", "many", { $0.render.encoderThreads == nil && $0.render.sharing(renders: 2, cores: 2).encoderThreads == 1 }),
        ("FACTORY_PUBLISH", "link", { $0.publish == .link }),
        ("FACTORY_PUBLISH", "exchange", { $0.publish == .exchange }),
        ("FACTORY_PUBLISH", "rsync", { $0.publish == nil }),
        ("FACTORY_CRASH_AT", "staged", { $0.crashPoint?.label == "staged" && $0.crashPoint?.nth == 1 }),
        ("FACTORY_CRASH_AT", "settled:2", { $0.crashPoint?.label == "settled" && $0.crashPoint?.nth == 2 }),
        ("FACTORY_CRASH_AT", "", { $0.crashPoint == nil }),
    ]

    @Test(arguments: cases.indices)
    func eachVariableLandsInItsField(index: Int) {
        let (variable, value, expect) = Self.cases[index]
        let settings = ProcessSettings(environment: [variable: value, "PATH": "/usr/bin"])
        #expect(expect(settings), "\(variable)=\(value)")
    }

    @Test func nothingSetIsWhatARunUses() {
        let settings = ProcessSettings(environment: ["PATH": "/usr/bin", "FACTORY_STATE": "/tmp/state"])
        #expect(settings.render == KindRenderTuning.standard)
        #expect(settings.render.x264Params == nil && !settings.render.keepFilePages && settings.render.ringDepth == 2
                && settings.render.frameDump == nil)
        #expect(settings.publish == nil)
        #expect(settings.crashPoint == nil)
    }

    @Test func runOptionsCarryThePublishModeAndCrashPoint() {
        let settings = ProcessSettings(environment: ["FACTORY_PUBLISH": "link", "FACTORY_CRASH_AT": "renamed:3"])
        let options = settings.applied(to: RunOptions(only: ["p0"]))
        #expect(options.only == ["p0"])
        #expect(options.publish == .link)
        #expect(options.crashPoint?.label == "renamed" && options.crashPoint?.nth == 3)
    }

    /// Below the two executables' command layers no file reads a `FACTORY_*` variable from the
    /// process: each is handed down (FactoryTesting's FACTORY_BIN is the tests' own).
    @Test func onlyTheCommandLayersReadTheProcessEnvironment() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let allowed = ["FactoryCommands", "FactoryBench", "FactoryTesting"]
        var readers: [String] = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !allowed.contains(where: { relative.hasPrefix($0 + "/") }) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("processInfo.environment[\"FACTORY_") { readers.append(relative) }
        }
        #expect(readers.isEmpty, "read FACTORY_* from the process: \(readers)")
        #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent("FactoryMedia/RenderTuning.swift").path))
    }
}
