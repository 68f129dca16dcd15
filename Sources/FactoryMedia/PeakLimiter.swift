import Foundation

/// A smooth look-ahead peak limiter that keeps the 4× oversampled (true) peak under a ceiling.
///
/// Per frame j it needs the gain r[j] = min(1, ceiling / peak around j). The gain applied is the
/// minimum of r over the next `lookahead` frames, released slowly (one-pole, `release`), then
/// averaged over `lookahead + 1` frames: a linear ramp down that reaches its floor exactly at the
/// peak, and never exceeds r anywhere. Output is delayed by lookahead + 13 frames; `flush` drains.
///
/// A block is taken in two passes: the needs r[j] first, where a group of frames whose samples
/// cannot reach the ceiling (`TruePeak.bound`) is known to need 1 without interpolating; then the
/// sequential minimum, release and average, and the delayed output.
struct PeakLimiter {
    let channels: Int
    private let ceiling: Float
    private let lookahead: Int
    private let releaseCoefficient: Float
    private let taps = TruePeak.taps
    private let delay: Int
    /// Frames of each channel kept between blocks: the oldest is the next frame to come out.
    private let keep: Int
    /// Each channel's last `keep` frames (planar).
    private var history: [Float]
    /// Reused between blocks: the channels' history and block side by side, and the block's needs.
    private var lines: [Float] = [], needs: [Float] = [], peaks: [Float] = []
    private var pushed = 0               // frames in, counting the silent frames that prime it
    private var emitted = 0
    private var previousPeak: Float = 0
    private var minIndex: [Int], minValue: [Float], minHead = 0, minTail = 0
    private let minMask: Int
    private var released: Float = 1
    private var box: [Float], boxSum = 0.0, boxSlot = -1
    private let prime: Int
    /// The smallest gain applied so far (linear; 1 when the limiter never acted).
    private(set) var deepest: Float = 1

    init(channels: Int, rate: Int, ceiling: Double, lookahead: Double = 0.005, release: Double = 0.080) {
        self.channels = channels
        self.ceiling = Float(pow(10, ceiling / 20))
        self.lookahead = max(1, Int(lookahead * Double(rate)))
        releaseCoefficient = Float(1 - exp(-1 / (release * Double(rate))))
        delay = self.lookahead + TruePeak.half + 1
        keep = self.lookahead + 2 * TruePeak.half
        history = [Float](repeating: 0, count: keep * channels)
        var size = 4
        while size < self.lookahead + 4 { size *= 2 }
        minMask = size - 1
        minIndex = [Int](repeating: 0, count: size)
        minValue = [Float](repeating: 1, count: size)
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
        guard frames > 0, let source = input.baseAddress else { return }
        let channels = self.channels, keep = self.keep, span = keep + frames, half = TruePeak.half
        if lines.count < span * channels { lines = [Float](repeating: 0, count: span * channels) }
        if needs.count < frames { needs = [Float](repeating: 1, count: frames); peaks = needs }
        var lines = self.lines, needs = self.needs, peaks = self.peaks
        (self.lines, self.needs, self.peaks) = ([], [], [])
        defer { (self.lines, self.needs, self.peaks) = (lines, needs, peaks) }
        // Virtual frame v (counting the priming silence) sits at lines[c·span + v − origin].
        let origin = pushed - keep
        // The frames whose windows complete in this block: j = newest − 12, from the 12th frame on.
        let first = max(half - 1, pushed - half), last = pushed + frames - half
        let count = max(0, last - first)
        lines.withUnsafeMutableBufferPointer { linesBuffer in
            let x = linesBuffer.baseAddress!
            for c in 0..<channels {
                let line = x + c * span
                for i in 0..<keep { line[i] = history[c * keep + i] }
                for f in 0..<frames { line[keep + f] = source[f * channels + c] }
                for i in 0..<keep { history[c * keep + i] = line[frames + i] }
            }
            // Each frame's peak over the channels (0 where it cannot reach the ceiling: a peak under
            // the ceiling needs no gain, so its value does not matter).
            taps.withUnsafeBufferPointer { tapsBuffer in
                let h = tapsBuffer.baseAddress!
                var k = 0
                while k < count {
                    let g = min(TruePeak.group, count - k)
                    let start = first + k - (half - 1) - origin
                    var loudest: Float = 0
                    for c in 0..<channels {
                        loudest = max(loudest, TruePeak.largestMagnitude(x + c * span + start, count: g + 2 * half - 1))
                    }
                    if loudest * TruePeak.bound <= ceiling {
                        for w in k..<(k + g) { peaks[w] = 0 }
                    } else {
                        for w in k..<(k + g) {
                            var peak: Float = 0
                            for c in 0..<channels { peak = max(peak, TruePeak.peak24(x + c * span + start + (w - k), taps: h)) }
                            peaks[w] = peak
                        }
                    }
                    k += g
                }
            }
            for w in 0..<count {
                let peak = peaks[w]
                needs[w] = min(1, ceiling / max(1e-9, max(peak, previousPeak)))
                previousPeak = peak
            }
        }
        // The sequential part: sliding minimum, release, average, and the delayed output.
        let before = out.count
        // Grown geometrically: an exact reserve on every small block would copy `out` each time.
        if out.capacity < before + count * channels { out.reserveCapacity(max(before + count * channels, 2 * out.capacity)) }
        lines.withUnsafeBufferPointer { linesBuffer in
            let x = linesBuffer.baseAddress!
            for w in 0..<count {
                let j = first + w
                pushMinimum(j, needs[w])
                let i = j - lookahead
                guard i >= 0 else { continue }
                let gain = smoothed(i)
                guard i >= prime else { continue }
                deepest = min(deepest, gain)
                for c in 0..<channels { out.append(x[c * span + i - origin] * gain) }
            }
        }
        emitted += (out.count - before) / channels
        pushed += frames
    }

    /// Sliding minimum of r over [i, i + lookahead] (a monotonic queue), released and averaged.
    @inline(__always)
    private mutating func pushMinimum(_ j: Int, _ value: Float) {
        while minTail > minHead, minValue[(minTail - 1) & minMask] >= value { minTail -= 1 }
        minIndex[minTail & minMask] = j; minValue[minTail & minMask] = value; minTail += 1
    }

    @inline(__always)
    private mutating func smoothed(_ i: Int) -> Float {
        while minIndex[minHead & minMask] < i { minHead += 1 }
        let floor = minValue[minHead & minMask]
        released = min(floor, released + (1 - released) * releaseCoefficient)
        // i advances by one a call: the box's slot with it.
        boxSlot = boxSlot < 0 ? i % box.count : (boxSlot + 1 == box.count ? 0 : boxSlot + 1)
        boxSum += Double(released - box[boxSlot])
        box[boxSlot] = released
        return Float(boxSum / Double(box.count))
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
