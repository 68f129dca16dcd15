import Foundation

/// The benchmark's reference: libx264 alone encoding frames already in memory, with the same
/// size, rate, preset and bitrate as our render, so the ratio shows what composing costs.
public enum EncoderBaseline {
    /// Decodes every frame of `video` into memory (untimed), then returns the seconds libx264
    /// takes to encode them all.
    public static func encode(video: String, preset: VideoSettings.Preset = .standard, bitrate: Int = 8_000_000) throws -> Double {
        let probe = try MediaProbe.probe(path: video)
        let frameBytes: Int = (probe.video?.width ?? 0) * (probe.video?.height ?? 0) * 3 / 2
        let frameCount: Int = probe.video?.frames ?? 0
        if frameBytes * frameCount > 1 << 30 {
            return try encodeFromFile(video: video, preset: preset, bitrate: bitrate)
        }
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

    /// For long videos (over 1 GiB of raw frames): the frames are decoded to a raw file first
    /// (untimed), then read back sequentially into one buffer and encoded. The timed part then
    /// includes reading ~3 MB a frame from the page cache, well under a millisecond.
    static func encodeFromFile(video: String, preset: VideoSettings.Preset, bitrate: Int) throws -> Double {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid()).yuv")
        FileManager.default.createFile(atPath: raw.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: raw) }
        let writer = try FileHandle(forWritingTo: raw)
        var size = (0, 0), count = 0
        try VideoDecoding(path: video).forEachFrame { frame, _ in
            let picture = PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height))
            let w = picture.width, h = picture.height
            size = (w, h)
            var bytes = [UInt8](repeating: 0, count: w * h * 3 / 2)
            bytes.withUnsafeMutableBufferPointer { dst in
                let base = dst.baseAddress!
                PictureBuffer(width: w, height: h, y: base, u: base + w * h, v: base + w * h + w * h / 4, yStride: w, cStride: w / 2)
                    .copy(from: picture)
            }
            writer.write(Data(bytes))
            count += 1
            return true
        }
        try writer.close()
        let (width, height) = size
        let frameBytes = width * height * 3 / 2
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        guard let file = fopen(raw.path, "rb") else { throw MediaError(.decode, "cannot reopen \(raw.path)") }
        defer { fclose(file) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: frameBytes)
        defer { buffer.deallocate() }
        let started = DispatchTime.now().uptimeNanoseconds
        let encoder = try VideoEncoder(path: out, settings: VideoSettings(width: width, height: height, fps: 30, bitrate: bitrate, preset: preset))
        let stored = PictureBuffer(width: width, height: height, y: buffer, u: buffer + width * height,
                                   v: buffer + width * height + width * height / 4, yStride: width, cStride: width / 2)
        for _ in 0..<count {
            guard fread(buffer, 1, frameBytes, file) == frameBytes else { break }
            try encoder.encodeFrame { $0.copy(from: stored) }
        }
        try encoder.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
