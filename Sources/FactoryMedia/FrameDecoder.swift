import CAV
import CAVShim
import Foundation

/// Decodes chosen frames of a video back to RGB, for covers, review and checks.
public enum FrameDecoder {
    /// The frames nearest to each of `times` (seconds), as RGB rasters (3 bands).
    public static func frames(path: String, at times: [Double]) throws -> [(time: Double, width: Int, height: Int, rgb: [UInt8])] {
        _ = AV.quiet
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&fmt, path, nil, nil), .open, "cannot open \(path)")
        defer { avformat_close_input(&fmt) }
        try AV.check(avformat_find_stream_info(fmt, nil), .open, "cannot read \(path)")
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = cf_av_stream(fmt, UInt32(index)) else {
            throw MediaError(.decode, "\(path) has no video stream")
        }
        var ctx = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&ctx) }
        guard let ctx else { throw MediaError(.decode, "cannot allocate a decoder") }
        try AV.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), .decode, "bad video parameters in \(path)")
        try AV.check(avcodec_open2(ctx, codec, nil), .decode, "cannot open the video decoder for \(path)")
        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let packet, let frame else { throw MediaError(.decode, "cannot allocate buffers") }
        let tb = stream.pointee.time_base
        let wanted = times.sorted()
        var next = 0
        var results: [(Double, Int, Int, [UInt8])] = []

        func take() throws -> Bool {
            while true {
                let rc = avcodec_receive_frame(ctx, frame)
                if rc == AV.eagain || rc == AV.eof { return false }
                try AV.check(rc, .decode, "cannot decode \(path)")
                defer { av_frame_unref(frame) }
                let pts = frame.pointee.best_effort_timestamp
                let t = Double(pts) * Double(tb.num) / Double(tb.den)
                let frameDuration = 1.0 / max(1, av_q2d(stream.pointee.avg_frame_rate))
                while next < wanted.count && wanted[next] < t + frameDuration / 2 {
                    let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
                    let picture = PictureBuffer(frame: frame, width: w, height: h)
                    results.append((wanted[next], w, h, ColourMatrix.rgbRaster(picture)))
                    next += 1
                }
                if next >= wanted.count { return true }
            }
        }

        reading: while next < wanted.count {
            let rc = av_read_frame(fmt, packet)
            if rc < 0 { break }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            if avcodec_send_packet(ctx, packet) < 0 { continue }
            if try take() { break reading }
        }
        if next < wanted.count {
            _ = avcodec_send_packet(ctx, nil)
            _ = try take()
        }
        return results.map { (time: $0.0, width: $0.1, height: $0.2, rgb: $0.3) }
    }
}
