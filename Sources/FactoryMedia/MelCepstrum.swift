import Foundation

/// Mel-frequency cepstra of mono speech, one vector every 10 ms, for comparing two readings of the
/// same words (`ForcedAlignment`): 25 ms Hann frames, 26 triangular mel bands from 100 Hz to
/// 7.6 kHz (or 0.45 × the rate), the log band energies' DCT-II, coefficients 1–12 (c0, the
/// loudness, is left out: two voices differ in level), each coefficient normalised to zero mean and
/// unit variance over the utterance (so a voice's timbre weighs less than what changes in time).
/// Written here rather than taken from a library: no Swift or C package on this machine does it,
/// and it is a page of arithmetic on the FFT the onset detector already uses.
public struct MelCepstrum: Sendable {
    /// Seconds between vectors.
    public static let hop = 0.010
    static let window = 0.025
    static let bands = 26
    static let coefficients = 12
    /// How far below the utterance's loudest band power (in bels) a band's power is floored.
    static let floorBels: Float = 5.5

    /// `frames[i]` holds the `coefficients` values of the frame starting at `i × hop`.
    public let frames: [[Float]]
    /// Each frame's energy in dB (the mean band power), for finding where speech starts and ends.
    public let energy: [Float]

    public init(mono samples: [Float], rate: Int) {
        let hopSamples = max(1, Int((Self.hop * Double(rate)).rounded()))
        let length = max(2, Int((Self.window * Double(rate)).rounded()))
        var n = 2
        while n < length { n *= 2 }
        let fft = RealFFT(size: n)
        let frameIn = fft.input
        let window = (0..<length).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length - 1))) }
        let filters = Self.melFilters(size: n, rate: rate)
        let dct = (0..<Self.coefficients).map { k in
            (0..<Self.bands).map { b in Float(cos(Double.pi * Double(k + 1) * (Double(b) + 0.5) / Double(Self.bands))) }
        }
        // Log band powers first; floored below the loudest band power of the utterance, so that
        // one reading's digital silence and the other's room noise look alike.
        var bandLogs: [[Float]] = [], energy: [Float] = []
        let count = samples.isEmpty ? 0 : (samples.count - 1) / hopSamples + 1
        bandLogs.reserveCapacity(count)
        energy.reserveCapacity(count)
        var loudest: Float = -100
        for index in 0..<count {
            let start = index * hopSamples
            for i in 0..<n {
                frameIn[i] = i < length && start + i < samples.count ? samples[start + i] * window[i] : 0
            }
            fft.transform()
            var total: Float = 0
            var logs = [Float](repeating: 0, count: Self.bands)
            for (b, filter) in filters.enumerated() {
                var power: Float = 0
                for (bin, weight) in filter { power += weight * fft.power(bin) }
                logs[b] = log10(power + 1e-12)
                loudest = max(loudest, logs[b])
                total += power
            }
            energy.append(10 * log10(total / Float(Self.bands) + 1e-12))
            bandLogs.append(logs)
        }
        let floor = loudest - Self.floorBels
        let cepstra = bandLogs.map { logs in
            dct.map { row in zip(row, logs).reduce(0) { $0 + $1.0 * max(floor, $1.1) } }
        }
        // Each frame is followed by its cepstra's slope over ±2 frames: how the sound is changing.
        let frames = cepstra.indices.map { i -> [Float] in
            let before = cepstra[max(0, i - 2)], after = cepstra[min(cepstra.count - 1, i + 2)]
            return cepstra[i] + zip(after, before).map { ($0 - $1) / 4 }
        }
        self.frames = Self.normalised(frames)
        self.energy = energy
    }

    /// Each band's (bin, weight) pairs: triangles evenly spaced on the mel scale.
    static func melFilters(size n: Int, rate: Int) -> [[(Int, Float)]] {
        func mel(_ hz: Double) -> Double { 2595 * log10(1 + hz / 700) }
        func hz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let low = mel(100), high = mel(min(7600, 0.45 * Double(rate)))
        let edges = (0...(bands + 1)).map { hz(low + (high - low) * Double($0) / Double(bands + 1)) }
        let binHz = Double(rate) / Double(n)
        return (0..<bands).map { b in
            let (left, centre, right) = (edges[b], edges[b + 1], edges[b + 2])
            var filter: [(Int, Float)] = []
            for bin in max(1, Int(left / binHz))...min(n / 2, Int(right / binHz) + 1) {
                let f = Double(bin) * binHz
                let weight = f <= centre ? (f - left) / (centre - left) : (right - f) / (right - centre)
                if weight > 0 { filter.append((bin, Float(weight))) }
            }
            return filter
        }
    }

    /// Zero mean and unit variance per coefficient, over every frame.
    static func normalised(_ frames: [[Float]]) -> [[Float]] {
        guard let width = frames.first?.count, frames.count > 1 else { return frames }
        var mean = [Double](repeating: 0, count: width), square = [Double](repeating: 0, count: width)
        for frame in frames {
            for k in 0..<width { mean[k] += Double(frame[k]); square[k] += Double(frame[k]) * Double(frame[k]) }
        }
        let count = Double(frames.count)
        let scale = (0..<width).map { k -> Float in
            let variance = square[k] / count - (mean[k] / count) * (mean[k] / count)
            return Float(1 / max(1e-6, variance).squareRoot())
        }
        let centre = mean.map { Float($0 / count) }
        return frames.map { frame in (0..<width).map { (frame[$0] - centre[$0]) * scale[$0] } }
    }
}
