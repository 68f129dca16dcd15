import FactoryCore
import FactoryMedia
import Foundation

/// How far the read-along's highlight is from the speech, measured against the sound itself:
/// each highlight change (the frame a word lights up) is paired with the nearest speech onset
/// `SpeechOnsets` hears in the video's decoded AAC track, within `window`. The onsets come from
/// the audio alone, never from the word timings.
///
/// Speech has more onsets than words (a stressed syllable, a consonant after a vowel), so a
/// highlight anywhere finds some onset nearby: on the sample story, changes at random times sit
/// a median 60 ms from one. So the changes are also slid against the onsets, from −300 to +300 ms
/// in 10 ms steps, and the slide that brings them closest (the lowest median) is the `lag`: a
/// highlight in step with the voice is closest where it is (lag near 0); one running late or
/// early by a fixed amount is closest when slid back by that amount.
///
/// The `readalong:drift` check passes when the median distance is under 100 ms, the lag at most
/// 50 ms and at least half the words found an onset (fewer would mean the highlight and the
/// voice have little to do with each other). Drift is positive when the highlight comes after the sound.
public struct ReadAlongDrift: Sendable, Equatable {
    /// Median and 90th percentile of |drift|, and the median of the signed drift, in milliseconds.
    public var medianMilliseconds: Double
    public var p90Milliseconds: Double
    public var signedMedianMilliseconds: Double
    /// The slide of the changes against the onsets that brings them closest, negated: positive
    /// when the highlight is best matched by moving it earlier (it runs late).
    public var lagMilliseconds: Double
    /// Highlight changes paired with an onset, of all of them.
    public var matched: Int
    public var changes: Int

    public static let limitMilliseconds = 100.0
    /// The largest lag that passes: a highlight best matched more than this off where it is runs early or late.
    public static let lagLimitMilliseconds = 50.0
    /// How far from a change an onset may be to be its pair.
    public static let window = 0.3

    public var passed: Bool {
        changes == 0 || (matched * 2 >= changes && medianMilliseconds < Self.limitMilliseconds && abs(lagMilliseconds) <= Self.lagLimitMilliseconds)
    }

    /// `readalong:drift`: "median 18 ms, p90 52 ms (highlight 4 ms after the sound), 231 of 264 word changes …".
    public var check: BundleMetadata.Check {
        guard changes > 0 else { return .init("readalong:drift", true, "no word timings: the sentence is shown without a highlight") }
        return .init("readalong:drift", passed, String(
            format: "median %.0f ms, p90 %.0f ms from the nearest speech onset (signed median %+.0f ms), best match at a lag of %+.0f ms, %d of %d word changes matched within %.0f ms; passes under %.0f ms median, lag within ±%.0f ms",
            medianMilliseconds, p90Milliseconds, signedMedianMilliseconds, lagMilliseconds,
            matched, changes, Self.window * 1000, Self.limitMilliseconds, Self.lagLimitMilliseconds))
    }

    /// The figures for metadata.json's details.
    public var measurements: Measurements.ReadAlong {
        .init(medianMs: medianMilliseconds, p90Ms: p90Milliseconds, signedMedianMs: signedMedianMilliseconds, lagMs: lagMilliseconds,
              matched: matched, changes: changes, method: "nearest speech onset (log-spectral flux of the decoded AAC) to each highlight change")
    }

    /// Pairs each change with the nearest onset within `window` (both in seconds, ascending or not).
    public static func measure(changes: [Double], onsets: [Double], window: Double = Self.window) -> ReadAlongDrift {
        let sorted = onsets.sorted()
        var drift = pair(changes: changes, onsets: sorted, window: window)
        // The slide with the lowest median (the smallest slide among equals).
        var best = (slide: 0, median: drift.medianMilliseconds)
        for slide in stride(from: -300, through: 300, by: 10) where slide != 0 {
            let moved = pair(changes: changes.map { $0 + Double(slide) / 1000 }, onsets: sorted, window: window)
            guard moved.matched * 2 >= changes.count else { continue }
            if moved.medianMilliseconds < best.median || (moved.medianMilliseconds == best.median && abs(slide) < abs(best.slide)) {
                best = (slide, moved.medianMilliseconds)
            }
        }
        drift.lagMilliseconds = Double(-best.slide)
        return drift
    }

    /// Each change with its nearest onset (`sorted` ascending) within `window`.
    static func pair(changes: [Double], onsets sorted: [Double], window: Double) -> ReadAlongDrift {
        var drifts: [Double] = []
        for change in changes {
            // The first onset at or after the change, and the one before it.
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid] < change { lo = mid + 1 } else { hi = mid }
            }
            let near = [lo - 1, lo].filter { sorted.indices.contains($0) }.map { change - sorted[$0] }.min { abs($0) < abs($1) }
            if let near, abs(near) <= window { drifts.append(near * 1000) }
        }
        let magnitudes = drifts.map(abs).sorted()
        return ReadAlongDrift(medianMilliseconds: percentile(magnitudes, 0.5), p90Milliseconds: percentile(magnitudes, 0.9),
                              signedMedianMilliseconds: percentile(drifts.sorted(), 0.5), lagMilliseconds: 0, matched: drifts.count,
                              changes: changes.count)
    }

    /// The highlight changes of `readAlong` in a video of `fps` against the onsets heard in `video`'s
    /// sound (decoded a piece at a time, so a long story's check holds no more than a short one's).
    public static func measure(_ readAlong: ReadAlong, fps: Int, video: String) throws -> ReadAlongDrift {
        measure(changes: readAlong.changes(fps: fps), onsets: try SpeechOnsets.detect(path: video))
    }

    /// Re-measures a published bedtime bundle: the highlight changes from its `words.json` (each
    /// word lights up on the frame nearest its start, as the renderer does), the onsets from its
    /// `video.mp4`'s sound. A bundle without `words.json` has no highlight and no changes.
    public static func measure(bundle: URL, fps: Int? = nil) throws -> ReadAlongDrift {
        let fps = fps ?? BedtimeArt.fps
        let file = bundle.appendingPathComponent("words.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            return ReadAlongDrift(medianMilliseconds: 0, p90Milliseconds: 0, signedMedianMilliseconds: 0, lagMilliseconds: 0, matched: 0, changes: 0)
        }
        let words = try JSONDecoder().decode([SpokenWord].self, from: Data(contentsOf: file))
        let onsets = try SpeechOnsets.detect(path: bundle.appendingPathComponent("video.mp4").path)
        return measure(changes: words.map { ReadAlong.shownAt($0.start, fps: fps) }, onsets: onsets)
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
