import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// The soundtrack encoded on its own thread: in step with the picture, written interleaved with
/// it, exactly as long, and a failing source stops the render instead of hanging it.
@Suite struct AudioTrackThreadTests {
    /// Silence with a 2 kHz burst (amplitude 0.5, 50 ms) at each of `at` seconds.
    final class Bursts: AudioSource {
        let at: [Double]
        let failAfter: Double?
        private var position = 0

        init(at: [Double], failAfter: Double? = nil) { self.at = at; self.failAfter = failAfter }

        struct Broken: Error {}

        func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
            if let failAfter, Double(position) / 44_100 >= failAfter { throw Broken() }
            for i in 0..<frames {
                let t = Double(position + i) / 44_100
                let on = at.contains { t >= $0 && t < $0 + 0.05 }
                let v = on ? Float(0.5 * sin(2 * Double.pi * 2000 * t)) : 0
                out[2 * i] = v; out[2 * i + 1] = v
            }
            position += frames
            return frames
        }
    }

    static let settings = VideoSettings(width: 160, height: 120, fps: 30, bitrate: 300_000, preset: .draft)

    /// (stream index, pts in seconds) of every packet in file order, as ffprobe reads them.
    static func packets(_ path: String) throws -> [(stream: Int, time: Double)] {
        let ffprobe = try #require(["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first(where: FileManager.default.isExecutableFile),
                                   "ffprobe is not installed; `make test` installs ffmpeg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-show_entries", "packet=stream_index,pts_time", "-of", "csv=p=0", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: ",")
            guard f.count >= 2, let s = Int(f[0]), let t = Double(f[1]) else { return nil }
            return (s, t)
        }
    }

    @Test func soundIsInStepWithThePictureAndInterleaved() throws {
        let folder = try TemporaryFolder("audio-thread")
        let path = folder.path("clip.mp4")
        let bursts = [0.5, 3.2, 7.05, 11.4]
        let scene = Scene(width: 160, height: 120, duration: 12, background: (20, 20, 20))
        let stats = try SceneRenderer.render(scene, source: Bursts(at: bursts), to: path, settings: Self.settings)
        #expect(stats.frames == 360)

        // Each burst starts where it was put (the first sample above a tenth of its level).
        let audio = try AudioDecoder.decode(path: path)
        let left = stride(from: 0, to: audio.samples.count, by: 2).map { abs(audio.samples[$0]) }
        for t in bursts {
            let from = Int((t - 0.3) * 44_100)
            let onset = try #require((from..<min(left.count, from + 44_100)).first { left[$0] > 0.05 })
            #expect(abs(Double(onset) / 44_100 - t) < 0.01, "burst at \(t) s heard at \(Double(onset) / 44_100) s")
        }
        // Exactly as long as the picture (within one AAC frame of 1024 samples).
        #expect(abs(audio.duration - 12) < 1024.0 / 44_100 + 0.001, "sound \(audio.duration) s for 12 s of picture")

        // In file order, no audio packet is more than a second ahead of the last picture written
        // before it (the thread keeps half a second's lead), and both streams run to the end.
        let order = try Self.packets(path)
        var lastVideo = 0.0, worstLead = 0.0
        for p in order {
            if p.stream == 0 { lastVideo = max(lastVideo, p.time) } else { worstLead = max(worstLead, p.time - lastVideo) }
        }
        #expect(worstLead < 1.0, "audio ran \(worstLead) s ahead of the picture in the file")
        #expect(order.filter { $0.stream == 0 }.count == 360)
        #expect((order.filter { $0.stream == 1 }.map(\.time).max() ?? 0) > 11.9)
    }

    @Test func aFailingSourceStopsTheRenderAndLeavesNoFile() throws {
        let folder = try TemporaryFolder("audio-thread-fail")
        let path = folder.path("clip.mp4")
        let scene = Scene(width: 160, height: 120, duration: 6, background: (20, 20, 20))
        #expect(throws: Bursts.Broken.self) {
            _ = try SceneRenderer.render(scene, source: Bursts(at: [1], failAfter: 2), to: path, settings: Self.settings)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func silenceWhenThereIsNoSource() throws {
        let folder = try TemporaryFolder("audio-thread-silent")
        let path = folder.path("clip.mp4")
        let scene = Scene(width: 160, height: 120, duration: 2, background: (20, 20, 20))
        _ = try SceneRenderer.render(scene, source: nil, to: path, settings: Self.settings)
        let audio = try AudioDecoder.decode(path: path)
        #expect(abs(audio.duration - 2) < 1024.0 / 44_100 + 0.001)
        #expect(audio.samples.allSatisfy { $0 == 0 })
    }
}
