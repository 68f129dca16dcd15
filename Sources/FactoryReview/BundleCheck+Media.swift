import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

extension BundleCheck {
    /// The video's checks. The black-frame check decodes keyframes only (one at least every 2 s and
    /// at every scene cut, from our encoder) while every packet is read and counted; the sound
    /// check decodes the whole audio track and measures its integrated loudness and, when
    /// metadata.json records a target, its true peak against it (`audio:loudness`).
    static func video(_ file: BundleMetadata.File, path: String, soundExpected: Bool,
                      target: LoudnessTarget? = nil) -> [BundleMetadata.Check] {
        var checks: [BundleMetadata.Check] = []
        let recorded = file.media
        let probe: MediaProbe
        do {
            probe = try MediaProbe.probe(path: path)
        } catch {
            return [.init("video:probe", false, "cannot be read: \(error)")]
        }
        let v = probe.video, a = probe.audio
        checks.append(.init("video:codec", v?.codec == "h264", "\(v?.codec ?? "no video") \(v?.profile ?? "")".trimmingTrailingSpaces))
        checks.append(.init("audio:codec", a?.codec == "aac", "\(a?.codec ?? "no audio") \(a?.sampleRate ?? 0) Hz \(a?.channels ?? 0) ch"))
        let recordedFps = recorded?.video?.fps
        checks.append(.init("video:fps", v?.fps != nil && (recordedFps == nil || v?.fps == recordedFps),
                            "\(v?.fps ?? "none"), metadata.json says \(recordedFps ?? "nothing")"))
        let frame = 1 / max(1, fps(v?.fps) ?? 30)
        if let recorded {
            checks.append(.init("video:duration", abs(probe.duration - recorded.duration) <= frame,
                                String(format: "%.3f s, metadata.json says %.3f s", probe.duration, recorded.duration)))
        }
        checks += boxes(path: path)
        checks += frames(path: path, expected: recorded?.video?.frames ?? v?.frames, duration: probe.duration, frame: frame)
        if soundExpected, a != nil {
            checks += sound(path: path, duration: probe.duration, target: target)
        }
        return checks
    }

    /// `mp4:faststart` from the top-level box order, `mp4:boxes` from their sizes.
    static func boxes(path: String) -> [BundleMetadata.Check] {
        guard let boxes = try? MP4Boxes.read(path: path) else { return [.init("mp4:boxes", false, "cannot be read")] }
        let order = boxes.types.joined(separator: " ")
        return [
            .init("mp4:faststart", boxes.moovFirst == true,
                  boxes.moovFirst == true ? "moov before mdat (\(order))" : "moov is not before mdat (\(order))"),
            .init("mp4:boxes", boxes.problem == nil,
                  boxes.problem ?? "\(boxes.boxes.count) top-level boxes fill the \(boxes.fileSize) bytes exactly"),
        ]
    }

    /// `video:frames`: every frame's packet is there; `video:black-frames`: no decoded keyframe is black.
    static func frames(path: String, expected: Int?, duration: Double, frame: Double) -> [BundleMetadata.Check] {
        let scan: KeyframeScan
        do {
            scan = try KeyframeScan.scan(path: path)
        } catch {
            return [.init("video:frames", false, "cannot be decoded: \(error)")]
        }
        let complete = expected.map { $0 <= 0 || scan.packets == $0 } ?? true
        let reachesEnd = scan.end >= duration - 2 * frame
        let black = scan.blackFrames
        return [
            .init("video:frames", complete && reachesEnd,
                  String(format: "%d of %@ frames present, up to %.2f s of %.2f s", scan.packets,
                         expected.map { "\($0)" } ?? "?", scan.end, duration)),
            .init("video:black-frames", !scan.frames.isEmpty && black.isEmpty,
                  scan.frames.isEmpty ? "no keyframe decodes"
                      : black.isEmpty ? "\(scan.frames.count) keyframes decoded, none black"
                      : String(format: "%d of %d keyframes black, the first at %.2f s", black.count, scan.frames.count, black[0].time)),
        ]
    }

    /// `audio:not-silent`: the track is above the −70 LUFS gate of EBU R128 (digital silence is −∞);
    /// with a target, `audio:loudness`: within ±1 LU of it, the 4× oversampled true peak under its ceiling.
    static func sound(path: String, duration: Double, target: LoudnessTarget? = nil) -> [BundleMetadata.Check] {
        do {
            let m = try Loudness.analyse(decoding: path, maxSeconds: duration + 1, truePeak: target != nil)
            var checks: [BundleMetadata.Check] = [
                .init("audio:not-silent", m.integrated.isFinite,
                      m.integrated.isFinite ? String(format: "%.1f LUFS integrated", m.integrated) : "silent (below −70 LUFS throughout)"),
            ]
            if let target {
                checks.append(.init("audio:loudness", target.accepts(integrated: m.integrated, truePeak: m.truePeak),
                                    String(format: "%.1f LUFS, peak %.1f dBTP, target ", m.integrated, m.truePeak) + target.description))
            }
            return checks
        } catch {
            return [.init("audio:not-silent", false, "the audio does not decode: \(error)")]
        }
    }

    /// story.mp3: an MP3 stream as long as recorded; for a narrated kind, at the target loudness ±1 LU.
    static func narration(_ file: BundleMetadata.File, path: String, metadata: BundleMetadata, narrated: Bool) -> [BundleMetadata.Check] {
        let probe: MediaProbe
        do {
            probe = try MediaProbe.probe(path: path)
        } catch {
            return [.init("mp3:audio", false, "cannot be read: \(error)")]
        }
        let recorded = file.media?.duration ?? probe.duration
        var checks: [BundleMetadata.Check] = [
            .init("mp3:audio", probe.audio?.codec == "mp3" && abs(probe.duration - recorded) <= 0.05,
                  String(format: "%@, %.2f s, metadata.json says %.2f s", probe.audio?.codec ?? "no audio", probe.duration, recorded)),
        ]
        guard narrated else { return checks }
        let target = metadata.measurements?.loudness.targetLUFS ?? -18
        do {
            let audio = try AudioDecoder.decode(path: path, maxSeconds: probe.duration + 1)
            let loudness = Loudness.analyse(audio, mono: probe.audio?.channels == 1, truePeak: false).integrated
            checks.append(.init("narration:loudness", loudness.isFinite && abs(loudness - target) <= 1,
                                loudness.isFinite ? String(format: "%.1f LUFS integrated (target %g ± 1 LU)", loudness, target)
                                                  : "silent (below −70 LUFS throughout)"))
        } catch {
            checks.append(.init("narration:loudness", false, "the narration does not decode: \(error)"))
        }
        return checks
    }

    /// Frames per second from "30/1".
    static func fps(_ rational: String?) -> Double? {
        guard let parts = rational?.split(separator: "/"), parts.count == 2,
              let n = Double(parts[0]), let d = Double(parts[1]), d > 0 else { return nil }
        return n / d
    }
}
