import FactoryCore
import FactoryMedia
import Foundation

/// A video soundtrack's level against its `loudness:` target, as our meter read it after
/// levelling: the `audio:loudness` QA check and the figures `review --check` re-measures against.
struct SoundtrackLevel: Sendable {
    var target: LoudnessTarget
    /// nil: the video has no soundtrack.
    var measured: Loudness.Measurement?

    /// Levels an in-memory soundtrack to the item's target (nil stays nil: no music, no track).
    static func levelled(_ audio: AudioBuffer?, for item: Item) -> AudioBuffer? {
        audio.map { Loudness.levelled($0, target: item.loudness.integrated, ceiling: item.loudness.truePeak).audio }
    }

    /// Measures the finished video's sound as a player hears it: the AAC track decoded, so the
    /// codec's own peaks count. `hasSound: false` (no music bed) records that there is none.
    static func measure(video path: String, target: LoudnessTarget, hasSound: Bool) throws -> SoundtrackLevel {
        SoundtrackLevel(target: target, measured: hasSound ? try Loudness.analyse(decoding: path) : nil)
    }

    /// `measure` started now on a thread of its own (the AAC decode takes a core), for a job to
    /// call as soon as the video is written and await beside its other checks. Not an `async let`
    /// over `BlockingIO.run`: the child task would wait for the render's own thread, so the decode
    /// began only when the job first awaited, after its checks (`BlockingIO.start`).
    static func measuring(video path: String, target: LoudnessTarget, hasSound: Bool) -> Eventual<SoundtrackLevel> {
        BlockingIO.start { try measure(video: path, target: target, hasSound: hasSound) }
    }

    /// `audio:loudness`: "-14.1 LUFS, peak -1.8 dBTP, target -14±1 LUFS, peak ≤ -1 dBTP (short-form)".
    /// A video without sound passes with that said; a silent soundtrack fails.
    var check: BundleMetadata.Check {
        guard let measured else { return .init("audio:loudness", true, "no soundtrack (no music set); target \(target)") }
        guard measured.integrated.isFinite else { return .init("audio:loudness", false, "the soundtrack is silent; target \(target)") }
        return .init("audio:loudness", target.accepts(integrated: measured.integrated, truePeak: measured.truePeak),
                     String(format: "%.1f LUFS, peak %.1f dBTP, target ", measured.integrated, measured.truePeak) + target.description)
    }

    /// What metadata.json records, for `review --check` to measure the video against.
    var measurements: Measurements.Loudness {
        var out = Measurements.Loudness(targetLUFS: target.integrated, truePeakCeilingDBTP: target.truePeak, preset: target.preset,
                                        method: "EBU R128 (ITU-R BS.1770-4, own implementation), true peak 4× oversampled")
        if let measured, measured.integrated.isFinite {
            out.integratedLUFS = measured.integrated
            out.truePeakDBTP = measured.truePeak
        }
        return out
    }
}
