import Foundation

/// Renders a scene and its soundtrack to an MP4: composes each frame straight into the encoder's
/// picture, and interleaves audio so both streams advance together.
public enum SceneRenderer {
    /// What a render did, for the bundle's metadata and for benchmarks.
    public struct Stats: Sendable, Codable, Equatable {
        public var frames: Int
        public var seconds: Double
        public var composeSeconds: Double
        public var encodeSeconds: Double
    }

    /// `audio` shorter than the video is padded with silence; longer is cut. Every video gets an
    /// audio track, silent when there is no sound.
    public static func render(_ scene: Scene, audio: AudioBuffer?, to path: String, settings: VideoSettings) throws -> Stats {
        let started = Date()
        let frames = max(1, Int((scene.duration * Double(settings.fps)).rounded()))
        let sound = (audio ?? .silence(seconds: scene.duration)).trimmed(length: Double(frames) / Double(settings.fps))
        let encoder = try VideoEncoder(path: path, settings: settings)
        var compose = 0.0
        do {
            try sound.samples.withUnsafeBufferPointer { pcm in
                var written = 0
                for index in 0..<frames {
                    let t = Double(index) / Double(settings.fps)
                    try encoder.encodeFrame { picture in
                        let c0 = DispatchTime.now().uptimeNanoseconds
                        Compositor.draw(scene, at: t, into: &picture)
                        compose += Double(DispatchTime.now().uptimeNanoseconds - c0) / 1e9
                    }
                    // Audio up to the end of this frame, so the muxer never waits for one stream.
                    let until = min(pcm.count, ((index + 1) * AudioBuffer.rate / settings.fps) * 2)
                    if until > written {
                        try encoder.encodeAudio(UnsafeBufferPointer(rebasing: pcm[written..<until]))
                        written = until
                    }
                }
            }
            try encoder.finish()
        } catch {
            try? encoder.finish()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        let total = Date().timeIntervalSince(started)
        return Stats(frames: frames, seconds: total, composeSeconds: compose, encodeSeconds: total - compose)
    }

    /// The frame at `time` as RGB, drawn by the same compositor (for covers, previews and tests).
    public static func snapshot(_ scene: Scene, at time: Double) -> [UInt8] {
        let w = scene.width, h = scene.height
        var y = [UInt8](repeating: 0, count: w * h), u = [UInt8](repeating: 0, count: w * h / 4), v = u
        return y.withUnsafeMutableBufferPointer { yb in u.withUnsafeMutableBufferPointer { ub in v.withUnsafeMutableBufferPointer { vb in
            var picture = PictureBuffer(width: w, height: h, y: yb.baseAddress!, u: ub.baseAddress!, v: vb.baseAddress!,
                                        yStride: w, cStride: w / 2)
            Compositor.draw(scene, at: time, into: &picture)
            return ColourMatrix.rgbRaster(picture)
        } } }
    }
}
