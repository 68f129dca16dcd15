import FactoryCore
import FactoryMedia
import Foundation

/// Checks a chat bundle before it is published: the standard video facts, a caption cue for every
/// message starting on the frame it appears, and sound in the encoded track when messages are sent
/// and received.
enum ChatChecks {
    static func run(writer: BundleWriter, timeline: ChatTimeline, cues: [Captions.Cue], settings: VideoSettings) throws -> [BundleMetadata.Check] {
        let path = writer.path("video.mp4")
        let probe = try MediaProbe.probe(path: path)
        let frame = 1 / Double(timeline.fps)
        var checks = VideoChecks.standard(probe, width: settings.width, height: settings.height, fps: timeline.fps,
                                          duration: (timeline.duration - 2 * frame)...(timeline.duration + 0.1))
        let onFrames = cues.allSatisfy { abs(($0.start / frame).rounded() * frame - $0.start) < 1e-6 }
        let matched = zip(cues, timeline.entries).allSatisfy { abs($0.start - $1.appear) < frame / 2 }
        checks.append(.init("captions:timing", cues.count == timeline.entries.count && onFrames && matched,
                            "\(cues.count) cues for \(timeline.entries.count) messages, each starting on its message's first frame"))
        // The encoded audio must carry the send swoosh and the receive ding.
        let decoded = try AudioDecoder.decode(path: path, maxSeconds: timeline.duration + 1)
        let quiet = timeline.entries.filter { decoded.rmsDecibels(from: $0.appear, length: 0.2) < -45 }
        checks.append(.init("audio:message-sounds", quiet.isEmpty,
                            quiet.isEmpty ? "every send/receive moment is audible (> -45 dBFS over 200 ms)"
                                          : "silent at messages \(quiet.map { "\($0.index + 1)" }.joined(separator: ", "))"))
        return checks
    }
}
