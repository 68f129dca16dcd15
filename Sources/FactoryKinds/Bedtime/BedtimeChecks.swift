import FactoryCore
import FactoryMedia
import Foundation

/// Checks a bedtime bundle before it is published: the video and story.mp3 facts, the narration's
/// loudness within ±1 LU of the target, captions ending with the narration, every chunk under both limits.
enum BedtimeChecks {
    static func run(writer: BundleWriter, settings: VideoSettings, duration: Double, cues: [Captions.Cue], loudness: Double,
                    target: Double, chunks: [NarrationChunk]) throws -> [BundleMetadata.Check] {
        let video = try MediaProbe.probe(path: writer.path("video.mp4"))
        var checks = VideoChecks.standard(video, width: settings.width, height: settings.height, fps: settings.fps,
                                          duration: (duration - 0.2)...(duration + 0.3))
        let mp3 = try MediaProbe.probe(path: writer.path("story.mp3"))
        checks.append(.init("mp3:audio", mp3.audio?.codec == "mp3" && abs(mp3.duration - duration) < 0.3,
                            "\(mp3.audio?.codec ?? "none"), \(String(format: "%.2f", mp3.duration)) s for \(String(format: "%.2f", duration)) s of narration"))
        checks.append(.init("narration:loudness", abs(loudness - target) <= 1,
                            String(format: "story.mp3's voice %.1f LUFS integrated (target %g ± 1 LU)", loudness, target)))
        let end = cues.last?.end ?? 0
        checks.append(.init("captions:end", abs(end - duration) <= 0.5,
                            String(format: "last cue ends at %.2f s, the narration at %.2f s", end, duration)))
        let longest = chunks.map(\.text.count).max() ?? 0
        checks.append(.init("speech:chunks", longest <= 4096 && !chunks.isEmpty, "\(chunks.count) chunks, the longest \(longest) characters (limit 4,096)"))
        return checks
    }
}

/// The post caption of a bedtime story: title, the one-line summary, hashtags.
enum BedtimeCaption {
    static func text(item: Item, story: Story, spec: BedtimeSpec, brand: Brand) -> String {
        let tags = Hashtags.merged(["#bedtimestory", "#storytime", "#kidsstories", "#sleepstory"], item.hashtags)
        if let custom = item.caption { return Caption.clip(custom + "\n\n" + tags.joined(separator: " ")) }
        var lines = ["\(story.title) 🌙", "", story.summary, "",
                     "A \(spec.lengthMinutes)-minute story for \(spec.hero.name) to fall asleep to. Sweet dreams ✨"]
        if !brand.handle.isEmpty { lines.append("Follow \(brand.handle) for a new story every week.") }
        lines += ["", tags.joined(separator: " ")]
        return Caption.clip(lines.joined(separator: "\n"))
    }
}
