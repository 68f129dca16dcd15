import FactoryCore
import FactoryMedia
import Foundation

/// Checks a poster bundle before it is published: text inside the safe zone, still and video facts.
enum PosterChecks {
    static func run(layout: PosterLayout, format: Format, writer: BundleWriter, variants: Int) throws -> [BundleMetadata.Check] {
        var checks: [BundleMetadata.Check] = []
        let insets = format.safeInsets
        for element in layout.textElements {
            let ok = element.inkBox.inside(frameWidth: layout.width, frameHeight: layout.height, insets: insets)
            checks.append(.init("safe-zone:\(element.name)", ok,
                                "\(element.inkBox.x),\(element.inkBox.y) \(element.inkBox.width)x\(element.inkBox.height) within insets \(insets.top)/\(insets.bottom)/\(insets.left)/\(insets.right)"))
        }
        let probe = try MediaProbe.probe(path: writer.path("video.mp4"))
        checks += VideoChecks.standard(probe, width: layout.width, height: layout.height, fps: 30, duration: 6...8)
        for variant in 0..<variants {
            let name = variant == 0 ? "poster.jpg" : "poster-\(variant + 1).jpg"
            let exists = FileManager.default.fileExists(atPath: writer.path(name))
            checks.append(.init("still:\(name)", exists, exists ? "\(layout.width)x\(layout.height)" : "missing"))
        }
        return checks
    }
}

/// The checks every video bundle gets: codec, profile, pixel format, size, rate, duration, audio, faststart.
public enum VideoChecks {
    public static func standard(_ p: MediaProbe, width: Int, height: Int, fps: Int, duration: ClosedRange<Double>) -> [BundleMetadata.Check] {
        let v = p.video, a = p.audio
        return [
            .init("video:codec", v?.codec == "h264" && v?.profile == "High", "\(v?.codec ?? "none") \(v?.profile ?? "")"),
            .init("video:pixel-format", v?.pixelFormat == "yuv420p", v?.pixelFormat ?? "none"),
            .init("video:size", v?.width == width && v?.height == height, "\(v?.width ?? 0)x\(v?.height ?? 0)"),
            .init("video:fps", v?.fps == "\(fps)/1", v?.fps ?? "none"),
            .init("video:duration", duration.contains(p.duration), String(format: "%.2f s", p.duration)),
            .init("audio:aac", a?.codec == "aac" && a?.sampleRate == 44_100 && a?.channels == 2,
                  "\(a?.codec ?? "none") \(a?.sampleRate ?? 0) Hz \(a?.channels ?? 0) ch"),
            .init("mp4:faststart", p.faststart == true, p.faststart == true ? "moov before mdat" : "moov after mdat"),
        ]
    }
}
