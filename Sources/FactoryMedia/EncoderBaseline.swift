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
            let packed = PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height)).packedI420()
            size = (packed.width, packed.height)
            frames.append(packed.bytes)
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
        var size = (0, 0)
        try VideoDecoding(path: video).forEachFrame { frame, _ in
            let packed = PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height)).packedI420()
            size = (packed.width, packed.height)
            writer.write(Data(packed.bytes))
            return true
        }
        try writer.close()
        let (width, height) = size
        return try encodeRaw(path: raw.path, settings: VideoSettings(width: width, height: height, fps: 30, bitrate: bitrate, preset: preset))
    }

    /// Encodes the packed I420 frames of `path` (of `settings`' size), read one at a time into one
    /// buffer, with our encoder and `settings`, and returns the seconds it took. With a render's
    /// own settings this is our encoder alone: the encode without composing, whose time and peak
    /// memory `make bench` sets beside each item's.
    public static func encodeRaw(path: String, settings: VideoSettings) throws -> Double {
        let (width, height) = (settings.width, settings.height)
        let frameBytes = width * height * 3 / 2
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        guard let file = fopen(path, "rb") else { throw MediaError(.decode, "cannot open \(path)") }
        defer { fclose(file) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: frameBytes)
        defer { buffer.deallocate() }
        // The resident set as a render's: what a render lets go of before and after its first frames.
        SceneRenderer.letGoBeforeEncoding(settings.tuning)
        let started = DispatchTime.now().uptimeNanoseconds
        let encoder = try VideoEncoder(path: out, settings: settings)
        let stored = PictureBuffer(width: width, height: height, y: buffer, u: buffer + width * height,
                                   v: buffer + width * height + width * height / 4, yStride: width, cStride: width / 2)
        while fread(buffer, 1, frameBytes, file) == frameBytes {
            try encoder.encodeFrame { $0.copy(from: stored) }
            SceneRenderer.letGoAfterFirstFrames(sent: encoder.frameCount, settings.tuning)
        }
        try encoder.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}

extension PictureBuffer {
    /// The picture as packed I420 bytes (its planes one after another, no row padding).
    func packedI420() -> (width: Int, height: Int, bytes: [UInt8]) {
        let w = width, h = height
        var bytes = [UInt8](repeating: 0, count: w * h * 3 / 2)
        bytes.withUnsafeMutableBufferPointer { dst in
            let base = dst.baseAddress!
            PictureBuffer(width: w, height: h, y: base, u: base + w * h, v: base + w * h + w * h / 4, yStride: w, cStride: w / 2)
                .copy(from: self)
        }
        return (w, h, bytes)
    }
}
