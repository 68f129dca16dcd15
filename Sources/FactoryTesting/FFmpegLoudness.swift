import Foundation

/// ffmpeg's `ebur128` reading of a file, the reference our own loudness meter is checked against.
public enum FFmpegLoudness {
    /// The ffmpeg binary, when installed (`make test` installs it).
    public static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile)

    /// Integrated loudness (LUFS) and true peak (dBTP) of `path`'s audio; throws without ffmpeg or
    /// when its summary cannot be read.
    public static func measure(_ path: String) throws -> (integrated: Double, truePeak: Double) {
        guard let ffmpeg else { throw Unreadable(description: "ffmpeg is not installed; `make test` installs it") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The summary at the end: "I:   -23.0 LUFS" … "Peak:  -19.9 dBFS".
        guard let summary = text.range(of: "Summary:") else { throw Unreadable(description: "no ebur128 summary: \(text.suffix(400))") }
        let tail = text[summary.upperBound...]
        func value(after label: String) -> Double? {
            guard let r = tail.range(of: label) else { return nil }
            return Double(tail[r.upperBound...].split(separator: " ", omittingEmptySubsequences: true).first ?? "")
        }
        guard let i = value(after: "I:"), let tp = value(after: "Peak:") else { throw Unreadable(description: "no I: or Peak: in \(tail)") }
        return (i, tp)
    }

    /// ffmpeg is missing or said something unreadable.
    public struct Unreadable: Error, CustomStringConvertible { public var description: String }
}
