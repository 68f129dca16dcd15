import Foundation

/// Interleaved stereo float samples at 44.1 kHz, with the edits a soundtrack needs.
public struct AudioBuffer: Sendable, Equatable {
    public static let rate = VideoSettings.sampleRate
    /// L R L R … in −1…1.
    public var samples: [Float]

    public init(samples: [Float]) { self.samples = samples }

    public static func silence(seconds: Double) -> AudioBuffer {
        AudioBuffer(samples: [Float](repeating: 0, count: frames(seconds) * 2))
    }

    static func frames(_ seconds: Double) -> Int { max(0, Int((seconds * Double(rate)).rounded())) }

    public var frameCount: Int { samples.count / 2 }
    public var duration: Double { Double(frameCount) / Double(Self.rate) }

    /// Keeps `length` seconds from `start`, padding with silence if the source is shorter.
    public func trimmed(start: Double = 0, length: Double) -> AudioBuffer {
        let from = min(frameCount, Self.frames(start)), want = Self.frames(length)
        let take = min(want, frameCount - from)
        var out = Array(samples[(from * 2)..<((from + take) * 2)])
        if take < want { out.append(contentsOf: repeatElement(0, count: (want - take) * 2)) }
        return AudioBuffer(samples: out)
    }

    /// Repeats the audio until it is at least `seconds` long (for short music loops).
    public func looped(toAtLeast seconds: Double) -> AudioBuffer {
        guard frameCount > 0, duration < seconds else { return self }
        var out = samples
        while out.count / 2 < Self.frames(seconds) { out.append(contentsOf: samples) }
        return AudioBuffer(samples: out)
    }

    /// Linear gain ramps at both ends (equal-power would pump on music beds; linear sounds calmer).
    public func faded(in fadeIn: Double, out fadeOut: Double) -> AudioBuffer {
        var out = samples
        let n = frameCount, inFrames = min(n, Self.frames(fadeIn)), outFrames = min(n, Self.frames(fadeOut))
        for i in 0..<inFrames {
            let g = Float(i) / Float(max(1, inFrames))
            out[2 * i] *= g; out[2 * i + 1] *= g
        }
        for i in 0..<outFrames {
            let g = Float(i) / Float(max(1, outFrames))
            let j = n - 1 - i
            out[2 * j] *= g; out[2 * j + 1] *= g
        }
        return AudioBuffer(samples: out)
    }

    public func gained(_ gain: Float) -> AudioBuffer {
        AudioBuffer(samples: samples.map { $0 * gain })
    }

    /// Adds `other` starting at `offset` seconds, growing the buffer if needed; the sum is
    /// soft-limited so loud overlaps do not clip.
    public func mixed(with other: AudioBuffer, at offset: Double = 0, gain: Float = 1) -> AudioBuffer {
        let start = Self.frames(offset) * 2
        var out = samples
        if out.count < start + other.samples.count {
            out.append(contentsOf: repeatElement(0, count: start + other.samples.count - out.count))
        }
        for i in 0..<other.samples.count { out[start + i] += other.samples[i] * gain }
        for i in 0..<out.count where abs(out[i]) > 0.95 { out[i] = Self.softLimit(out[i]) }
        return AudioBuffer(samples: out)
    }

    static func softLimit(_ x: Float) -> Float {
        let s: Float = x < 0 ? -1 : 1, a = abs(x)
        return s * (0.95 + 0.05 * tanh((a - 0.95) / 0.05))
    }

    /// Root-mean-square level in dBFS over a window (−∞ for silence).
    public func rmsDecibels(from start: Double = 0, length: Double? = nil) -> Double {
        let from = min(frameCount, Self.frames(start))
        let to = length.map { min(frameCount, from + Self.frames($0)) } ?? frameCount
        guard to > from else { return -.infinity }
        var sum = 0.0
        for i in (from * 2)..<(to * 2) { sum += Double(samples[i] * samples[i]) }
        let rms = (sum / Double((to - from) * 2)).squareRoot()
        return rms > 0 ? 20 * log10(rms) : -.infinity
    }

    /// Peak absolute sample.
    public var peak: Float { samples.reduce(0) { max($0, abs($1)) } }
}
