import FactoryImaging
@testable import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// A landscape test clip read back as portrait b-roll: size, centre crop, motion, looping, errors.
@Suite struct ClipReaderTests {
    static let red = (220, 40, 40), blue = (40, 70, 200), green = (40, 180, 70), white = (250, 250, 250)

    /// 640×360, 2 s at 30 fps: red left edge (x < 200), blue elsewhere, a green band along the top
    /// (y < 60) and a white bar 40 px wide whose left edge moves from x = 20 to 580.
    static func writeClip(in folder: TemporaryFolder) throws -> String {
        func block(_ w: Int, _ h: Int, _ c: (Int, Int, Int)) -> LayerPixels {
            var pixels: [UInt8] = []
            for _ in 0..<(w * h) { pixels += [UInt8(c.0), UInt8(c.1), UInt8(c.2)] }
            return LayerPixels(raster: Raster(width: w, height: h, bands: 3, pixels: pixels))
        }
        let bar = Layer(block(40, 360, white), x: .ramp(20, 580, start: 0, duration: 2), y: .constant(0), anchorX: 0, anchorY: 0)
        let scene = Scene(width: 640, height: 360, duration: 2, layers: [
            .placed(block(640, 360, blue), left: 0, top: 0),
            .placed(block(200, 360, red), left: 0, top: 0),
            .placed(block(640, 60, green), left: 0, top: 0),
            bar,
        ])
        let path = folder.path("clip.mp4")
        _ = try SceneRenderer.render(scene, audio: nil, to: path,
                                     settings: VideoSettings(width: 640, height: 360, fps: 30, bitrate: 2_000_000, preset: .draft))
        return path
    }

    /// The RGB of one pixel of opaque layer pixels.
    static func rgb(_ px: LayerPixels, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let c = ColourMatrix.rgb(y: Int(px.y[y * px.width + x]), u: Int(px.u[(y / 2) * px.chromaWidth + x / 2]),
                                 v: Int(px.v[(y / 2) * px.chromaWidth + x / 2]))
        return (Int(c.r), Int(c.g), Int(c.b))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 30) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test func landscapeClipFillsPortraitByCroppingTheCentre() throws {
        let folder = try TemporaryFolder("clip")
        let reader = try ClipReader(path: try Self.writeClip(in: folder), width: 1080, height: 1920)
        #expect(abs(reader.duration - 2) < 0.05)
        let first = try reader.pixels(at: 0)
        #expect(first.width == 1080 && first.height == 1920 && first.opaque)
        #expect(first.contentWidth == 1080 && first.contentHeight == 1920 && first.margin == 0)
        // The full height shows (the green band is the top sixth); the red left edge is cropped
        // away, and the bar, still at the left of the source, is not in the picture yet.
        #expect(Self.near(Self.rgb(first, 540, 100), Self.green), "\(Self.rgb(first, 540, 100))")
        #expect(Self.near(Self.rgb(first, 540, 1000), Self.blue), "\(Self.rgb(first, 540, 1000))")
        #expect(Self.near(Self.rgb(first, 8, 1800), Self.blue), "\(Self.rgb(first, 8, 1800))")
        #expect(Self.near(Self.rgb(first, 1070, 1800), Self.blue), "\(Self.rgb(first, 1070, 1800))")
    }

    @Test func framesMoveAndLoop() throws {
        let folder = try TemporaryFolder("clip")
        let reader = try ClipReader(path: try Self.writeClip(in: folder), width: 1080, height: 1920)
        let start = try reader.pixels(at: 0)
        let middle = try reader.pixels(at: 1)          // bar at x = 300…340 of 218…420: the centre
        #expect(Self.near(Self.rgb(middle, 540, 1000), Self.white), "\(Self.rgb(middle, 540, 1000))")
        #expect(Self.near(Self.rgb(start, 540, 1000), Self.blue))
        #expect(start.y != middle.y)
        // Past the end the clip starts again (a seek back), and forward reading resumes after it.
        let late = try reader.pixels(at: 1.95)
        #expect(!Self.near(Self.rgb(late, 540, 1000), Self.white))
        let looped = try reader.pixels(at: 3)
        #expect(Self.near(Self.rgb(looped, 540, 1000), Self.white), "\(Self.rgb(looped, 540, 1000))")
        let wrapped = try reader.pixels(at: 4)
        #expect(Self.near(Self.rgb(wrapped, 540, 1000), Self.blue))
        #expect(Self.near(Self.rgb(try reader.pixels(at: 1.0), 540, 1000), Self.white))
    }

