import FactoryCore
import FactoryMedia
import Foundation

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
