import Foundation

/// Interface sounds for chat stories (send, receive, typing), synthesised in code from sines and
/// filtered noise. Deterministic: the noise comes from fixed-seed generators, so every call
/// returns the same samples. Each sound starts and ends at zero and has no DC offset.
public enum SoundEffects {
    /// How many distinct key clicks `keyClick(variant:)` cycles through.
    public static let keyClickVariants = 4

    /// An airy upward "whoosh" (0.3 s, peak −6 dBFS): band-passed noise whose centre sweeps
    /// 500 Hz → 5 kHz, a soft rising tone beneath it, panned from a little left to a little right.
    public static func sendSwoosh() -> AudioBuffer {
        let n = AudioBuffer.frames(0.3), rate = Double(AudioBuffer.rate)
        var noise = NoiseGenerator(seed: 0x5357_4F4F_5348)
        var filters = (StateVariableFilter(), StateVariableFilter())
        var left = [Float](repeating: 0, count: n), right = left
        var phase = 0.0
        for i in 0..<n {
            let u = Double(i) / Double(n)
            let centre = 500 * pow(10, u)
            let common = noise.next(), l = filters.0.bandPass(common + 0.35 * noise.next(), cutoff: centre, q: 1.2)
            let r = filters.1.bandPass(common + 0.35 * noise.next(), cutoff: centre, q: 1.2)
            phase += 2 * .pi * (320 + 440 * u) / rate
            let tone = Float(0.07 * sin(phase))
            // Swells to its loudest at 55 % of the way, then falls away a little faster.
            let peakAt = 0.55
            let swell = u < peakAt ? sin(.pi / 2 * u / peakAt) : cos(.pi / 2 * (u - peakAt) / (1 - peakAt))
            let (gl, gr) = panGains(-0.35 + 0.7 * u)
            let env = Float(swell * swell)
            left[i] = env * gl * (l + tone)
            right[i] = env * gr * (r + tone)
        }
        return finish(left, right, peakDB: -6)
    }

    /// A bright two-note "ding" (0.5 s, peak −6 dBFS): 1320 Hz then, 70 ms later, 1980 Hz, each
    /// with a soft octave, a 2 ms attack and an exponential decay, plus a faint mallet tick.
    public static func receiveDing() -> AudioBuffer {
        let n = AudioBuffer.frames(0.5), rate = Double(AudioBuffer.rate)
        var noise = NoiseGenerator(seed: 0x4449_4E47)
        var tick = StateVariableFilter()
        var left = [Float](repeating: 0, count: n), right = left
        let notes: [(frequency: Double, start: Double, amplitude: Double, decay: Double, pan: Double)] = [
            (1320, 0, 0.6, 0.07, -0.12), (1980, 0.07, 1.0, 0.1, 0.12),
        ]
        for i in 0..<n {
            let t = Double(i) / rate
            var l = 0.0, r = 0.0
            for note in notes where t >= note.start {
                let s = t - note.start
                let attack = s < 0.002 ? 0.5 - 0.5 * cos(.pi * s / 0.002) : 1
                let body = note.amplitude * attack * (exp(-s / note.decay) * sin(2 * .pi * note.frequency * s)
                    + 0.18 * exp(-s / (note.decay / 2.5)) * sin(2 * .pi * 2 * note.frequency * s))
                let (gl, gr) = panGains(note.pan)
                l += body * Double(gl); r += body * Double(gr)
            }
            let strike = Double(tick.bandPass(noise.next(), cutoff: 3000, q: 1)) * 0.08 * exp(-t / 0.004)
            // The last 40 ms fade out so the tail ends at silence rather than being cut.
            let tail = min(1, (Double(n - 1 - i) / rate) / 0.04)
            left[i] = Float((l + strike) * tail); right[i] = Float((r + strike) * tail)
        }
        return finish(left, right, peakDB: -6)
    }

