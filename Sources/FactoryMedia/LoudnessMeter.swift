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
    /// Each channel's last 23 samples (planar), where the next block's first windows begin.
    private var history: [Float]
    /// One channel's history and block side by side, reused between blocks.
    private var scratch: [Float] = []
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
        history = [Float](repeating: 0, count: channels * (2 * TruePeak.half - 1))
    }

    /// Adds interleaved frames.
    mutating func add(_ samples: UnsafeBufferPointer<Float>) {
        let frames = samples.count / channels
        guard frames > 0, let base = samples.baseAddress else { return }
        samplePeak = max(samplePeak, TruePeak.largestMagnitude(base, count: frames * channels))
        // The K-weighted power, a channel at a time up to each 100 ms step's end, its filters held
        // in locals so the loop touches nothing else.
        var done = 0
        while done < frames {
            let n = min(frames - done, step - stepFill)
            var power = 0.0
            for c in 0..<channels {
                var shelf = shelves[c], highPass = highPasses[c]
                var sum = 0.0
                var i = done * channels + c
                for _ in 0..<n {
                    let y = highPass.process(shelf.process(Double(base[i])))
                    sum += y * y
                    i += channels
                }
                shelves[c] = shelf
                highPasses[c] = highPass
                power += sum
            }
            stepSum += power
            stepFill += n
            done += n
            if stepFill == step { closeStep() }
        }
        if measuresTruePeak { addTruePeak(base, frames: frames) }
    }

    /// Every interval's true peak: each channel's samples laid after its history, so each window
    /// of 24 is contiguous for `TruePeak.largest`.
    private mutating func addTruePeak(_ samples: UnsafePointer<Float>, frames: Int) {
        let keep = 2 * TruePeak.half - 1, span = keep + frames, channels = self.channels
        if scratch.count < span { scratch = [Float](repeating: 0, count: span) }
        var line = scratch, past = history, best = truePeak
        scratch = []
        history = []
        taps.withUnsafeBufferPointer { tapsBuffer in
            line.withUnsafeMutableBufferPointer { lineBuffer in
                let x = lineBuffer.baseAddress!
                for c in 0..<channels {
                    for i in 0..<keep { x[i] = past[c * keep + i] }
                    for f in 0..<frames { x[keep + f] = samples[f * channels + c] }
                    best = TruePeak.largest(x, windows: frames, above: best, taps: tapsBuffer.baseAddress!)
                    for i in 0..<keep { past[c * keep + i] = x[frames + i] }
                }
            }
        }
        (scratch, history, truePeak) = (line, past, best)
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
