import Foundation

/// Dynamic time warping of two feature sequences inside a band around their diagonal: the cheapest
/// monotonic path from both first frames to both last, each step one frame on in either sequence or
/// both, paying the Euclidean distance of the frames it joins. The band (`radius` frames either side
/// of where a straight line from corner to corner would be) keeps memory to one byte a cell inside
/// it, so a five-minute chunk holds tens of megabytes, not gigabytes.
public enum TimeWarp {
    /// For each frame of `a`, the first and last frame of `b` the path joins it to, and the path's
    /// mean cost a step.
    public struct Path: Sendable {
        public var spans: [ClosedRange<Int>]
        public var meanCost: Double
    }

    public static func align(_ a: [[Float]], _ b: [[Float]], radius: Int) -> Path? {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return nil }
        // Row i may visit columns lo[i]...hi[i]: the diagonal's column ± radius, widened so that
        // neighbouring rows' windows overlap (a path can always go on).
        var lo = [Int](repeating: 0, count: n), hi = [Int](repeating: 0, count: n)
        for i in 0..<n {
            let centre = n == 1 ? 0 : Int((Double(i) * Double(m - 1) / Double(n - 1)).rounded())
            lo[i] = max(0, centre - radius)
            hi[i] = min(m - 1, centre + radius)
        }
        lo[0] = 0
        hi[n - 1] = m - 1
        for i in 1..<max(1, n) where lo[i] > hi[i - 1] + 1 { lo[i] = hi[i - 1] + 1 }
        // Moves, one byte a cell in the band: 0 diagonal, 1 from the row above, 2 from the left.
        var offsets = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { offsets[i + 1] = offsets[i] + (hi[i] - lo[i] + 1) }
        var moves = [UInt8](repeating: 0, count: offsets[n])
        var previous = [Double](repeating: .infinity, count: m), current = [Double](repeating: .infinity, count: m)
        var previousSteps = [Int32](repeating: 0, count: m), currentSteps = [Int32](repeating: 0, count: m)
        for i in 0..<n {
            for j in lo[i]...hi[i] {
                let d = distance(a[i], b[j])
                var best = Double.infinity, move: UInt8 = 0, count: Int32 = 0
                if i == 0 && j == 0 {
                    best = 0
                } else {
                    if i > 0, j > 0, previous[j - 1] < best { best = previous[j - 1]; move = 0; count = previousSteps[j - 1] }
                    if i > 0, previous[j] < best { best = previous[j]; move = 1; count = previousSteps[j] }
                    if j > lo[i], current[j - 1] < best { best = current[j - 1]; move = 2; count = currentSteps[j - 1] }
                }
                current[j] = best + d
                currentSteps[j] = count + 1
                moves[offsets[i] + j - lo[i]] = move
            }
            // This row becomes the one above; the row before it is cleared (its band only), so the
            // next row starts from nothing but what it computes.
            swap(&previous, &current)
            swap(&previousSteps, &currentSteps)
            if i > 0 { for j in lo[i - 1]...hi[i - 1] { current[j] = .infinity } }
        }
        guard previous[m - 1].isFinite else { return nil }
        let total = previous[m - 1], stepCount = previousSteps[m - 1]
        // Back from the last corner.
        var spans = [ClosedRange<Int>?](repeating: nil, count: n)
        var i = n - 1, j = m - 1
        while true {
            spans[i] = spans[i].map { min($0.lowerBound, j)...max($0.upperBound, j) } ?? j...j
            if i == 0 && j == 0 { break }
            switch moves[offsets[i] + j - lo[i]] {
            case 0: i -= 1; j -= 1
            case 1: i -= 1
            default: j -= 1
            }
        }
        return Path(spans: spans.map { $0 ?? 0...0 }, meanCost: total / Double(max(1, stepCount)))
    }

    @inline(__always)
    static func distance(_ x: [Float], _ y: [Float]) -> Double {
        var sum: Float = 0
        for k in 0..<min(x.count, y.count) {
            let d = x[k] - y[k]
            sum += d * d
        }
        return Double(sum.squareRoot())
    }
}
