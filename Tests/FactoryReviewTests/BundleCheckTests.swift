@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryImaging
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// `review --check` on small files made here: what passes, and what each failure is called.
@Suite struct BundleCheckTests {
    /// A 3 s 128×128 clip: a grey picture (gone after `pictureEnds`, leaving black) and a tone or silence.
    static func clip(_ path: String, pictureEnds: Double = .infinity, sound: Bool) throws -> BundleMetadata.File {
        var pixels: [UInt8] = []
        for i in 0..<(128 * 128) { pixels += [UInt8(100 + i % 40), 140, 160] }
        let grey = LayerPixels(raster: Raster(width: 128, height: 128, bands: 3, pixels: pixels))
        let scene = Scene(width: 128, height: 128, duration: 3,
                          layers: [Layer(grey, x: .constant(64), y: .constant(64), end: pictureEnds)])
        var tone: [Float] = []
        for i in 0..<(44_100 * 3) { let v = Float(0.2 * sin(2 * Double.pi * 330 * Double(i) / 44_100)); tone += [v, v] }
        _ = try SceneRenderer.render(scene, audio: sound ? AudioBuffer(samples: tone) : nil, to: path,
                                     settings: VideoSettings(width: 128, height: 128, fps: 30, bitrate: 400_000, preset: .draft))
        return try describe(path)
    }

    static func describe(_ path: String) throws -> BundleMetadata.File {
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let isMedia = ["mp4", "mp3"].contains((path as NSString).pathExtension)
        return BundleMetadata.File(name: (path as NSString).lastPathComponent, size: size, sha256: try Digest.sha256(file: path),
                                   media: isMedia ? try MediaProbe.probe(path: path) : nil)
    }

    static func failed(_ checks: [BundleMetadata.Check]) -> [String] { checks.filter { !$0.passed }.map(\.name) }

    @Test func aHealthyClipPassesEveryCheck() throws {
        let folder = try TemporaryFolder("bundle-check")
        let file = try Self.clip(folder.path("video.mp4"), sound: true)
        let checks = BundleCheck.video(file, path: folder.path("video.mp4"), soundExpected: true)
        #expect(checks.map(\.name) == ["video:codec", "audio:codec", "video:fps", "video:duration", "mp4:faststart", "mp4:boxes",
                                       "video:frames", "video:black-frames", "audio:not-silent"])
        #expect(Self.failed(checks).isEmpty, "\(checks.filter { !$0.passed })")
        #expect(BundleCheck.integrity(of: file, at: folder.path("video.mp4")).passed)
    }

    @Test func blackPicturesAndSilenceAreNamed() throws {
        let folder = try TemporaryFolder("bundle-check")
        let file = try Self.clip(folder.path("video.mp4"), pictureEnds: 1.0, sound: false)
        let checks = BundleCheck.video(file, path: folder.path("video.mp4"), soundExpected: true)
        #expect(Self.failed(checks) == ["video:black-frames", "audio:not-silent"])
        let black = try #require(checks.first { $0.name == "video:black-frames" })
        #expect(black.detail.contains("keyframes black"), "\(black.detail)")
        // Without a music bed, a poster's silent track is what was made: no sound check.
        #expect(!BundleCheck.video(file, path: folder.path("video.mp4"), soundExpected: false).contains { $0.name == "audio:not-silent" })
    }

    @Test func anEditThatKeepsTheSizeIsCaughtBySha256() throws {
        let folder = try TemporaryFolder("bundle-check")
        let path = try folder.write("Breathe in. #calm", to: "caption.txt")
        let file = try Self.describe(path)
        try folder.write("Breathe on. #calm", to: "caption.txt")
        let check = BundleCheck.integrity(of: file, at: path)
        #expect(check.name == "file:caption.txt" && !check.passed)
        #expect(check.detail.hasPrefix("sha256 ") && !check.detail.contains("bytes"), "\(check.detail)")
        try FileManager.default.removeItem(atPath: path)
        #expect(BundleCheck.integrity(of: file, at: path).detail == "missing")
    }

    @Test(arguments: [(0.178, true), (0.1, false)])
    func narrationIsAtTheTargetLoudness(amplitude: Double, passes: Bool) throws {
        let folder = try TemporaryFolder("bundle-check")
        // A 1 kHz sine at −20 dBFS peak reads −23 LUFS (mono counts once): 0.178 is −18, 0.1 is −23.
        try ToneFile.wav(path: folder.path("narration.wav"), frequency: 1000, seconds: 4, sampleRate: 24_000, amplitude: amplitude)
        try StoryMP3.encode(narration: folder.path("narration.wav"), to: folder.path("story.mp3"), title: "T", artist: "A", album: nil, cover: nil)
        let file = try Self.describe(folder.path("story.mp3"))
        let metadata = BundleMetadata(itemId: "s", kind: "bedtime-story", week: "2026-W48", scheduledDate: "2026-11-28", title: "T",
                                      files: [file], generation: [], totalCostUSD: 0, layout: [:], checks: [],
                                      measurements: Measurements(["loudness_target_lufs": "-18"]), manifestSha256: "", toolVersion: "", createdAt: "")
        // The bedtime kind's look says it is narrated: its MP3 is held to the target.
        let narrated = StandardKinds.registry[metadata.kind]?.look.narrated == true
        #expect(narrated)
        let checks = BundleCheck.narration(file, path: folder.path("story.mp3"), metadata: metadata, narrated: narrated)
        #expect(checks.map(\.name) == ["mp3:audio", "narration:loudness"])
        #expect(checks[0].passed, "\(checks[0].detail)")
        #expect(checks[1].passed == passes, "\(checks[1].detail)")
    }

    @Test func aTruncatedImageDoesNotDecode() throws {
        let folder = try TemporaryFolder("bundle-check")
        var pixels: [UInt8] = []
        for i in 0..<(256 * 256) { pixels += [UInt8(i % 251), UInt8(i % 13 * 19), 90] }
        try Image.from(pixels: pixels, width: 256, height: 256, bands: 3).saveJPEG(to: folder.path("cover.jpg"))
        let whole = try Data(contentsOf: folder.url.appendingPathComponent("cover.jpg"))
        let file = BundleMetadata.File(name: "cover.jpg", size: whole.count, sha256: "", image: .init(width: 256, height: 256))
        #expect(BundleCheck.image(file, path: folder.path("cover.jpg")).passed)
        try whole.prefix(whole.count / 2).write(to: folder.url.appendingPathComponent("cover.jpg"))
        let cut = BundleCheck.image(file, path: folder.path("cover.jpg"))
        #expect(cut.name == "image:cover.jpg" && !cut.passed && cut.detail.hasPrefix("does not decode"), "\(cut.detail)")
    }
}
