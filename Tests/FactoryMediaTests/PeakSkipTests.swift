@testable import FactoryMedia
import Foundation
import Testing

/// The true peak skipped where it cannot matter (`TruePeak.bound`): the meter's `largest` and the
/// limiter's output must be what interpolating every interval gives.
@Suite struct PeakSkipTests {
    /// A quiet voice-like noise with loud bursts, some of them at the Nyquist rate, and stretches of
    /// a quarter-rate sine sampled 45° off its crests (samples at 0.64, peaks at 0.9 between them:
    /// only interpolating finds them), in `channels` interleaved channels.
    static func signal(frames: Int, channels: Int, seed: UInt64) -> [Float] {
        var state = seed
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: state >> 11) % 2_000_001) / 1_000_000 - 1
        }
        return (0..<(frames * channels)).map { n in
            let f = n / channels
            let burst = (f / 997) % 5 == 2, nyquist = (f / 997) % 7 == 3, between = (f / 997) % 4 == 1
            if between { return 0.9 * sin(Float.pi / 2 * Float(f) + Float.pi / 4) }
            if nyquist { return (f % 2 == 0 ? 0.97 : -0.97) * (f % 3 == 0 ? 1 : 0.8) }
            return next() * (burst ? 0.99 : 0.05)
        }
    }

    @Test func largestMatchesEveryIntervalInterpolated() {
        let taps = TruePeak.taps
        for (seed, count) in [(1, 24), (2, 57), (3, 3000), (4, 10_000)] as [(UInt64, Int)] {
            let x = Self.signal(frames: count, channels: 1, seed: seed)
            let windows = count - 2 * TruePeak.half + 1
            let every = x.withUnsafeBufferPointer { p in taps.withUnsafeBufferPointer { h in
                (0..<windows).map { TruePeak.peak24(p.baseAddress! + $0, taps: h.baseAddress!) }.max()!
            } }
            for above: Float in [0, 0.5 * every, every * 2] {
                let skipped = x.withUnsafeBufferPointer { p in taps.withUnsafeBufferPointer { h in
                    TruePeak.largest(p.baseAddress!, windows: windows, above: above, taps: h.baseAddress!)
                } }
                #expect(skipped == max(every, above), "\(count) samples from \(above): \(skipped) against \(every)")
            }
        }
        // The bound holds: no interpolated point past the largest sample times it.
        #expect(TruePeak.bound >= 1)
        let alternating: [Float] = (0..<24).map { $0 % 2 == 0 ? 1 : -1 }
        let peak = alternating.withUnsafeBufferPointer { p in taps.withUnsafeBufferPointer { TruePeak.peak24(p.baseAddress!, taps: $0.baseAddress!) } }
        #expect(peak <= TruePeak.bound)
    }

    /// The limiter as its comment defines it, one frame at a time with every interval interpolated.
    static func reference(_ input: [Float], channels: Int, rate: Int, ceiling dB: Double) -> [Float] {
        let ceiling = Float(pow(10, dB / 20)), lookahead = max(1, Int(0.005 * Double(rate)))
        let coefficient = Float(1 - exp(-1 / (0.080 * Double(rate))))
        let half = TruePeak.half, frames = input.count / channels
        // The stream the limiter sees: `lookahead` silent frames, the input, silence after.
        let padded = [Float](repeating: 0, count: lookahead * channels) + input
            + [Float](repeating: 0, count: (lookahead + 4 * half) * channels)
        let total = padded.count / channels
        var peaks = [Float](repeating: 0, count: total)
        for j in (half - 1)..<(total - half) {
            for c in 0..<channels {
                let window = (0..<(2 * half)).map { padded[(j - half + 1 + $0) * channels + c] }
                peaks[j] = max(peaks[j], window.withUnsafeBufferPointer { w in
                    TruePeak.taps.withUnsafeBufferPointer { TruePeak.peak(w.baseAddress!, taps: $0.baseAddress!) } })
            }
        }
        let needs = (0..<total).map { j in min(1, ceiling / max(1e-9, max(peaks[j], j > 0 ? peaks[j - 1] : 0))) }
        var released: Float = 1
        var history = [Float](repeating: 1, count: lookahead + 1)
        var out: [Float] = []
        for i in 0..<(lookahead + frames) {
            let floor = needs[i...(i + lookahead)].min()!
            released = min(floor, released + (1 - released) * coefficient)
            history.removeFirst()
            history.append(released)
            let gain = Float(history.reduce(0.0) { $0 + Double($1) } / Double(history.count))
            guard i >= lookahead else { continue }
            for c in 0..<channels { out.append(padded[i * channels + c] * gain) }
        }
        return out
    }

    @Test(arguments: [1, 2])
    func limiterMatchesItsDefinitionInAnyBlocks(channels: Int) {
        let rate = 16_000, ceiling = -3.0
        let input = Self.signal(frames: rate, channels: channels, seed: 7 + UInt64(channels))
        let expected = Self.reference(input, channels: channels, rate: rate, ceiling: ceiling)
        for blocks in [[4096], [1, 7, 333, 50, 2048], [13]] {
            var limiter = PeakLimiter(channels: channels, rate: rate, ceiling: ceiling)
            var out: [Float] = []
            var at = 0, b = 0
            while at < input.count / channels {
                let n = min(blocks[b % blocks.count], input.count / channels - at)
                input[(at * channels)..<((at + n) * channels)].withUnsafeBufferPointer { limiter.process($0, into: &out) }
                at += n
                b += 1
            }
            limiter.flush(into: &out)
            #expect(out.count == expected.count)
            let worst = zip(out, expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < 2e-6, "blocks \(blocks): \(worst) from the definition")
            #expect(limiter.deepest < 0.8, "the bursts were limited (deepest gain \(limiter.deepest))")
        }
    }
}

/// libavutil's real transform against the DFT's definition.
@Suite struct RealFFTTests {
    @Test func powersMatchTheDefinition() {
        let n = 512, fft = RealFFT(size: n)
        var state: UInt64 = 3
        let frame: [Float] = (0..<n).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 0.3 * sin(2 * Float.pi * 37 * Float(i) / Float(n)) + Float(Int(state >> 40) % 1000) / 5000 - 0.1
        }
        for i in 0..<n { fft.input[i] = frame[i] }
        fft.transform()
        for k in [0, 1, 36, 37, 38, 100, n / 2] {
            var re = 0.0, im = 0.0
            for i in 0..<n {
                let angle = -2 * Double.pi * Double(k * i) / Double(n)
                re += Double(frame[i]) * cos(angle)
                im += Double(frame[i]) * sin(angle)
            }
            let expected = (re * re + im * im).squareRoot()
            #expect(abs(Double(fft.magnitude(k)) - expected) < 1e-3 * max(1, expected), "bin \(k): \(fft.magnitude(k)) against \(expected)")
        }
        // A sine on bin 37 of amplitude 0.3 reads 0.3 · n/2.
        #expect(abs(fft.magnitude(37) - 0.3 * Float(n) / 2) < 2)
        // The input is left as it was.
        #expect(fft.input[5] == frame[5])
    }
}
