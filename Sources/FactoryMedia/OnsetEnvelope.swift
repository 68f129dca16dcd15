import Foundation

/// How strongly the music starts something new at each hop: the band-wise log-spectral flux of
/// the mono mixdown (1024-sample Hann frames, hop 512 at 44.1 kHz).
///
/// Three bands (kick 30–200 Hz, body 200 Hz–2 kHz, snare/hats 2–8 kHz) each give the mean rise of
/// their log magnitudes, so the few kick bins weigh as much as the many high ones. Frames quieter
/// than −60 dBFS count as silence.
struct OnsetEnvelope {
    static let frameSize = 1024
    static let hop = 512
    static let bands: [(low: Double, high: Double)] = [(30, 200), (200, 2000), (2000, 8000)]

    /// Onset strength per hop; value n compares the frame starting at n·hop with the one before
    /// (the first is 0: a track that starts with sound is not a beat).
    let values: [Float]

    /// Seconds between values.
    static var hopSeconds: Double { Double(hop) / Double(AudioBuffer.rate) }
    /// Seconds from a frame's start to its centre, where its onset time is reported.
    static var frameCentre: Double { Double(frameSize / 2) / Double(AudioBuffer.rate) }

    init(audio: AudioBuffer) {
        let n = Self.frameSize, hop = Self.hop
        let count = audio.frameCount >= n ? (audio.frameCount - n) / hop + 1 : 0
        let window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        let gain = 2 / window.reduce(0, +)          // a full-scale sine reads about 1
        let binHz = Double(AudioBuffer.rate) / Double(n)
        let ranges = Self.bands.map { max(1, Int(($0.low / binHz).rounded()))..<min(n / 2, Int(($0.high / binHz).rounded())) }
        let fft = RealFFT(size: n)
        let frameIn = fft.input
        var previous = [Float](repeating: 0, count: n / 2), current = previous
        var out = [Float](repeating: 0, count: count)
        audio.samples.withUnsafeBufferPointer { pcm in
            for frame in 0..<count {
                var energy: Float = 0
                for i in 0..<n {
                    let s = (frame * hop + i) * 2
                    let mono = 0.5 * (pcm[s] + pcm[s + 1])
                    energy += mono * mono
                    frameIn[i] = mono * window[i]
                }
                if energy / Float(n) < 1e-6 {
                    for k in 0..<(n / 2) { current[k] = 0 }
                } else {
                    fft.transform()
                    for k in 0..<(n / 2) {
                        let magnitude = fft.magnitude(k) * gain
                        current[k] = log1p(100 * magnitude)
                    }
                }
                var strength: Float = 0
                for range in ranges {
                    var rise: Float = 0
                    for k in range { rise += max(0, current[k] - previous[k]) }
                    strength += rise / Float(range.count)
                }
                out[frame] = frame == 0 ? 0 : strength
                swap(&previous, &current)
            }
        }
        values = out
    }
}
