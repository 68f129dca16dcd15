@testable import FactoryMedia
import Foundation
import Testing

/// The true peak's vector path (contiguous samples) against the scalar one (the same samples read
/// with a stride of 2 from an interleaved copy), on noisy and on clipped windows.
@Suite struct TruePeakTests {
    @Test func vectorAndScalarPathsAgree() {
        var rng = SystemRandomNumberGenerator()
        let taps = TruePeak.taps
        #expect(taps.count == 3 * 2 * TruePeak.half)
        for trial in 0..<200 {
            let window: [Float] = (0..<(2 * TruePeak.half)).map { i in
                trial % 4 == 0 ? (i % 2 == 0 ? 1 : -1) : Float.random(in: -1...1, using: &rng)
            }
            let interleaved: [Float] = window.flatMap { x -> [Float] in [x, 0] }
            let vector = window.withUnsafeBufferPointer { w in taps.withUnsafeBufferPointer { TruePeak.peak(w.baseAddress!, taps: $0.baseAddress!) } }
            let scalar = interleaved.withUnsafeBufferPointer { w in
                taps.withUnsafeBufferPointer { TruePeak.peak(w.baseAddress!, stride: 2, taps: $0.baseAddress!) }
            }
            #expect(abs(vector - scalar) <= 1e-5 * max(1, scalar), "trial \(trial): \(vector) against \(scalar)")
            // Between samples the peak reaches at least the centre sample.
            #expect(vector >= abs(window[TruePeak.half - 1]))
        }
    }
}

/// The K-weighting filters' state after a click and then silence: it must die away without
/// passing through subnormal numbers (each operation on one is many times slower; a chat story's
/// pauses made the meter a fifth of the item).
@Suite struct KWeightingStateTests {
    @Test func silenceFlushesTheStateInsteadOfGoingSubnormal() {
        var (shelf, highPass) = Biquad.kWeighting(rate: 44_100)
        _ = highPass.process(shelf.process(1))
        var subnormal = 0
        // The 38 Hz high-pass decays by about 0.995 a sample: unflushed, its state would be
        // subnormal after roughly 130,000 samples of silence.
        for _ in 0..<400_000 {
            _ = highPass.process(shelf.process(0))
            for z in [shelf.z1, shelf.z2, highPass.z1, highPass.z2] where z.isSubnormal { subnormal += 1 }
        }
        #expect(subnormal == 0)
        // What remains sits on the flush's grid (steps of about 1.5e-36), far under anything audible.
        #expect([shelf.z1, shelf.z2, highPass.z1, highPass.z2].allSatisfy { abs($0) < 1e-30 })
        // And a normal signal still passes unchanged in level: a 1 kHz tone through both stages.
        var (s, h) = Biquad.kWeighting(rate: 44_100)
        var peak = 0.0
        for i in 0..<44_100 {
            let y = h.process(s.process(sin(2 * Double.pi * 1000 * Double(i) / 44_100)))
            if i > 22_050 { peak = max(peak, abs(y)) }
        }
        #expect(abs(20 * log10(peak) - 0.69) < 0.1, "K-weighting at 1 kHz: \(20 * log10(peak)) dB")
    }
}
