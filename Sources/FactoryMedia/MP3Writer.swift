import CAV
import CAVShim
import Foundation

/// An MP3 file being written: the libmp3lame encoder, the mp3 muxer (ID3v2.3 tags, Xing header)
/// and, optionally, a JPEG cover as an attached-picture stream.
///
/// Owns every libav handle; `finish()` flushes the encoder and writes the trailer, and must run
/// before release (asserted in `deinit`).
final class MP3Writer {
    let path: String
    let frameSize: Int
    private let channels: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var samplesWritten: Int64 = 0
    private var finished = false

    init(path: String, channels: Int, rate: Int, bitrate: Int, tags: [String: String],
         cover: (data: Data, width: Int, height: Int)?) throws {
        _ = AV.quiet
        self.path = path
        self.channels = channels
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_alloc_output_context2(&fmt, nil, "mp3", path), .open, "cannot create MP3 \(path)")
        format = fmt
        guard let fmt else { throw MediaError(.open, "cannot create MP3 \(path)") }
        guard let lame = avcodec_find_encoder_by_name("libmp3lame") else {
            throw MediaError(.settings, "libmp3lame is not available in this libavcodec (install libavcodec-extra or libmp3lame)")
        }
        guard let ctx = avcodec_alloc_context3(lame) else { throw MediaError(.settings, "cannot allocate the MP3 encoder") }
        codec = ctx
        ctx.pointee.sample_rate = Int32(rate)
        ctx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        ctx.pointee.bit_rate = Int64(bitrate)
        ctx.pointee.time_base = AVRational(num: 1, den: Int32(rate))
        cf_av_set_channels_ctx(ctx, Int32(channels))
        try AV.check(avcodec_open2(ctx, lame, nil), .settings, "cannot open libmp3lame at \(rate) Hz, \(bitrate) b/s")
        frameSize = Int(ctx.pointee.frame_size > 0 ? ctx.pointee.frame_size : 1152)

        guard let audio = avformat_new_stream(fmt, nil) else { throw MediaError(.mux, "cannot add a stream to \(path)") }
        stream = audio
        try AV.check(cf_av_stream_from_encoder(audio, ctx), .mux, "cannot describe the MP3 stream")
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { av_dict_set(&fmt.pointee.metadata, key, value, 0) }
        var picture: UnsafeMutablePointer<AVStream>?
        if let cover {
            guard let s = avformat_new_stream(fmt, nil) else { throw MediaError(.mux, "cannot add the cover to \(path)") }
            cf_av_stream_set_cover(s, Int32(cover.width), Int32(cover.height))
            picture = s
        }

        guard let f = av_frame_alloc(), let p = av_packet_alloc() else { throw MediaError(.encode, "cannot allocate MP3 buffers") }
        frame = f; packet = p
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.nb_samples = Int32(frameSize)
        f.pointee.sample_rate = Int32(rate)
        cf_av_set_channels_frame(f, Int32(channels))
        try AV.check(av_frame_get_buffer(f, 0), .encode, "cannot allocate an MP3 frame")

        try AV.check(cf_av_format_open_io(fmt, path), .open, "cannot open \(path) for writing")
        try AV.check(cf_av_write_header_id3v23(fmt), .mux, "cannot write the ID3 header of \(path)")
        // The muxer holds audio back until the picture arrives: send the cover first.
        if let cover, let picture {
            let size = Int32(cover.data.count)
            try cover.data.withUnsafeBytes { bytes in
                _ = try AV.check(cf_av_packet_fill(p, bytes.bindMemory(to: UInt8.self).baseAddress, size, picture.pointee.index),
                             .mux, "cannot copy the cover of \(path)")
            }
            p.pointee.pts = 0; p.pointee.dts = 0
            try AV.check(av_write_frame(fmt, p), .mux, "cannot write the cover picture into \(path)")
            av_packet_unref(p)
        }
    }

    deinit {
        assert(finished || format == nil, "MP3Writer released without finish(): \(path) is incomplete")
        if let fmt = format { cf_av_format_close_io(fmt); avformat_free_context(fmt) }
        avcodec_free_context(&codec)
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    /// Encodes up to `frameSize` interleaved frames (a short last block is sent as a short frame).
    func encode(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let frame, let codec else { throw MediaError(.encode, "MP3 writer for \(path) is closed") }
        let n = samples.count / channels
        guard n > 0 else { return }
        try AV.check(av_frame_make_writable(frame), .encode, "MP3 frame not writable")
        for c in 0..<channels {
            let plane = UnsafeMutableRawPointer(cf_av_frame_data(frame, Int32(c))!).assumingMemoryBound(to: Float.self)
            for i in 0..<n { plane[i] = samples[i * channels + c] }
        }
        frame.pointee.nb_samples = Int32(n)
        frame.pointee.pts = samplesWritten
        samplesWritten += Int64(n)
        try send(frame, codec)
    }

    private func send(_ frame: UnsafeMutablePointer<AVFrame>?, _ codec: UnsafeMutablePointer<AVCodecContext>) throws {
        guard let format, let packet, let stream else { throw MediaError(.encode, "MP3 writer for \(path) is closed") }
        try AV.check(avcodec_send_frame(codec, frame), .encode, "libmp3lame refused a frame for \(path)")
        while true {
            let rc = avcodec_receive_packet(codec, packet)
            if rc == AV.eagain || rc == AV.eof { break }
            try AV.check(rc, .encode, "MP3 encoding failed for \(path)")
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try AV.check(av_write_frame(format, packet), .mux, "cannot write to \(path)")
        }
    }

    /// Flushes the encoder, writes the trailer (the Xing/LAME header with the exact length) and
    /// closes the file.
    func finish() throws {
        guard !finished, let format, let codec else { return }
        finished = true
        try send(nil, codec)
        try AV.check(av_write_trailer(format), .mux, "cannot finish \(path)")
        cf_av_format_close_io(format)
    }
}
