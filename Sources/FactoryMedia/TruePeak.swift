import Foundation

/// 4× oversampling for true-peak estimation (BS.1770-4 Annex 2): the three points between two
/// samples are interpolated with a Kaiser-windowed sinc (β = 7) over 24 neighbours, flat (±0.01 dB)
/// to 0.4 × the sample rate (17.6 kHz at 44.1 kHz), so speech and music read their real peaks.
enum TruePeak {
    /// Neighbours on each side of an interval.
    static let half = 12
    /// Taps for the points ¼, ½ and ¾ of the way from x[j] to x[j+1], over x[j−11] … x[j+12]
    /// (three rows of 24, flattened).
    static let taps: [Float] = (1...3).flatMap { phase in
        (0..<(2 * half)).map { i in
            let d = Double(phase) / 4 + Double(half - 1 - i)
            let sinc = sin(Double.pi * d) / (Double.pi * d)
            let r = d / Double(half)
            return Float(sinc * besselI0(7 * (1 - r * r).squareRoot()) / besselI0(7))
        }
    }

    /// The modified Bessel function of the first kind, order 0 (for the Kaiser window).
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        while term > 1e-12 * sum { term *= (x / (2 * k)) * (x / (2 * k)); sum += term; k += 1 }
        return sum
    }

    /// The largest magnitude on [x[j], x[j+1]): the sample and the three points after it.
    /// `window` points at x[j−11] and steps by `stride` floats (the channel count when interleaved);
    /// `taps` is `TruePeak.taps`, lent by the caller so hot loops skip the global's lookup.
    @inline(__always)
    static func peak(_ window: UnsafePointer<Float>, stride: Int = 1, taps h: UnsafePointer<Float>) -> Float {
        if stride == 1, half == 12 { return peak24(window, taps: h) }
        var best = abs(window[(half - 1) * stride])
        for p in 0..<3 {
            var y: Float = 0
            for i in 0..<(2 * half) { y += h[p * 2 * half + i] * window[i * stride] }
            best = max(best, abs(y))
        }
        return best
    }
}

extension TruePeak {
    /// `peak` for contiguous samples and 24 taps, as three 8-lane multiply-adds a phase: the meter
    /// and the limiter run it for every sample of every channel, and the scalar sum is 72 dependent
    /// multiply-adds that the compiler may not reorder into vectors. The lanes' sum rounds in
    /// another order than the scalar loop: the peaks agree to about 1e-7.
    @inline(__always)
    static func peak24(_ window: UnsafePointer<Float>, taps h: UnsafePointer<Float>) -> Float {
        let x = UnsafeRawPointer(window), t = UnsafeRawPointer(h)
        let w0 = x.loadUnaligned(as: SIMD8<Float>.self)
        let w1 = x.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self)
        let w2 = x.loadUnaligned(fromByteOffset: 64, as: SIMD8<Float>.self)
        var best = abs(window[11])
        for p in 0..<3 {
            let base = p * 96
            // Multiplies and adds, not addProduct: without FMA in the target that is a call to fmaf a lane.
            let acc = w0 * t.loadUnaligned(fromByteOffset: base, as: SIMD8<Float>.self)
                + w1 * t.loadUnaligned(fromByteOffset: base + 32, as: SIMD8<Float>.self)
                + w2 * t.loadUnaligned(fromByteOffset: base + 64, as: SIMD8<Float>.self)
            best = max(best, abs(acc.sum()))
        }
        return best
    }
}

extension TruePeak {
    /// Windows checked against one bound at a time in `largest` (32 windows read 55 samples).
    static let group = 32

    /// Σ|h| of the phase with the largest, a little over (1e-4) for the rounding of `peak24`'s sums,
    /// and at least 1 (the sample itself is a point): no point interpolated from samples that all
    /// lie within ±m reaches past m × `bound`. A stretch whose largest sample times this cannot
    /// beat the peak so far (or a limiter's ceiling) needs no interpolating: most of a voice.
    static let bound: Float = {
        let row = 2 * half
        let sums = (0..<3).map { p in (0..<row).reduce(Float(0)) { $0 + abs(taps[p * row + $1]) } }
        return max(1, sums.max()!) * 1.0001
    }()

    /// The largest of `current` and the true peaks of `windows` consecutive windows, window k being
    /// x[k] … x[k+23] (its interval [x[k+11], x[k+12])): the same figure as `peak24` on each, but
    /// a group of windows whose samples cannot beat `current` is skipped on a SIMD maximum alone.
    static func largest(_ x: UnsafePointer<Float>, windows: Int, above current: Float, taps h: UnsafePointer<Float>) -> Float {
        var best = current
        var k = 0
        while k < windows {
            let g = min(group, windows - k)
            if largestMagnitude(x + k, count: g + 2 * half - 1) * bound > best {
                for w in k..<(k + g) { best = max(best, peak24(x + w, taps: h)) }
            }
            k += g
        }
        return best
    }

    /// max |x[i]| over `count` floats, eight lanes at a time.
    @inline(__always)
    static func largestMagnitude(_ x: UnsafePointer<Float>, count: Int) -> Float {
        let raw = UnsafeRawPointer(x)
        var lanes = SIMD8<Float>(repeating: 0)
        var i = 0
        while i + 8 <= count {
            // Masks rather than pointwiseMax, which the compiler left as a call per vector.
            var v = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            v.replace(with: -v, where: v .< 0)
            lanes.replace(with: v, where: v .> lanes)
            i += 8
        }
        var m = lanes.max()
        while i < count { m = max(m, abs(x[i])); i += 1 }
        return m
    }
}
