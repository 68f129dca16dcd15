import CAV
import CAVShim
import Foundation

/// The first video stream of a clip, decoded one frame at a time on request (pull, not push),
/// with a rewind for looping. Holds at most two frames: the one being received and the latest.
final class ClipDecoder {
    let path: String
    /// Seconds per frame, from the stream's average rate (1/30 when the file does not say).
    let frameDuration: Double
    /// The stream's length in seconds.
    let duration: Double
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var receiving: UnsafeMutablePointer<AVFrame>?
    private var latestFrame: UnsafeMutablePointer<AVFrame>?
    private let index: Int32
    private let timeBase: Double
    private let startTime: Int64
    private var flushed = false
    /// When `latest` shows, in seconds from the start of the clip (nil: nothing decoded yet).
    private(set) var latestTime: Double?

    init(path: String) throws {
        _ = AV.quiet
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MediaError(.open, "clip \(path) does not exist or cannot be read")
        }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&opened, path, nil, nil), .open, "cannot open clip \(path) as a video")
        // Until every property is set, a throw skips deinit: close the file here instead.
        var owned = false
        defer { if !owned { avformat_close_input(&opened) } }
        try AV.check(avformat_find_stream_info(opened, nil), .open, "cannot read the streams of clip \(path)")
        var decoder: UnsafePointer<AVCodec>?
        let found = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard found >= 0, let decoder, let context = opened, let stream = cf_av_stream(context, UInt32(found)) else {
            throw MediaError(.decode, "clip \(path) has no video stream")
        }
        let tb = stream.pointee.time_base
        let seconds = Double(tb.num) / Double(max(1, tb.den))
        let rate = av_q2d(stream.pointee.avg_frame_rate)
        if stream.pointee.duration > 0 && stream.pointee.duration != cf_av_nopts() {
            duration = Double(stream.pointee.duration) * seconds
        } else if context.pointee.duration > 0 && context.pointee.duration != cf_av_nopts() {
            duration = Double(context.pointee.duration) / Double(AV_TIME_BASE)
        } else {
            throw MediaError(.decode, "clip \(path) does not say how long it is")
        }
        index = found
        timeBase = seconds
        startTime = stream.pointee.start_time == cf_av_nopts() ? 0 : stream.pointee.start_time
        frameDuration = rate > 0 ? 1 / rate : 1.0 / 30
        format = context
        owned = true
        codec = avcodec_alloc_context3(decoder)
        packet = av_packet_alloc()
        receiving = av_frame_alloc()
        latestFrame = av_frame_alloc()
        guard let codec, packet != nil, receiving != nil, latestFrame != nil else {
            throw MediaError(.decode, "cannot allocate a decoder for clip \(path)")
        }
        try AV.check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), .decode, "bad video parameters in clip \(path)")
        try AV.check(avcodec_open2(codec, decoder, nil), .decode, "cannot open the video decoder for clip \(path)")
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&receiving)
        av_frame_free(&latestFrame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The most recently decoded frame (valid until the next `next()` or `rewind`).
    var latest: UnsafeMutablePointer<AVFrame>? { latestTime == nil ? nil : latestFrame }

    /// Decodes the next frame into `latest`; false at the end of the stream (`latest` stays).
    func next() throws -> Bool {
        guard let format, let codec, let packet, let receiving, let latestFrame else { return false }
        while true {
            let rc = avcodec_receive_frame(codec, receiving)
            if rc >= 0 {
                let previous = latestTime
                av_frame_unref(latestFrame)
                av_frame_move_ref(latestFrame, receiving)
                let pts = latestFrame.pointee.best_effort_timestamp
                latestTime = pts == cf_av_nopts() ? (previous.map { $0 + frameDuration } ?? 0) : Double(pts - startTime) * timeBase
                return true
            }
            if rc == AV.eof || (rc == AV.eagain && flushed) { return false }
            if rc != AV.eagain { try AV.check(rc, .decode, "cannot decode clip \(path)") }
            if av_read_frame(format, packet) < 0 {
                // End of file (or unreadable rest): let the decoder hand out what it holds.
                flushed = true
                _ = avcodec_send_packet(codec, nil)
                continue
            }
            // A damaged packet is skipped, as players do.
            if packet.pointee.stream_index == index { _ = avcodec_send_packet(codec, packet) }
            av_packet_unref(packet)
        }
    }

    /// Goes back to the keyframe at or before `seconds`; the next `next()` decodes from there.
    func rewind(to seconds: Double) throws {
        guard let format, let codec, let latestFrame else { return }
        let target = startTime + Int64((max(0, seconds) / timeBase).rounded(.down))
        try AV.check(av_seek_frame(format, index, target, AVSEEK_FLAG_BACKWARD), .decode, "cannot seek in clip \(path)")
        avcodec_flush_buffers(codec)
        av_frame_unref(latestFrame)
        latestTime = nil
        flushed = false
    }
}