    @Test func sameFrameTwiceIsDecodedOnce() throws {
        let folder = try TemporaryFolder("clip")
        let reader = try ClipReader(path: try Self.writeClip(in: folder), width: 320, height: 320)
        let a = try reader.pixels(at: 0.5), b = try reader.pixels(at: 0.505)
        #expect(a === b)
        #expect(try reader.pixels(at: 0.6) !== b)
    }

    @Test func sequenceDrawsTheClipInAScene() throws {
        let folder = try TemporaryFolder("clip")
        let path = try Self.writeClip(in: folder)
        let (first, sequence) = try ClipReader.sequence(path: path, width: 360, height: 640, start: 0.5, duration: 3, fps: 30)
        #expect(sequence.times.count == 90)
        var layer = Layer.placed(first, left: 0, top: 0, start: 0.5, end: 3.5)
        layer.sequence = sequence
        let scene = Scene(width: 360, height: 640, duration: 4, layers: [layer], background: (0, 0, 0))
        func centre(_ t: Double) -> (Int, Int, Int) {
            let rgb = SceneRenderer.snapshot(scene, at: t), i = (320 * 360 + 180) * 3
            return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        }
        #expect(Self.near(centre(0.2), (0, 0, 0)), "before the layer starts")
        #expect(Self.near(centre(0.5), Self.blue), "\(centre(0.5))")
        #expect(Self.near(centre(1.5), Self.white), "clip time 1 s: \(centre(1.5))")
        #expect(Self.near(centre(3.5 - 1.0 / 30), Self.white), "clip time 1 s, looped: \(centre(3.5 - 1.0 / 30))")
        #expect(sequence.rasterised == 3)
    }

    @Test func planesBecomeOpaquePixelsWithoutRGB() throws {
        let c = ColourMatrix.yuv(r: 40, g: 180, b: 70)
        let px = try LayerPixels(width: 4, height: 2, y: [UInt8](repeating: UInt8(c.y), count: 8),
                                 u: [UInt8(c.u), UInt8(c.u)], v: [UInt8(c.v), UInt8(c.v)])
        #expect(px.opaque && px.margin == 0 && px.contentWidth == 4 && px.chromaWidth == 2)
        #expect(Self.near(Self.rgb(px, 3, 1), Self.green, 3))
        let scene = Scene(width: 4, height: 2, duration: 1, layers: [.placed(px, left: 0, top: 0)], background: (255, 0, 0))
        let rgb = SceneRenderer.snapshot(scene, at: 0)
        #expect(Self.near((Int(rgb[0]), Int(rgb[1]), Int(rgb[2])), Self.green, 3))
        #expect(throws: MediaError.self) { try LayerPixels(width: 3, height: 2, y: [UInt8](repeating: 0, count: 6), u: [0], v: [0]) }
        #expect(throws: MediaError.self) { try LayerPixels(width: 4, height: 2, y: [UInt8](repeating: 0, count: 8), u: [0], v: [0, 0]) }
    }

    @Test func missingClipNamesTheFile() {
        let path = "/nonexistent/broll/kitchen.mp4"
        #expect { try ClipReader(path: path, width: 1080, height: 1920) } throws: { error in
            let e = error as? MediaError
            return e?.code == .open && e?.description.contains(path) == true && e?.description.contains("does not exist") == true
        }
    }

    @Test func textFileIsNotAVideo() throws {
        let folder = try TemporaryFolder("clip")
        let path = folder.path("notes.mp4")
        try Data("not a video at all\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect { try ClipReader(path: path, width: 1080, height: 1920) } throws: { error in
            let e = error as? MediaError
            return e?.code == .open && e?.description.contains(path) == true
        }
    }

    @Test func soundOnlyFileHasNoVideoStream() throws {
        let folder = try TemporaryFolder("clip")
        let path = folder.path("tone.mp4")
        try Self.writeWave(path: path)
        #expect { try ClipReader(path: path, width: 1080, height: 1920) } throws: { error in
            (error as? MediaError)?.description.contains("\(path) has no video stream") == true
        }
        #expect(throws: MediaError.self) { try ClipReader(path: path, width: 1081, height: 1920) }
    }

    /// A quarter second of 16-bit mono PCM in a WAV container.
    static func writeWave(path: String) throws {
        let frames = 11_025
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + frames * 2); data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(1); u32(44_100); u32(88_200); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(frames * 2)
        for i in 0..<frames { u16(Int(UInt16(bitPattern: Int16(8000 * sin(Double(i) * 0.06))))) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
