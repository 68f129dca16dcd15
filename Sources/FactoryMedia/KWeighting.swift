import Foundation

/// One biquad section (transposed direct form II) in Double, for the BS.1770 K-weighting.
struct Biquad {
    var b0, b1, b2, a1, a2: Double
    private(set) var z1 = 0.0, z2 = 0.0

    init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0; self.b1 = b1; self.b2 = b2; self.a1 = a1; self.a2 = a2
    }

    @inline(__always)
    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + z1
        // The state decays toward zero in silence and would turn subnormal after a second or two,
        // where every operation on it is many times slower (a chat story's pauses made the meter
        // 3 s of its 16). Adding and taking away 1e-20 flushes whatever is under ~1e-36 to zero
        // and leaves anything audible exactly as it was.
        z1 = (b1 * x - a1 * y + z2 + 1e-20) - 1e-20
        z2 = (b2 * x - a2 * y + 1e-20) - 1e-20
        return y
    }

    /// The two K-weighting stages of ITU-R BS.1770-4 at `rate`: the high-shelf "pre-filter"
    /// (+4 dB above ~1.7 kHz, modelling the head) and the RLB high-pass (~38 Hz). At 48 kHz these
    /// give exactly the coefficients printed in the recommendation; other rates come from the same
    /// analogue prototypes through the bilinear transform (as libebur128 and ffmpeg do).
    static func kWeighting(rate: Int) -> (shelf: Biquad, highPass: Biquad) {
        let fs = Double(rate)
        var f0 = 1681.974450955533, q = 0.7071752369554196
        let gain = 3.999843853973347
        var k = tan(Double.pi * f0 / fs)
        let vh = pow(10, gain / 20), vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        let shelf = Biquad(b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0, b2: (vh - vb * k / q + k * k) / a0,
                           a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        f0 = 38.13547087602444; q = 0.5003270373238773
        k = tan(Double.pi * f0 / fs)
        a0 = 1 + k / q + k * k
        let highPass = Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        return (shelf, highPass)
    }
}

extension Double {
    /// Decibels of a linear amplitude (−∞ for 0).
    var decibels: Double { self > 0 ? 20 * log10(self) : -.infinity }
}
