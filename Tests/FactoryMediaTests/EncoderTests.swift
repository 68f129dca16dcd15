import FactoryImaging
@testable import FactoryMedia
import FactoryTesting
import Foundation
import Synchronization
import Testing

/// A short clip encoded for real and probed back: codec, profile, size, rate, audio, faststart.
@Suite struct EncoderTests {
    @Test func shortClipProbesAsSpecified() throws {
        let folder = try TemporaryFolder("encoder")
        let path = folder.path("clip.mp4")
        var pixels: [UInt8] = []
        for _ in 0..<(320 * 240) { pixels += [40, 90, 200] }
        let blue = LayerPixels(raster: Raster(width: 320, height: 240, bands: 3, pixels: pixels))
        let scene = Scene(width: 320, height: 240, duration: 1.5, layers: [.placed(blue, left: 0, top: 0)])
        var tone: [Float] = []
        for i in 0..<(44_100 * 3 / 2) { let v = Float(0.3 * sin(2 * Double.pi * 440 * Double(i) / 44_100)); tone += [v, v] }
        let stats = try SceneRenderer.render(scene, audio: AudioBuffer(samples: tone), to: path,
                                             settings: VideoSettings(width: 320, height: 240, fps: 30, bitrate: 1_000_000, preset: .draft))
        #expect(stats.frames == 45)
        let probe = try MediaProbe.probe(path: path)
        #expect(probe.video?.codec == "h264")
        #expect(probe.video?.profile == "High")
        #expect(probe.video?.pixelFormat == "yuv420p")
        #expect(probe.video?.width == 320 && probe.video?.height == 240)
        #expect(probe.video?.fps == "30/1")
        #expect(probe.video?.frames == 45)
        #expect(probe.audio?.codec == "aac" && probe.audio?.profile == "LC")
        #expect(probe.audio?.sampleRate == 44_100 && probe.audio?.channels == 2)
        #expect(abs(probe.duration - 1.5) < 0.1)
        #expect(probe.faststart == true)

        // The picture decodes back to the colour drawn; the sound is there and not silent.
        let frame = try #require(try FrameDecoder.frames(path: path, at: [0.7]).first)
        let i = (120 * 320 + 160) * 3
        #expect(abs(Int(frame.rgb[i]) - 40) < 12 && abs(Int(frame.rgb[i + 1]) - 90) < 12 && abs(Int(frame.rgb[i + 2]) - 200) < 12)
        let audio = try AudioDecoder.decode(path: path)
        #expect(audio.rmsDecibels(from: 0.3, length: 0.8) > -15)
    }

