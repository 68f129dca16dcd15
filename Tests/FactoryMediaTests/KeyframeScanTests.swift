import FactoryImaging
@testable import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// `KeyframeScan` decodes only a file's keyframes, on frame threads: it must find each one, in
/// order, with the same picture a full decode gives, and count every packet.
@Suite struct KeyframeScanTests {
    /// An 8 s clip of four flat colours cut hard every 2 s (each cut a keyframe), the last one black.
    static func clip(_ path: String) throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(200, 60, 40), (40, 180, 90), (230, 230, 230), (0, 0, 0)]
        let layers = colours.enumerated().map { index, colour -> Layer in
            var pixels: [UInt8] = []
            for i in 0..<(160 * 160) { pixels += [colour.0, colour.1 &+ UInt8(i % 7), colour.2] }
            let flat = LayerPixels(raster: Raster(width: 160, height: 160, bands: 3, pixels: pixels))
            return Layer(flat, x: .constant(80), y: .constant(80), start: Double(index) * 2, end: Double(index + 1) * 2)
        }
        _ = try SceneRenderer.render(Scene(width: 160, height: 160, duration: 8, layers: layers), audio: nil, to: path,
                                     settings: VideoSettings(width: 160, height: 160, fps: 30, bitrate: 400_000, preset: .draft))
    }

    @Test func everyKeyframeFoundInOrderAsAFullDecodeSeesIt() throws {
        let folder = try TemporaryFolder("keyframe-scan")
        let path = folder.path("clip.mp4")
        try Self.clip(path)
        // The full decode, one thread: each keyframe's time and luma.
        var expected: [FrameScan.Frame] = []
        var decoded = 0
        try VideoDecoding(path: path).forEachFrame { frame, time in
            decoded += 1
            if frame.pointee.key_frame == 1 { expected.append(.init(decoded: frame, time: time)) }
            return true
        }
        #expect(decoded == 240)
        #expect(expected.count >= 4, "a keyframe at each of the three cuts and at the start: \(expected.map(\.time))")

        let scan = try KeyframeScan.scan(path: path)
        #expect(scan.packets == 240)
        #expect(abs(scan.end - 8) < 0.05)
        #expect(scan.frames == expected, "\(scan.frames.map(\.time)) against \(expected.map(\.time))")
        // The black stretch is seen at its keyframe, and nothing before it is called black.
        let black = scan.blackFrames
        #expect(!black.isEmpty && black.allSatisfy { $0.time >= 6 - 1e-6 }, "\(black.map(\.time))")
    }
}
