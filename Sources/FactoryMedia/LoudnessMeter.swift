import Foundation

/// An ITU-R BS.1770-4 / EBU R128 meter fed in blocks: K-weighted mean square per 100 ms step,
/// 400 ms blocks with 75 % overlap, gated at −70 LUFS and then 10 LU below the ungated mean.
/// Also tracks the sample peak and a 4× oversampled true peak.
///
/// Channels are summed with weight 1 each (BS.1770's weight for L, R and C). A mono file is one
/// channel, not dual mono, as ffmpeg's `ebur128` filter does by default: a 1 kHz sine at −20 dBFS
/// peak reads −23.0 LUFS.
struct LoudnessMeter {
    let channels: Int
    private var shelves: [Biquad]
    private var highPasses: [Biquad]
    private let step: Int
    private var stepSum = 0.0, stepFill = 0
    private var lastSteps: [Double] = []
    /// Mean square of every complete 400 ms block (a 20-minute file is 12,000 doubles).
    private(set) var blocks: [Double] = []
    private(set) var samplePeak: Float = 0
    private(set) var truePeak: Float = 0
    private var history: [Float]
    private var position = 0
    private let taps = TruePeak.taps

    /// Off when only the loudness is wanted: the 4× oversampled true peak is most of the meter's work.
    let measuresTruePeak: Bool

    init(channels: Int, rate: Int, truePeak: Bool = true) {
        self.channels = channels
        measuresTruePeak = truePeak
        let k = Biquad.kWeighting(rate: rate)
        shelves = Array(repeating: k.shelf, count: channels)
        highPasses = Array(repeating: k.highPass, count: channels)
        step = max(1, Int((Double(rate) / 10).rounded()))
        history = [Float](repeating: 0, count: channels * 64)
    }

    /// Adds interleaved frames.
    mutating func add(_ samples: UnsafeBufferPointer<Float>) {
        let frames = samples.count / channels
        // Work on locals so the hot loop holds no access to `self` across calls.
        let taps = self.taps
        var hist = history
        history = []
        defer { history = hist }
        taps.withUnsafeBufferPointer { tapsBuffer in
            hist.withUnsafeMutableBufferPointer { histBuffer in
                let h = tapsBuffer.baseAddress!, past = histBuffer.baseAddress!
                for f in 0..<frames {
                    var power = 0.0
                    for c in 0..<channels {
                        let x = samples[f * channels + c]
                        samplePeak = max(samplePeak, abs(x))
                        let y = highPasses[c].process(shelves[c].process(Double(x)))
                        power += y * y
                        guard measuresTruePeak else { continue }
                        // History written twice, so the 24 latest samples are always contiguous.
                        past[c * 64 + position] = x
                        past[c * 64 + position + 32] = x
                        truePeak = max(truePeak, TruePeak.peak(past + c * 64 + position + 32 - 2 * TruePeak.half + 1, taps: h))
                    }
                    position = (position + 1) & 31
                    stepSum += power
                    stepFill += 1
                    if stepFill == step { closeStep() }
                }
            }
        }
    }

    private mutating func closeStep() {
        lastSteps.append(stepSum / Double(step))
        stepSum = 0
        stepFill = 0
        if lastSteps.count == 4 {
            blocks.append(lastSteps.reduce(0, +) / 4)
            lastSteps.removeFirst()
        }
    }

    /// Integrated loudness in LUFS (−∞ when every block is below the absolute gate).
    var integrated: Double {
        func lufs(_ z: Double) -> Double { -0.691 + 10 * log10(z) }
        let absolute = blocks.filter { $0 > 0 && lufs($0) > -70 }
        guard !absolute.isEmpty else { return -.infinity }
        let relative = lufs(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { lufs($0) > relative }
        guard !gated.isEmpty else { return -.infinity }
        return lufs(gated.reduce(0, +) / Double(gated.count))
    }

    /// The figures so far, in LUFS and dB (the true peak never below the sample peak).
    var measurement: Loudness.Measurement {
        Loudness.Measurement(integrated: integrated, samplePeak: Double(samplePeak).decibels,
                             truePeak: Double(max(truePeak, samplePeak)).decibels)
    }

    /// Feeds a few zeros through the true-peak interpolator so the last samples' neighbours count.
    mutating func flush() {
        let zeros = [Float](repeating: 0, count: TruePeak.half * channels)
        let keep = (samplePeak, blocks, lastSteps, stepSum, stepFill)
        zeros.withUnsafeBufferPointer { add($0) }
        (samplePeak, blocks, lastSteps, stepSum, stepFill) = keep
    }
}
