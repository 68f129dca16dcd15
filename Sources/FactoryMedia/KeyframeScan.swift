import CAV

/// A quick health read of a finished video: every video packet is read and counted (a truncated
/// file comes up short), but only keyframes are decoded and measured. Our encoder puts a keyframe
/// at least every 2 s and at scene cuts, so a black stretch of a second or more shows up at a
/// fraction of a full decode's cost.
public struct KeyframeScan: Sendable {
    /// The decoded keyframes, with their luma statistics.
    public var frames: [FrameScan.Frame]
    /// Video packets in the file (one per frame).
    public var packets: Int
    /// Where the last video packet ends, in seconds.
    public var end: Double

    public static func scan(path: String) throws -> KeyframeScan {
        let video = try VideoDecoding(path: path, keyframesOnly: true)
        var frames: [FrameScan.Frame] = []
        try video.forEachFrame { frame, time in
            frames.append(.init(decoded: frame, time: time))
            return true
        }
        return KeyframeScan(frames: frames, packets: video.packets, end: video.packetEnd)
    }

    /// Keyframes that are black (FrameScan's rule: mean luma at most 20, nothing above 40).
    public var blackFrames: [FrameScan.Frame] { frames.filter(\.isBlack) }
}

extension FrameScan.Frame {
    /// A decoded picture's luma statistics, at its time.
    init(decoded frame: UnsafeMutablePointer<AVFrame>, time: Double) {
        let luma = FrameScan.luma(PictureBuffer(frame: frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height)))
        self.init(time: time, meanLuma: luma.mean, peakLuma: luma.peak)
    }
}
