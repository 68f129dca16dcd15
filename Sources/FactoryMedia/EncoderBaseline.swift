import Foundation

/// The benchmark's reference: libx264 alone encoding frames already in memory, with the same
/// size, rate, preset and bitrate as our render, so the ratio shows what composing costs.
public enum EncoderBaseline {
    /// Decodes every frame of `video` into memory (untimed), then returns the seconds libx264
    /// takes to encode them all.
    public static func encode(video: String, preset: VideoSettings.Preset = .standard, bitrate: Int = 8_000_000) throws -> Double {
        let (width, height, frames) = try decodeAll(video)
        guard !frames.isEmpty else { throw MediaError(.decode, "\(video) has no frames") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let started = DispatchTime.now().uptimeNanoseconds
        let encoder = try VideoEncoder(path: out, settings: VideoSettings(width: width, height: height, fps: 30, bitrate: bitrate, preset: preset))
        for frame in frames {
            // Read in place (no copy inside the timed loop); the picture is only read from.
            try frame.withUnsafeBufferPointer { src in
                let base = UnsafeMutablePointer(mutating: src.baseAddress!)
                let stored = PictureBuffer(width: width, height: height, y: base, u: base + width * height,
                                           v: base + width * height + width * height / 4, yStride: width, cStride: width / 2)
                try encoder.encodeFrame { $0.copy(from: stored) }
            }
        }
        try encoder.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// Every frame as packed I420 bytes.
    static func decodeAll(_ path: String) throws -> (Int, Int, [[UInt8]]) {
        var frames: [[UInt8]] = []
        var size = (0, 0)
        try VideoDecoding(path: path).forEachFrame { frame, _ in
            let picture = PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height))
            let w = picture.width, h = picture.height
            size = (w, h)
            var bytes = [UInt8](repeating: 0, count: w * h * 3 / 2)
            bytes.withUnsafeMutableBufferPointer { dst in
                let base = dst.baseAddress!
                PictureBuffer(width: w, height: h, y: base, u: base + w * h, v: base + w * h + w * h / 4, yStride: w, cStride: w / 2)
                    .copy(from: picture)
            }
            frames.append(bytes)
            return true
        }
        return (size.0, size.1, frames)
    }
}
