import Foundation

/// Where speech starts something new, heard in the audio alone: the moments a word (or a strong
/// syllable) begins, for checking a read-along's highlight against the voice without trusting the
/// timings it was made from.
///
/// The detector is a log-spectral flux over the voice's band (150 Hz–6 kHz): 11.6 ms Hann frames
/// every 1.45 ms, each compared with the frame just before it (no overlap), the mean rise in dB
/// over the band's bins. A word starting from silence or a stop rises by tens of dB; a vowel
/// gliding into the next by a few. An onset is a peak of at least `minimumRise` dB (9: on the sample story about 1.7 onsets a word; 6 hears every syllable), the largest
/// within ±40 ms, in a frame louder than −50 dBFS. Its time is the start of the frame that
/// peaked, where the new sound begins (the frame before it held none of it).
public enum SpeechOnsets {
    /// The band of the voice the flux is taken over.
    public static let band = (low: 150.0, high: 6000.0)
    /// The smallest mean rise, in dB over the band, that counts as an onset.
    public static let minimumRise: Float = 9

    /// Onsets of `audio` (its two channels mixed), in seconds, ascending.
    public static func detect(_ audio: AudioBuffer, minimumRise: Float = minimumRise) -> [Double] {
        var flux = Flux(rate: AudioBuffer.rate)
        audio.samples.withUnsafeBufferPointer { flux.add(stereo: $0) }
        return flux.onsets(minimumRise: minimumRise)
    }

    /// Onsets of mono samples at `rate`, in seconds, ascending.
    public static func detect(mono samples: [Float], rate: Int, minimumRise: Float = minimumRise) -> [Double] {
        guard rate > 0 else { return [] }
        var flux = Flux(rate: rate)
        samples.withUnsafeBufferPointer { flux.add(mono: $0) }
        return flux.onsets(minimumRise: minimumRise)
    }

    /// Onsets of an audio or video file's sound (its two channels mixed), decoded a piece at a
    /// time: held whole, a 20-minute story's track is 460 MB of samples.
    public static func detect(path: String, minimumRise: Float = minimumRise) throws -> [Double] {
        var flux = Flux(rate: AudioBuffer.rate)
        try AudioDecoder.decode(path: path) { flux.add(stereo: $0) }
        return flux.onsets(minimumRise: minimumRise)
    }

    /// The flux, fed mono samples as they come: only the samples of a frame not yet taken are
    /// held, and one figure per hop (750 a second at 48 kHz).
    struct Flux {
        let rate: Int, n: Int, hop: Int, lag: Int
        let window: [Float]
        let gain: Float
        let bins: Range<Int>
        let fft: RealFFT
        /// Samples not yet behind every frame that reads them.
        var pending: [Float] = []
        /// The last `lag + 1` dB spectra (in the band), a ring.
        var ring: [[Float]]
        var flux: [Float] = []

        init(rate: Int) {
            self.rate = rate
            var n = 2
            while Double(n * 2) <= Double(rate) * 0.0116 + 1 { n *= 2 }
            self.n = n
            hop = max(1, n / 8)
            lag = n / hop
            window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
            gain = 2 / window.reduce(0, +)
            let binHz = Double(rate) / Double(n)
            bins = max(1, Int((band.low / binHz).rounded()))..<min(n / 2, Int((band.high / binHz).rounded()) + 1)
            fft = RealFFT(size: n)
            ring = [[Float]](repeating: [Float](repeating: 0, count: bins.count), count: lag + 1)
        }

        mutating func add(mono samples: UnsafeBufferPointer<Float>) {
            pending.append(contentsOf: samples)
            consume()
        }

        /// L R L R … samples, mixed to mono.
        mutating func add(stereo samples: UnsafeBufferPointer<Float>) {
            pending.reserveCapacity(pending.count + samples.count / 2)
            for i in 0..<(samples.count / 2) { pending.append(0.5 * (samples[2 * i] + samples[2 * i + 1])) }
            consume()
        }

        /// Every whole frame in `pending`: each compared with the frame `lag` hops before it.
        mutating func consume() {
            var offset = 0
            let floor: Float = 1e-5
            while pending.count - offset >= n {
                let frame = flux.count
                var energy: Float = 0
                let frameIn = fft.input
                for i in 0..<n {
                    let s = pending[offset + i]
                    energy += s * s
                    frameIn[i] = s * window[i]
                }
                fft.transform()
                let slot = frame % (lag + 1)
                for (j, k) in bins.enumerated() {
                    ring[slot][j] = 20 * log10(max(floor, fft.magnitude(k) * gain))
                }
                var rise: Float = 0
                if frame >= lag, 10 * log10(max(1e-12, energy / Float(n))) > -50 {
                    let before = ring[(frame - lag) % (lag + 1)]
                    for j in 0..<bins.count { rise += max(0, ring[slot][j] - before[j]) }
                    rise /= Float(bins.count)
                }
                flux.append(rise)
                offset += hop
            }
            pending.removeFirst(offset)
        }

        /// The peaks of at least `minimumRise`, each the largest within ±40 ms, in seconds.
        func onsets(minimumRise: Float) -> [Double] {
            let count = flux.count
            guard count > lag else { return [] }
            let reach = max(1, Int(0.04 * Double(rate)) / hop)
            var onsets: [Double] = []
            for t in lag..<count where flux[t] >= minimumRise {
                let neighbourhood = max(0, t - reach)...min(count - 1, t + reach)
                // The largest in its neighbourhood (the first of equals).
                guard neighbourhood.allSatisfy({ flux[$0] < flux[t] || ($0 >= t && flux[$0] <= flux[t]) }) else { continue }
                onsets.append(Double(t * hop) / Double(rate))
            }
            return onsets
        }
    }
}
