import Foundation
import CAV
import CAVShim

/// The first video stream of a file, opened for decoding; owns its libav handles.
final class VideoDecoding {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let stream: UnsafeMutablePointer<AVStream>
    private let index: Int32
    private let keyframesOnly: Bool
    let path: String
    /// Video packets read so far (one per frame), and where the latest one ends, in seconds.
    private(set) var packets = 0
    private(set) var packetEnd = 0.0

    /// `keyframesOnly`: only keyframe packets reach the decoder (the others are still read and counted).
    init(path: String, keyframesOnly: Bool = false) throws {
        _ = AV.quiet
        self.path = path
        self.keyframesOnly = keyframesOnly
        try AV.check(avformat_open_input(&format, path, nil, nil), .open, "cannot open \(path)")
        try AV.check(avformat_find_stream_info(format, nil), .open, "cannot read the streams of \(path)")
        var decoder: UnsafePointer<AVCodec>?
        index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let format, let found = cf_av_stream(format, UInt32(index)) else {
            throw MediaError(.decode, "\(path) has no video stream")
        }
        stream = found
        codec = avcodec_alloc_context3(decoder)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let codec, packet != nil, frame != nil else { throw MediaError(.decode, "cannot allocate a decoder for \(path)") }
        try AV.check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), .decode, "bad video parameters in \(path)")
        if keyframesOnly {
            // Keyframes depend on no other frame, so frame threads decode them side by side: a
            // recipe's seven 1080x1920 keyframes of 200-480 KB took 0.23 s on one thread, the
            // longest of the checks after the encoder (ffmpeg `-discard nokey`: 0.26 s with one
            // thread, 0.18 s with two).
            codec.pointee.thread_count = Int32(min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)))
            codec.pointee.thread_type = FF_THREAD_FRAME
        }
        try AV.check(avcodec_open2(codec, decoder, nil), .decode, "cannot open the video decoder for \(path)")
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// Seconds per frame, from the stream's average rate.
    var frameDuration: Double { 1.0 / max(1, av_q2d(stream.pointee.avg_frame_rate)) }

    /// Decodes frames in order and hands each to `body` with its time in seconds; `body` returns
    /// false to stop early. The frame is only valid during the call.
    func forEachFrame(_ body: (UnsafeMutablePointer<AVFrame>, Double) throws -> Bool) throws {
        guard let format, let codec, let packet, let frame else { return }
        let tb = stream.pointee.time_base
        func drain() throws -> Bool {
            while true {
                let rc = avcodec_receive_frame(codec, frame)
                if rc == AV.eagain || rc == AV.eof { return true }
                try AV.check(rc, .decode, "cannot decode \(path)")
                defer { av_frame_unref(frame) }
                let t = Double(frame.pointee.best_effort_timestamp) * Double(tb.num) / Double(tb.den)
                if try !body(frame, t) { return false }
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            packets += 1
            let p = packet.pointee
            if p.pts != Int64.min { // AV_NOPTS_VALUE
                packetEnd = max(packetEnd, Double(p.pts + max(0, p.duration)) * Double(tb.num) / Double(tb.den))
            }
            if keyframesOnly && p.flags & AV_PKT_FLAG_KEY == 0 { continue }
            // A damaged packet is skipped, as players do.
            guard avcodec_send_packet(codec, packet) >= 0 else { continue }
            if try !drain() { return }
        }
        _ = avcodec_send_packet(codec, nil)
        _ = try drain()
    }
}
