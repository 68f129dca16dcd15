import Foundation

/// A smooth look-ahead peak limiter that keeps the 4× oversampled (true) peak under a ceiling.
///
/// Per frame j it needs the gain r[j] = min(1, ceiling / peak around j). The gain applied is the
/// minimum of r over the next `lookahead` frames, released slowly (one-pole, `release`), then
/// averaged over `lookahead + 1` frames: a linear ramp down that reaches its floor exactly at the
/// peak, and never exceeds r anywhere. Output is delayed by lookahead + 13 frames; `flush` drains.
struct PeakLimiter {
    let channels: Int
    private let ceiling: Float
    private let lookahead: Int
    private let releaseCoefficient: Float
    private let taps = TruePeak.taps
    private let delay: Int
    private let ringSize: Int
    private var ring: [Float]            // each channel's input, twice over, so its windows are contiguous
    private var pushed = 0               // frames in, counting the silent frames that prime it
    private var emitted = 0
    private var previousPeak: Float = 0
    private var minIndex: [Int], minValue: [Float], minHead = 0, minTail = 0
    private var released: Float = 1
    private var box: [Float], boxSum = 0.0
    private let prime: Int
    /// The smallest gain applied so far (linear; 1 when the limiter never acted).
    private(set) var deepest: Float = 1

    init(channels: Int, rate: Int, ceiling: Double, lookahead: Double = 0.005, release: Double = 0.080) {
        self.channels = channels
        self.ceiling = Float(pow(10, ceiling / 20))
        self.lookahead = max(1, Int(lookahead * Double(rate)))
        releaseCoefficient = Float(1 - exp(-1 / (release * Double(rate))))
        delay = self.lookahead + TruePeak.half + 1
        var size = 16
        while size < delay + 2 * TruePeak.half + 8 { size *= 2 }
        ringSize = size
        ring = [Float](repeating: 0, count: 2 * size * channels)
        minIndex = [Int](repeating: 0, count: self.lookahead + 4)
        minValue = [Float](repeating: 1, count: self.lookahead + 4)
        box = [Float](repeating: 1, count: self.lookahead + 1)
        boxSum = Double(self.lookahead + 1)
        prime = self.lookahead
        // Silent frames first, so the look-ahead sees the opening peaks of the real input too.
        let zeros = [Float](repeating: 0, count: prime * channels)
        var discard: [Float] = []
        zeros.withUnsafeBufferPointer { process($0, into: &discard) }
    }

    /// Limits interleaved frames, appending the (delayed) output to `out`.
    mutating func process(_ input: UnsafeBufferPointer<Float>, into out: inout [Float]) {
        let frames = input.count / channels
        var ring = self.ring
        self.ring = []
        defer { self.ring = ring }
        taps.withUnsafeBufferPointer { tapsBuffer in
            ring.withUnsafeMutableBufferPointer { ringBuffer in
                let h = tapsBuffer.baseAddress!, past = ringBuffer.baseAddress!
                for f in 0..<frames {
                    let slot = pushed & (ringSize - 1)
                    // Planar: channel c's ring is past[c·2·ringSize ..< (c+1)·2·ringSize], so
                    // the true peak reads each window contiguously (TruePeak's vector path).
                    for c in 0..<channels {
                        past[c * 2 * ringSize + slot] = input[f * channels + c]
                        past[c * 2 * ringSize + slot + ringSize] = input[f * channels + c]
                    }
                    pushed += 1
                    guard pushed >= 2 * TruePeak.half else { continue }
                    // The peak on [j, j+1) from x[j−11] … x[j+12], x[j+12] being the newest.
                    let j = pushed - TruePeak.half - 1
                    let start = (j - TruePeak.half + 1) & (ringSize - 1)
                    var peak: Float = 0
                    for c in 0..<channels { peak = max(peak, TruePeak.peak(past + c * 2 * ringSize + start, taps: h)) }
                    let need = min(1, ceiling / max(1e-9, max(peak, previousPeak)))
                    previousPeak = peak
                    pushMinimum(j, need)
                    let i = j - lookahead
                    guard i >= 0 else { continue }
                    emit(i, gain: smoothed(i), from: past, into: &out)
                }
            }
        }
    }

    /// Sliding minimum of r over [i, i + lookahead] (a monotonic queue), released and averaged.
    private mutating func pushMinimum(_ j: Int, _ value: Float) {
        let n = minIndex.count
        while minTail > minHead, minValue[(minTail - 1) % n] >= value { minTail -= 1 }
        minIndex[minTail % n] = j; minValue[minTail % n] = value; minTail += 1
    }

    private mutating func smoothed(_ i: Int) -> Float {
        let n = minIndex.count
        while minIndex[minHead % n] < i { minHead += 1 }
        let floor = minValue[minHead % n]
        released = min(floor, released + (1 - released) * releaseCoefficient)
        let slot = i % box.count
        boxSum += Double(released - box[slot])
        box[slot] = released
        return Float(boxSum / Double(box.count))
    }

    private mutating func emit(_ i: Int, gain: Float, from past: UnsafeMutablePointer<Float>, into out: inout [Float]) {
        guard i >= prime else { return }
        deepest = min(deepest, gain)
        let slot = i & (ringSize - 1)
        for c in 0..<channels { out.append(past[c * 2 * ringSize + slot] * gain) }
        emitted += 1
    }

    /// Pushes silence through so every real frame comes out; call once at the end.
    mutating func flush(into out: inout [Float]) {
        let real = pushed - prime
        let zeros = [Float](repeating: 0, count: (delay + 1) * channels)
        while emitted < real {
            zeros.withUnsafeBufferPointer { process($0, into: &out) }
        }
        if emitted > real { out.removeLast((emitted - real) * channels); emitted = real }
    }
}
