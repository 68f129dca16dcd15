import Foundation

/// A soundtrack pulled block by block (interleaved stereo Float at 44.1 kHz), so a long video
/// never holds its whole audio in memory.
public protocol AudioSource: AnyObject {
    /// Fills `frames` stereo frames (interleaved L R, 44.1 kHz) into `out`; returns how many were
    /// real (the rest zero).
    func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int
}

/// An in-memory `AudioBuffer` as a source (short soundtracks and the older render API).
public final class AudioBufferSource: AudioSource {
    private let buffer: AudioBuffer
    private var position = 0

    public init(_ buffer: AudioBuffer) { self.buffer = buffer }

    public func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        let wanted = min(frames, out.count / 2)
        let real = max(0, min(wanted, buffer.frameCount - position))
        buffer.samples.withUnsafeBufferPointer { src in
            for i in 0..<(real * 2) { out[i] = src[position * 2 + i] }
        }
        for i in (real * 2)..<(wanted * 2) { out[i] = 0 }
        position += real
        return real
    }
}
