/// Measures what the quality checks need of every frame of a video: each frame's mean and peak
/// luma (black frames), and a small luma thumbnail at regular times (how often the picture
/// changes). Memory stays small whatever the length.
public struct FrameScan: Sendable {
    /// One decoded frame's statistics.
    public struct Frame: Sendable, Equatable {
        public var time: Double
        public var meanLuma: Double
        public var peakLuma: Int

        /// Mean luma at most 20 and nothing brighter than 40 (limited range, black is 16).
        public var isBlack: Bool { meanLuma <= 20 && peakLuma <= 40 }
    }

    public var frames: [Frame]
    /// Thumbnails (luma, every 8th pixel) taken every `interval` seconds, with their times.
    public var thumbnails: [(time: Double, luma: [UInt8])]
    public var interval: Double

    /// Decodes every frame of the video at `path` and scans it.
    public static func scan(path: String, interval: Double = 0.5) throws -> FrameScan {
        let recorder = Recorder(interval: interval)
        try VideoDecoding(path: path).forEachFrame { frame, time in
            recorder.add(PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height)), time: time)
            return true
        }
        return recorder.scan
    }

    /// Builds a scan one picture at a time, from a decoder or straight from the compositor (a
    /// render can then be checked without decoding what it just encoded).
    ///
    /// `@unchecked Sendable`: one thread adds pictures (the render's composer) and the scan is
    /// read only after that thread has finished (the render joins it before returning).
    public final class Recorder: @unchecked Sendable {
        private var frames: [Frame] = []
        private var thumbnails: [(time: Double, luma: [UInt8])] = []
        private var nextThumb = 0.0
        private let interval: Double

        public init(interval: Double = 0.5) { self.interval = interval }

        /// Measures one picture shown at `time` (pictures arrive in time order).
        public func add(_ p: PictureBuffer, time: Double) {
            var sum = 0, peak = 0, count = 0
            var thumb: [UInt8] = []
            let takeThumb = time + 1e-6 >= nextThumb
            if takeThumb { thumb.reserveCapacity((p.width / 8) * (p.height / 8)) }
            var row = 0
            while row < p.height {
                let line = p.y + row * p.yStride
                var col = 0
                while col < p.width {
                    let v = Int(line[col])
                    sum += v; count += 1
                    if v > peak { peak = v }
                    if takeThumb { thumb.append(UInt8(v)) }
                    col += 8
                }
                row += 8
            }
            frames.append(Frame(time: time, meanLuma: Double(sum) / Double(max(1, count)), peakLuma: peak))
            if takeThumb {
                thumbnails.append((time, thumb))
                nextThumb += interval
            }
        }

        public var scan: FrameScan { FrameScan(frames: frames, thumbnails: thumbnails, interval: interval) }
    }

    /// Frames that are black: mean luma at most 20 and nothing brighter than 40 (limited range, black is 16).
    public var blackFrames: [Frame] { frames.filter(\.isBlack) }

    /// Mean and peak luma of a picture, sampling every 8th pixel of every 8th row.
    static func luma(_ p: PictureBuffer) -> (mean: Double, peak: Int) {
        var sum = 0, peak = 0, count = 0
        var row = 0
        while row < p.height {
            let line = p.y + row * p.yStride
            var col = 0
            while col < p.width {
                let v = Int(line[col])
                sum += v; count += 1
                if v > peak { peak = v }
                col += 8
            }
            row += 8
        }
        return (Double(sum) / Double(max(1, count)), peak)
    }

    /// Mean absolute luma difference between consecutive thumbnails (0–255).
    public var changes: [(time: Double, difference: Double)] {
        zip(thumbnails, thumbnails.dropFirst()).map { a, b in
            let n = min(a.luma.count, b.luma.count)
            var total = 0
            for i in 0..<n { total += abs(Int(a.luma[i]) - Int(b.luma[i])) }
            return (b.time, Double(total) / Double(max(1, n)))
        }
    }
}