    /// A short key tick (32 ms, peak about −14 dBFS): a noise burst band-passed near 3.2 kHz, a
    /// tiny 5.2 kHz resonance and a faint body, all decaying within a few ms. The variants differ
    /// slightly in pitch, level and position; `variant` wraps around `keyClickVariants`.
    public static func keyClick(variant: Int) -> AudioBuffer {
        let v = ((variant % keyClickVariants) + keyClickVariants) % keyClickVariants
        let pitch = [1.0, 1.07, 0.93, 1.13][v], level = [-14.0, -14.8, -13.6, -15.2][v]
        let (gl, gr) = panGains([-0.08, 0.05, -0.03, 0.1][v])
        let n = AudioBuffer.frames(0.032), rate = Double(AudioBuffer.rate)
        var noise = NoiseGenerator(seed: 0x434C_4943_4B00 + UInt64(v))
        var filter = StateVariableFilter()
        var left = [Float](repeating: 0, count: n), right = left
        for i in 0..<n {
            let t = Double(i) / rate
            // Mostly noise; the resonance and the body are each a fraction of its energy.
            let burst = 4 * Double(filter.bandPass(noise.next(), cutoff: 3200 * pitch, q: 0.9)) * exp(-t / 0.003)
            let ring = 0.35 * exp(-t / 0.004) * sin(2 * .pi * 5200 * pitch * t)
            let body = 0.2 * exp(-t / 0.006) * sin(2 * .pi * 190 * pitch * t)
            let s = Float(burst + ring + body)
            left[i] = s * gl; right[i] = s * gr
        }
        return finish(left, right, peakDB: level)
    }

    /// Equal-power gains for a position in −1 (left) … 1 (right).
    static func panGains(_ position: Double) -> (Float, Float) {
        let angle = (position + 1) * .pi / 4
        return (Float(cos(angle)), Float(sin(angle)))
    }

    /// Fades the first and last millisecond, removes each channel's DC, scales to the peak level.
    static func finish(_ left: [Float], _ right: [Float], peakDB: Double) -> AudioBuffer {
        var channels = [left, right]
        let n = left.count, edge = min(n / 2, AudioBuffer.frames(0.001))
        var window = [Float](repeating: 1, count: n)
        for i in 0..<edge {
            let g = Float(0.5 - 0.5 * cos(Double.pi * Double(i) / Double(edge)))
            window[i] = g; window[n - 1 - i] = g
        }
        let weight = window.reduce(0, +)
        for c in 0..<2 {
            for i in 0..<n { channels[c][i] *= window[i] }
            // Taking the offset out in the window's shape keeps the mean at zero and the edges at zero.
            let offset = weight > 0 ? channels[c].reduce(0, +) / weight : 0
            for i in 0..<n { channels[c][i] -= offset * window[i] }
        }
        let peak = max(channels[0].reduce(0) { max($0, abs($1)) }, channels[1].reduce(0) { max($0, abs($1)) })
        let scale = peak > 0 ? Float(pow(10, peakDB / 20)) / peak : 0
        var out = [Float](repeating: 0, count: n * 2)
        for i in 0..<n { out[2 * i] = channels[0][i] * scale; out[2 * i + 1] = channels[1][i] * scale }
        return AudioBuffer(samples: out)
    }
}

/// White noise in −1…1 from a fixed seed (SplitMix64), so synthesised sounds repeat exactly.
struct NoiseGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> Float {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Float(z >> 40) / Float(1 << 23) - 1
    }
}

/// A trapezoidal state-variable filter (Simper's form): stable while its cutoff moves per sample.
struct StateVariableFilter {
    private var ic1: Double = 0, ic2: Double = 0

    mutating func bandPass(_ x: Float, cutoff: Double, q: Double) -> Float {
        let g = tan(Double.pi * min(cutoff, 0.45 * Double(AudioBuffer.rate)) / Double(AudioBuffer.rate))
        let k = 1 / q, a1 = 1 / (1 + g * (g + k)), a2 = g * a1, a3 = g * a2
        let v3 = Double(x) - ic2
        let v1 = a1 * ic1 + a2 * v3, v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2 * v1 - ic1; ic2 = 2 * v2 - ic2
        return Float(v1)
    }
}
