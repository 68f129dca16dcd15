import FactoryCore
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// The built `factory` binary on real manifests: bundles, probes, hashes, exit codes, messages.
@Suite(.serialized) struct PosterRunTests {
    struct Metadata: Decodable {
        struct File: Decodable { var name: String; var size: Int; var sha256: String }
        struct Box: Decodable { var x: Int; var y: Int; var width: Int; var height: Int }
        struct Check: Decodable { var name: String; var passed: Bool }
        var item_id: String
        var files: [File]
        var layout: [String: Box]
        var checks: [Check]
        var manifest_sha256: String
    }

    static func sha256(_ path: String) throws -> String {
        // Independent of the product's own hashing: the system's sha256sum.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64))
    }

    @Test func runMakesCompleteBundlesAndFailsOnlyTheBrokenItem() throws {
        let folder = try TemporaryFolder("e2e")
        try FileManager.default.createDirectory(atPath: folder.path("music"), withIntermediateDirectories: true)
        try ToneFile.wav(path: folder.path("music/tone.wav"), frequency: 220, seconds: 3)
        try folder.write("""
        version: 1
        week: 2026-W48
        brand: { handle: "@testcreator", watermark: true }
        items:
          - { id: good, kind: poster, day: monday, series: friday-reflection, format: square, quality: draft,
              variants: 2, duration: 6, music: music/tone.wav, quote: "Small steps 🌱 still move you forward." }
          - { id: no-music, kind: poster, day: tuesday, series: mindful-moment, music: music/missing.mp3 }
        """, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url)
        #expect(out.status == 1, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        #expect(out.stdout.contains("no-music") && out.stdout.contains("music/missing.mp3"), "\(out.stdout)")

        let bundle = folder.url.appendingPathComponent("out/2026-W48/good")
        for name in ["video.mp4", "poster.jpg", "poster-2.jpg", "cover.jpg", "caption.txt", "captions.srt", "captions.vtt", "metadata.json"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(name).path), "missing \(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/no-music")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/.staging")))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/report.json")))

        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: bundle.appendingPathComponent("metadata.json")))
        #expect(metadata.item_id == "good")
        #expect(try String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8).contains("\"content\" : \"footage\""))
        let failedChecks = metadata.checks.filter { !$0.passed }.map(\.name)
        #expect(failedChecks.isEmpty, "\(failedChecks)")
        #expect(metadata.checks.count >= 8)
        for file in metadata.files {
            let actual = try Self.sha256(bundle.appendingPathComponent(file.name).path)
            #expect(actual == file.sha256, "\(file.name)")
        }

        let probe = try MediaProbe.probe(path: bundle.appendingPathComponent("video.mp4").path)
        #expect(probe.video?.codec == "h264" && probe.video?.profile == "High" && probe.video?.pixelFormat == "yuv420p")
        #expect(probe.video?.width == 1080 && probe.video?.height == 1080 && probe.video?.fps == "30/1")
        #expect(probe.audio?.codec == "aac" && probe.audio?.sampleRate == 44_100)
        #expect((5.9...6.1).contains(probe.duration) && probe.faststart == true)
        #expect(try AudioDecoder.decode(path: bundle.appendingPathComponent("video.mp4").path).rmsDecibels(from: 1, length: 2) > -40)

        let caption = try String(contentsOf: bundle.appendingPathComponent("caption.txt"), encoding: .utf8)
        #expect(caption.contains("#FridayReflection") && caption.contains("Small steps"))
        #expect(try String(contentsOf: bundle.appendingPathComponent("captions.vtt"), encoding: .utf8).hasPrefix("WEBVTT"))

        // The quote is absent at the start and legible at 4 s, inside the square's safe zone.
        let quote = try #require(metadata.layout["quote"])
        #expect(quote.x >= 72 && quote.y >= 96 && quote.x + quote.width <= 1080 - 72 && quote.y + quote.height <= 1080 - 96)
        let frames = try FrameDecoder.frames(path: bundle.appendingPathComponent("video.mp4").path, at: [0.1, 4.0])
        #expect(frames.count == 2)
        func deviation(_ rgb: [UInt8]) -> Double {
            var sum = 0.0, sq = 0.0, n = 0.0
            for y in stride(from: quote.y, to: quote.y + quote.height, by: 2) {
                for x in stride(from: quote.x, to: quote.x + quote.width, by: 2) {
                    let i = (y * 1080 + x) * 3
                    let l = 0.2126 * Double(rgb[i]) + 0.7152 * Double(rgb[i + 1]) + 0.0722 * Double(rgb[i + 2])
                    sum += l; sq += l * l; n += 1
                }
            }
            return (sq / n - (sum / n) * (sum / n)).squareRoot()
        }
        let before = deviation(frames[0].rgb), during = deviation(frames[1].rgb)
        #expect(during > before + 20, "text contrast at 4 s \(during) vs start \(before)")
    }

    @Test func validateReportsLocatedProblemsWithExitTwo() throws {
        let folder = try TemporaryFolder("e2e")
        try folder.write("version: 1\nweek: 2026-W48\nitems:\n  - { id: ok, kind: poster, day: monday, sereis: monday-motivation }\n", to: "bad.yaml")
        let out = try TestSupport.runFactory(["validate", "bad.yaml"], in: folder.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains("bad.yaml:4:42: items[0].sereis: unknown key \"sereis\"; did you mean \"series\"?"), "\(out.stderr)")
    }

    @Test func sampleWeekStoryPosterIsFullSize() throws {
        let folder = try TemporaryFolder("e2e")
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let out = try TestSupport.runFactory(["run", manifest, "--only", "mon-motivation", "--output", folder.path("out")], in: folder.url)
        #expect(out.status == 0, "\(out.stdout)\n\(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/mon-motivation")
        let probe = try MediaProbe.probe(path: bundle.appendingPathComponent("video.mp4").path)
        #expect(probe.video?.width == 1080 && probe.video?.height == 1920)
        #expect((6...8).contains(probe.duration))
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("poster-2.jpg").path))
    }

    @Test func secondRunOnTheSameStateExitsWith75() throws {
        let folder = try TemporaryFolder("e2e")
        let lock = try RunLock(stateFolder: folder.url.appendingPathComponent("state"))
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let out = try TestSupport.runFactory(["run", manifest, "--output", folder.path("out"), "--state", folder.path("state")], in: folder.url)
        withExtendedLifetime(lock) {}
        #expect(out.status == 75)
        #expect(out.stderr.contains("another run pid \(getpid()), started "), "\(out.stderr)")
        #expect(out.stderr.contains("holds the lock"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/mon-motivation")))
    }
}