    /// What the picture holds decides libx264's frames; the settings string x264 writes into
    /// every stream shows what it was given. The high preset keeps its own lookahead and search.
    @Test(arguments: [
        (VideoSettings.Content.screen, VideoSettings.Preset.standard, ["bframes=0", "rc_lookahead=1", "subme=0", "sliced_threads=0"]),
        // Footage: slice threads, and intra blocks searched at 8x8 only in inter frames (x264's
        // `analyse=intra:inter` flags; 0x3 is 4x4 and 8x8).
        (.footage, .standard, ["bframes=2", "b_pyramid=0", "rc_lookahead=3", "me=dia", "8x8dct=1", "sliced_threads=1", "analyse=0x3:0x2"]),
        (.illustration, .standard, ["bframes=0", "rc_lookahead=2", "me=dia", "subme=0", "8x8dct=1"]),
        (.illustration, .high, ["bframes=2", "b_pyramid=0", "rc_lookahead=50", "me=hex"]),
        (.footage, .high, ["bframes=2", "b_pyramid=0", "rc_lookahead=50", "me=hex"]),
    ])
    func contentDecidesTheEncodersFrames(content: VideoSettings.Content, preset: VideoSettings.Preset, expected: [String]) throws {
        let folder = try TemporaryFolder("encoder")
        let path = folder.path("\(content)-\(preset).mp4")
        let scene = Scene(width: 128, height: 128, duration: 0.4, background: (30, 60, 90))
        _ = try SceneRenderer.render(scene, audio: nil, to: path,
                                     settings: VideoSettings(width: 128, height: 128, preset: preset, content: content))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = try #require(bytes.range(of: Data("x264 - core".utf8)))
        let options = String(decoding: bytes[start.lowerBound...].prefix(2000).prefix { $0 != 0 }, as: UTF8.self)
        let words = Set(options.split(separator: " ").map(String.init))
        for option in expected { #expect(words.contains(option), "\(content), \(preset): \(option) not in \(options)") }
    }

    /// Illustrations and screens search motion in whole pixels only. An illustration moves in
    /// whole 2-pixel steps; a screen is still but for short eased scrolls (a chat's 0.3 s, here a
    /// tenth of the clip). At the same bitrate each decodes within 5 % of the mean squared error
    /// (0.2 dB) of the preset's sub-pixel search (the same options but `subme`): 2-3 % here. A
    /// picture drifting in 1.5-pixel steps instead fails it (54 % more error).
    @Test(arguments: [VideoSettings.Content.illustration, .screen])
    func aWholePixelSearchLosesLittle(content: VideoSettings.Content) throws {
        let folder = try TemporaryFolder("encoder-whole-pixels")
        // A textured picture larger than the frame.
        let (w, h, bigW, bigH) = (192, 192, 256, 320)
        var pixels = [UInt8](repeating: 0, count: bigW * bigH * 3)
        var seed: UInt64 = 7
        for y in 0..<bigH {
            for x in 0..<bigW {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let grain = Double(seed >> 59) - 16
                let i = (y * bigW + x) * 3
                pixels[i] = UInt8(clamping: Int(128 + 90 * sin(Double(x) / 7) * cos(Double(y) / 11) + grain))
                pixels[i + 1] = UInt8(clamping: Int(110 + 70 * sin(Double(x + y) / 13) + grain))
                pixels[i + 2] = UInt8(clamping: Int(140 + 60 * cos(Double(x - 2 * y) / 9) + grain))
            }
        }
        let picture = LayerPixels(raster: Raster(width: bigW, height: bigH, bands: 3, pixels: pixels))
        let fps = 24, frames = 72
        let layer: Layer
        switch content {
        case .illustration:
            // Diagonally, 2 pixels every 4 frames.
            let keys = (0..<(frames / 4)).map { Track.Key(Double($0 * 4) / Double(fps), -2 * Double($0), .hold) }
            layer = Layer(picture, x: Track(keys), y: Track(keys), anchorX: 0, anchorY: 0)
        default:
            // Still for 1.5 s, scrolled up 100 pixels over 0.3 s (eased in and out), then still.
            layer = Layer(picture, x: .constant(0), y: .ramp(0, -100, start: 1.5, duration: 0.3, .easeInOut), anchorX: 0, anchorY: 0)
        }
        let scene = Scene(width: w, height: h, duration: Double(frames) / Double(fps), layers: [layer])
        let settings = VideoSettings(width: w, height: h, fps: fps, bitrate: 150_000, content: content)
        func decodedError(_ tuning: RenderTuning, _ name: String) throws -> Double {
            let path = folder.path("\(name).mp4")
            var tuned = settings
            tuned.tuning = tuning
            _ = try SceneRenderer.render(scene, audio: nil, to: path, settings: tuned)
            let times = (1..<frames).map { Double($0) / Double(fps) }
            var squared = 0.0, count = 0
            for frame in try FrameDecoder.frames(path: path, at: times) {
                let drawn = SceneRenderer.snapshot(scene, at: frame.time)
                for (a, b) in zip(frame.rgb, drawn) { squared += Double((Int(a) - Int(b)) * (Int(a) - Int(b))); count += 1 }
            }
            #expect(count == (frames - 1) * w * h * 3)
            return squared / Double(max(1, count))
        }
        let ours = VideoEncoder.x264Params(for: settings)
        #expect(ours.hasSuffix(":subme=0"), "\(content): \(ours)")
        let whole = try decodedError(.standard, "whole")
        let subPixel = try decodedError(RenderTuning(x264Params: ours.replacingOccurrences(of: ":subme=0", with: ":subme=2")), "sub")
        // Mean squared error in RGB; 5 % is about 0.2 dB of PSNR.
        #expect(whole > 0 && whole <= subPixel * 1.05, "\(content): whole-pixel search \(whole), sub-pixel \(subPixel)")
    }

    /// A render sharing the cores takes its share of them (one thread each for two renders on two
    /// cores); alone it keeps the encoder's own count. x264 writes the count it ran with into the stream.
    @Test func aRenderSharingTheCoresTakesItsShare() throws {
        #expect(RenderTuning.standard.sharing(renders: 1, cores: 2).encoderThreads == nil)
        #expect(RenderTuning.standard.sharing(renders: 2, cores: 2).encoderThreads == 1)
        #expect(RenderTuning.standard.sharing(renders: 3, cores: 2).encoderThreads == 1)
        #expect(RenderTuning.standard.sharing(renders: 2, cores: 6).encoderThreads == 3)
        #expect(RenderTuning.standard.sharing(renders: 2, cores: 32).encoderThreads == 4)
        // `FACTORY_X264_THREADS`, for measuring, holds whatever the share.
        let fixed = RenderTuning(environment: ["FACTORY_X264_THREADS": "3"])
        #expect(fixed.encoderThreads == 3 && fixed.sharing(renders: 2, cores: 2).encoderThreads == 3)
        #expect(RenderTuning(environment: ["FACTORY_X264_THREADS": "0"]).encoderThreads == nil)
        let folder = try TemporaryFolder("encoder-threads")
        func threads(_ tuning: RenderTuning) throws -> String? {
            let path = folder.path("\(UUID().uuidString).mp4")
            let scene = Scene(width: 320, height: 320, duration: 0.4, background: (30, 60, 90))
            _ = try SceneRenderer.render(scene, audio: nil, to: path, settings: VideoSettings(width: 320, height: 320, preset: .draft, tuning: tuning))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let start = try #require(bytes.range(of: Data("x264 - core".utf8)))
            let options = String(decoding: bytes[start.lowerBound...].prefix(2000).prefix { $0 != 0 }, as: UTF8.self)
            return options.split(separator: " ").first { $0.hasPrefix("threads=") }.map(String.init)
        }
        #expect(try threads(RenderTuning.standard.sharing(renders: 2, cores: 2)) == "threads=1")
        #expect(try threads(RenderTuning.standard) == "threads=\(VideoEncoder.loneThreads)")
        #expect(VideoEncoder.loneThreads >= 2)
    }

    /// What a render rasterises as it goes (here a layer made at 0.2 s) is made with libvips'
    /// operation cache off, and the sequence's versions are really made during the render.
    @Test func renderRasterisesWithoutTheOperationCache() throws {
        let folder = try TemporaryFolder("encoder")
        let seen = Mutex<[Bool]>([])
        let sequence = PixelSequence(times: [0, 0.2]) { _ in
            seen.withLock { $0.append(Vips.cachesOperations) }
            return LayerPixels(raster: Raster(width: 8, height: 8, bands: 3, pixels: [UInt8](repeating: 200, count: 8 * 8 * 3)))
        }
        var layer = Layer.placed(LayerPixels(raster: Raster(width: 2, height: 2, bands: 3, pixels: [UInt8](repeating: 0, count: 12))),
                                 left: 0, top: 0)
        layer.sequence = sequence
        let scene = Scene(width: 64, height: 64, duration: 0.4, layers: [layer])
        _ = try SceneRenderer.render(scene, audio: nil, to: folder.path("seq.mp4"), settings: VideoSettings(width: 64, height: 64, preset: .draft))
        #expect(seen.withLock { $0 } == [false, false])
    }

    @Test func silentVideoStillHasAnAudioTrack() throws {
        let folder = try TemporaryFolder("encoder")
        let path = folder.path("silent.mp4")
        let scene = Scene(width: 64, height: 64, duration: 0.5, background: (10, 10, 10))
        _ = try SceneRenderer.render(scene, audio: nil, to: path, settings: VideoSettings(width: 64, height: 64, preset: .draft))
        let probe = try MediaProbe.probe(path: path)
        #expect(probe.audio?.codec == "aac")
        #expect(try AudioDecoder.decode(path: path).peak < 0.001)
    }

    @Test func oddSizesAreRefused() throws {
        let folder = try TemporaryFolder("odd")
        let path = folder.path("never.mp4")
        #expect(throws: MediaError.self) {
            _ = try VideoEncoder(path: path, settings: VideoSettings(width: 321, height: 240))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A failure after libx264 and the AAC encoder are open (here: the file cannot be created)
    /// frees what was opened. Each open 1080x1920 x264 context holds tens of MB of lookahead and
    /// frame buffers, so 30 leaked ones would add far more than the bound.
    @Test func aFailedOpenFreesTheEncoders() throws {
        let folder = try TemporaryFolder("unwritable")
        let path = folder.path("missing-folder/never.mp4")
        let settings = VideoSettings(width: 1080, height: 1920, fps: 30, bitrate: 8_000_000, preset: .standard)
        #expect(throws: MediaError.self) { _ = try VideoEncoder(path: path, settings: settings) }
        let before = ProcessMemory.resident().current
        for _ in 0..<30 {
            #expect(throws: MediaError.self) { _ = try VideoEncoder(path: path, settings: settings) }
        }
        let grownMB = (ProcessMemory.resident().current - before) / 1024
        #expect(grownMB < 150, "resident memory grew by \(grownMB) MB over 30 failed opens")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
