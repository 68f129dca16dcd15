import Foundation

/// Timed text cues written as SubRip (.srt) and WebVTT (.vtt).
public struct Captions: Sendable, Equatable {
    /// One cue: start and end in seconds, and its text.
    public struct Cue: Sendable, Equatable, Codable {
        public var start: Double
        public var end: Double
        public var text: String
        public init(start: Double, end: Double, text: String) {
            self.start = start
            self.end = end
            self.text = text
        }
    }

    public var cues: [Cue]
    public init(_ cues: [Cue]) { self.cues = cues }

    public var srt: String {
        cues.enumerated().map { i, cue in
            "\(i + 1)\n\(Self.stamp(cue.start, ",")) --> \(Self.stamp(cue.end, ","))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }

    public var vtt: String {
        "WEBVTT\n\n" + cues.map { cue in
            "\(Self.stamp(cue.start, ".")) --> \(Self.stamp(cue.end, "."))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }

    /// 00:00:01,250 (SRT) or 00:00:01.250 (VTT).
    static func stamp(_ seconds: Double, _ separator: String) -> String {
        let ms = max(0, Int((seconds * 1000).rounded()))
        return String(format: "%02d:%02d:%02d%@%03d", ms / 3_600_000, (ms / 60_000) % 60, (ms / 1000) % 60, separator, ms % 1000)
    }
}
