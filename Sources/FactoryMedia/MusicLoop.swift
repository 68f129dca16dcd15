import Foundation

/// A music bed played from a stereo WAV in blocks, started again from the top whenever it ends.
/// A bed under a narration is read this way, not held decoded: 120 s of stereo Float is 42 MB,
/// which would sit under the encoder's frames for the whole render.
public final class MusicLoop {
    private let reader: NarrationReader
    private var block = [Float](repeating: 0, count: 2 * 4096)
    private var available = 0
    private var index = 0

    /// Opens a bed written by `write(_:to:)` (or any stereo WAV at `AudioBuffer.rate`).
    public init(path: String) throws {
        reader = try NarrationReader(path: path)
        guard reader.channels == 2, reader.sampleRate == AudioBuffer.rate, reader.frameCount > 0 else {
            throw MediaError(.settings, "music bed \(path) must be stereo at \(AudioBuffer.rate) Hz and not empty "
                             + "(it has \(reader.channels) channels at \(reader.sampleRate) Hz, \(reader.frameCount) frames)")
        }
    }

    /// Decodes at most `maxSeconds` of the music file `source` straight into a bed file at `path`
    /// (the track is never held whole) and opens it.
    public static func decode(_ source: String, maxSeconds: Double, to path: String) throws -> MusicLoop {
        try write(to: path) { writer in
            try AudioDecoder.decode(path: source, maxSeconds: maxSeconds) { try writer.write($0) }
        }
        return try MusicLoop(path: path)
    }

    /// Writes a decoded bed as the file this reads.
    public static func write(_ bed: AudioBuffer, to path: String) throws {
        try write(to: path) { try $0.write(bed.samples) }
    }

    /// A stereo bed file (32-bit float, so nothing is lost on the way), finished even when `body` fails.
    private static func write(to path: String, _ body: (NarrationFileWriter) throws -> Void) throws {
        let writer = try NarrationFileWriter(path: path, channels: 2)
        do {
            try body(writer)
        } catch {
            try? writer.finish()
            throw error
        }
        try writer.finish()
    }

    /// Seconds of one pass through the bed.
    public var duration: Double { reader.duration }

    /// The next frame of the bed, left and right; after the last one comes the first again.
    @inline(__always)
    public func next() throws -> (left: Float, right: Float) {
        if index == available { try refill() }
        defer { index += 1 }
        return (block[2 * index], block[2 * index + 1])
    }

    private func refill() throws {
        var count = try block.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: 4096) }
        if count == 0 {
            try reader.rewind()
            count = try block.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: 4096) }
        }
        guard count > 0 else { throw MediaError(.decode, "music bed \(reader.path) gave no samples after a rewind") }
        available = count
        index = 0
    }
}
