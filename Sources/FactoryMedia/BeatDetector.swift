import Foundation

/// Finds the beats of a music track from its onset strength, for cutting video on the beat.
///
/// The onset envelope (`OnsetEnvelope`) is compared with an adaptive threshold, the local mean
/// plus `sensitivity` deviations over about a second; local maxima above it are beats, at least
/// `minimumInterval` apart (the stronger one wins). Times are refined between hops by a parabola
/// through the peak, which keeps them within about 10 ms of the attack on percussive music.
public enum BeatDetector {
    /// Deviations above the local mean an onset must reach.
    static let sensitivity: Float = 1.5
    /// Half the threshold window, in seconds.
    static let window = 0.5
    /// The least onset strength that can be a beat (quiet noise stays under it).
    static let floor: Float = 0.05

    /// Beat times in seconds, ascending.
    public static func beats(in audio: AudioBuffer, minimumInterval: Double = 0.25) -> [Double] {
        let onset = OnsetEnvelope(audio: audio).values
        let threshold = adaptiveThreshold(onset)
        var picked: [(time: Double, strength: Float)] = []
        let reach = 2
        for n in onset.indices where onset[n] > threshold[n] && onset[n] > floor {
            let lo = max(0, n - reach), hi = min(onset.count - 1, n + reach)
            // A local maximum; on a plateau the first sample wins.
            guard (lo...hi).allSatisfy({ onset[$0] < onset[n] || ($0 >= n && onset[$0] <= onset[n]) }) else { continue }
            let time = refinedTime(onset, n)
            if let last = picked.last, time - last.time < minimumInterval {
                if onset[n] > last.strength { picked[picked.count - 1] = (time, onset[n]) }
            } else {
                picked.append((time, onset[n]))
            }
        }
        return picked.map(\.time)
    }

    /// Beats per minute from the median gap between beats, averaged over the gaps within 10 % of
    /// it so a missed or extra beat does not count (nil with fewer than two beats).
    public static func tempo(_ beats: [Double]) -> Double? {
        let gaps = zip(beats.dropFirst(), beats).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !gaps.isEmpty else { return nil }
        let mid = gaps.count / 2
        let median = gaps.count % 2 == 1 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2
        let steady = gaps.filter { abs($0 - median) <= 0.1 * median }
        return 60 * Double(steady.count) / steady.reduce(0, +)
    }

    /// Moves each wanted cut (ascending) to the nearest beat within `tolerance` seconds, or keeps
    /// it. A cut only moves to a beat after the previous cut and before the next wanted one, so
    /// the cuts keep their order and never land on the same instant.
    public static func cuts(beats: [Double], wanted: [Double], tolerance: Double = 0.35) -> [Double] {
        var out: [Double] = []
        for (i, time) in wanted.enumerated() {
            let after = out.last ?? -.infinity
            let before = i + 1 < wanted.count ? wanted[i + 1] : .infinity
            let nearest = beats
                .filter { $0 > after && $0 < before && abs($0 - time) <= tolerance }
                .min { abs($0 - time) < abs($1 - time) }
            out.append(nearest ?? time)
        }
        return out
    }

    /// Local mean + `sensitivity` × standard deviation over ±`window` seconds (running sums).
    static func adaptiveThreshold(_ onset: [Float]) -> [Float] {
        let half = Int((window / OnsetEnvelope.hopSeconds).rounded())
        var sum = [Double](repeating: 0, count: onset.count + 1), squares = sum
        for (i, v) in onset.enumerated() {
            sum[i + 1] = sum[i] + Double(v)
            squares[i + 1] = squares[i] + Double(v) * Double(v)
        }
        return onset.indices.map { n in
            // A full window wherever the track is long enough, shifted inwards at the ends.
            let lo = max(0, min(n - half, onset.count - 2 * half - 1)), hi = min(onset.count, lo + 2 * half + 1)
            let count = Double(hi - lo)
            let mean = (sum[hi] - sum[lo]) / count
            let variance = max(0, (squares[hi] - squares[lo]) / count - mean * mean)
            return Float(mean) + sensitivity * Float(variance.squareRoot())
        }
    }

    /// The time of peak `n`: a parabola through it and its neighbours, at the frame centre.
    static func refinedTime(_ onset: [Float], _ n: Int) -> Double {
        var shift = 0.0
        if n > 0 && n + 1 < onset.count {
            let a = Double(onset[n - 1]), b = Double(onset[n]), c = Double(onset[n + 1])
            let curve = a - 2 * b + c
            if curve < 0 { shift = min(0.5, max(-0.5, 0.5 * (a - c) / curve)) }
        }
        return (Double(n) + shift) * OnsetEnvelope.hopSeconds + OnsetEnvelope.frameCentre
    }
}
