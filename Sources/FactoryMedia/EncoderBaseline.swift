import CAV
import CAVShim
import Foundation

/// The benchmark's reference: libx264 alone encoding frames already in memory, with the same
/// size, rate, preset and bitrate as our render, so the ratio shows what composing costs.
public enum EncoderBaseline {
    /// Decodes every frame of `video` into memory (untimed), then returns the seconds libx264
    /// takes to encode them all.
    public static func encode(video: String, preset: VideoSettings.Preset = .standard, bitrate: Int = 8_000_000) throws -> Double {
        let (width, height, frames) = try decodeAll(video)
        guard !frames.isEmpty else { throw MediaError(.decode, "\(video) has no frames") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let started = DispatchTime.now().uptimeNanoseconds
        let encoder = try VideoEncoder(path: out, settings: VideoSettings(width: width, height: height, fps: 30, bitrate: bitrate, preset: preset))
        for frame in frames {
            try encoder.encodeFrame { picture in
                frame.withUnsafeBufferPointer { src in
                    let base = src.baseAddress!
                    for row in 0..<height { (picture.y + row * picture.yStride).update(from: base + row * width, count: width) }
                    let cw = width / 2, ch = height / 2, uBase = base + width * height, vBase = uBase + cw * ch
                    for row in 0..<ch {
                        (picture.u + row * picture.cStride).update(from: uBase + row * cw, count: cw)
                        (picture.v + row * picture.cStride).update(from: vBase + row * cw, count: cw)
                    }
                }
            }
        }
        try encoder.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// Every frame as packed I420 bytes.
    static func decodeAll(_ path: String) throws -> (Int, Int, [[UInt8]]) {
        _ = AV.quiet
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&fmt, path, nil, nil), .open, "cannot open \(path)")
        defer { avformat_close_input(&fmt) }
        try AV.check(avformat_find_stream_info(fmt, nil), .open, "cannot read \(path)")
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = cf_av_stream(fmt, UInt32(index)) else { throw MediaError(.decode, "\(path) has no video") }
        var ctx = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&ctx) }
        guard let ctx else { throw MediaError(.decode, "cannot allocate a decoder") }
        try AV.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), .decode, "bad parameters")
        try AV.check(avcodec_open2(ctx, codec, nil), .decode, "cannot open decoder")
        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let packet, let frame else { throw MediaError(.decode, "cannot allocate buffers") }
        var frames: [[UInt8]] = []
        var size = (0, 0)
        func drain() throws {
            while true {
                let rc = avcodec_receive_frame(ctx, frame)
                if rc == AV.eagain || rc == AV.eof { return }
                try AV.check(rc, .decode, "cannot decode \(path)")
                let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
                size = (w, h)
                var bytes = [UInt8](repeating: 0, count: w * h * 3 / 2)
                let planes = [(cf_av_frame_data(frame, 0)!, Int(cf_av_frame_linesize(frame, 0)), w, h),
                              (cf_av_frame_data(frame, 1)!, Int(cf_av_frame_linesize(frame, 1)), w / 2, h / 2),
                              (cf_av_frame_data(frame, 2)!, Int(cf_av_frame_linesize(frame, 2)), w / 2, h / 2)]
                var offset = 0
                bytes.withUnsafeMutableBufferPointer { dst in
                    for (ptr, stride, pw, ph) in planes {
                        for row in 0..<ph { (dst.baseAddress! + offset + row * pw).update(from: ptr + row * stride, count: pw) }
                        offset += pw * ph
                    }
                }
                frames.append(bytes)
                av_frame_unref(frame)
            }
        }
        while av_read_frame(fmt, packet) >= 0 {
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == index, avcodec_send_packet(ctx, packet) >= 0 { try drain() }
        }
        _ = avcodec_send_packet(ctx, nil)
        try drain()
        return (size.0, size.1, frames)
    }
}
