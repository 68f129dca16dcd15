import CAV
import CAVShim

/// A local video clip (mp4, mov, webm, …; rotation metadata is not applied) read as b-roll:
/// each frame centre-cropped and scaled to FILL a target size, as opaque `LayerPixels`.
///
/// Frames are decoded in order and the decoder seeks only when asked for an earlier time, so
/// memory stays at one decoder, two decoded frames and one scaled frame whatever the clip's
/// length. Not for use from two threads at once.
public final class ClipReader {
    public let path: String
    public let width: Int
    public let height: Int
    private let decoder: ClipDecoder
    private let scaler: ClipScaler
    private var lastAsked: Double?
    private var shown: (time: Double, pixels: LayerPixels)?

    /// Opens the clip; `width`×`height` (positive, even) is the size every frame fills.
    public init(path: String, width: Int, height: Int) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw MediaError(.settings, "clip \(path) cannot fill \(width)x\(height): the size must be positive and even")
        }
        self.path = path
        self.width = width
        self.height = height
        decoder = try ClipDecoder(path: path)
        scaler = ClipScaler(width: width, height: height)
    }

    /// The clip's length in seconds.
    public var duration: Double { decoder.duration }

    /// The frame showing at `time` seconds into the clip (looped past the end).
    public func pixels(at time: Double) throws -> LayerPixels {
        let asked = time.isFinite ? time : 0
        var t = decoder.duration > 0 ? asked.truncatingRemainder(dividingBy: decoder.duration) : 0
        if t < 0 { t += decoder.duration }
        let half = decoder.frameDuration / 2
        if let lastAsked, t < lastAsked - 1e-9 {
            try decoder.rewind(to: t - half)
            shown = nil
        }
        lastAsked = t
        // The first frame at or after t − half a frame, i.e. the one nearest to t.
        if let shown, shown.time >= t - half { return shown.pixels }
        while try decoder.next(), let latest = decoder.latestTime, latest < t - half {}
        guard let frame = decoder.latest, let time = decoder.latestTime else {
            throw MediaError(.decode, "clip \(path) holds no decodable video frame")
        }
        if let shown, shown.time == time { return shown.pixels }      // past the last frame
        let pixels = try scaler.fill(frame, path: path)
        shown = (time, pixels)
        return pixels
    }

    /// The clip as a layer source from `start` for `duration` seconds at `fps`: version i shows at
    /// start + i/fps with the clip's frame at i/fps (looped). Version 0 is decoded here so a bad
    /// clip fails before rendering; the rest are decoded in order as the frames are drawn.
    public static func sequence(path: String, width: Int, height: Int, start: Double, duration: Double,
                                fps: Int) throws -> (first: LayerPixels, sequence: PixelSequence) {
        guard fps > 0, start.isFinite, duration.isFinite, duration >= 0 else {
            throw MediaError(.settings, "clip \(path) cannot play for \(duration) s from \(start) s at \(fps) fps")
        }
        let reader = ClipSource(try ClipReader(path: path, width: width, height: height))
        let first = try reader.pixels(at: 0)
        let count = max(1, Int((duration * Double(fps) - 1e-6).rounded(.up)))
        // A hair early, so a frame drawn at exactly start + i/fps never sees version i − 1.
        let times = (0..<count).map { start + Double($0) / Double(fps) - 1e-6 }
        let sequence = PixelSequence(times: times) { i in try reader.pixels(at: Double(i) / Double(fps)) }
        return (first, sequence)
    }
}

/// A reader handed to a `PixelSequence`.
///
/// `@unchecked Sendable`: the sequence calls `make` only under its own lock, one call at a time,
/// and nothing else keeps the reader.
private final class ClipSource: @unchecked Sendable {
    private let reader: ClipReader
    init(_ reader: ClipReader) { self.reader = reader }
    func pixels(at time: Double) throws -> LayerPixels { try reader.pixels(at: time) }
}
