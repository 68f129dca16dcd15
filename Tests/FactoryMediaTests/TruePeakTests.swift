@testable import FactoryMedia
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
