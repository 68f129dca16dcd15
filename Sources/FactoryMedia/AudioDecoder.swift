import CAV
import CAVShim
import Foundation

/// Decodes the first audio stream of a local file (mp3, m4a/aac, wav, …, or a video's sound) with
/// libavformat/libavcodec and resamples it with libswresample to 44.1 kHz interleaved stereo float.
public enum AudioDecoder {
    /// Sample rates and channel counts decoded; headers claiming others are refused.
    public static let rates = 1_000...384_000
    public static let channels = 1...32

    /// Decodes at most `maxSeconds` (the rest is never read).
    public static func decode(path: String, maxSeconds: Double = 3600) throws -> AudioBuffer {
        var samples: [Float] = []
        try decode(path: path, maxSeconds: maxSeconds) { samples.append(contentsOf: $0) }
        return AudioBuffer(samples: samples)
    }

    /// Decodes at most `maxSeconds`, handing `sink` the interleaved stereo samples block by block
    /// as they come (each block is valid only during the call), so a long track need not be held.
    public static func decode(path: String, maxSeconds: Double = 3600, into sink: (UnsafeBufferPointer<Float>) throws -> Void) throws {
        _ = AV.quiet
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MediaError(.open, "audio file \(path) does not exist or cannot be read")
        }
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&fmt, path, nil, nil), .open, "cannot open audio file \(path)")
        defer { avformat_close_input(&fmt) }
        try AV.check(avformat_find_stream_info(fmt, nil), .open, "cannot read the streams of \(path)")
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = cf_av_stream(fmt, UInt32(index)) else {
            throw MediaError(.decode, "\(path) has no audio stream")
        }
        var ctx = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&ctx) }
        guard let ctx else { throw MediaError(.decode, "cannot allocate a decoder for \(path)") }
        try AV.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), .decode, "bad audio parameters in \(path)")
        try AV.check(avcodec_open2(ctx, codec, nil), .decode, "cannot open the audio decoder for \(path)")
        // A header can claim any rate: the resampler's filter grows with the ratio (a 161-byte WAV
        // claiming 151 MHz asked for 463 MB), and a tiny rate multiplies every sample by 44,100.
        let rate = Int(ctx.pointee.sample_rate), channels = Int(cf_av_ctx_channels(ctx)), format = ctx.pointee.sample_fmt.rawValue
        guard Self.rates.contains(rate), Self.channels.contains(channels) else {
            throw MediaError(.decode, "\(path) claims \(channels) channels at \(rate) Hz; audio of 1–\(Self.channels.upperBound) "
                             + "channels at \(Self.rates.lowerBound)–\(Self.rates.upperBound) Hz is decoded: re-encode it (e.g. 44.1 kHz stereo)")
        }
        var swr = cf_av_swr_to_stereo_float(ctx, Int32(AudioBuffer.rate))
        defer { swr_free(&swr) }
        guard let swr else { throw MediaError(.decode, "cannot resample the audio of \(path)") }

        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let packet, let frame else { throw MediaError(.decode, "cannot allocate audio buffers") }
        let limit = Int(maxSeconds * Double(AudioBuffer.rate)) * 2
        var delivered = 0
        var scratch = [Float](repeating: 0, count: 2 * 8192)

        /// Hands on the first `count` samples of `scratch`, cut at the limit.
        func deliver(_ count: Int) throws {
            let taken = min(count, limit - delivered)
            guard taken > 0 else { return }
            try scratch.withUnsafeBufferPointer { try sink(UnsafeBufferPointer(rebasing: $0[0..<taken])) }
            delivered += taken
        }

        func drain() throws {
            while true {
                let rc = avcodec_receive_frame(ctx, frame)
                if rc == AV.eagain || rc == AV.eof { return }
                try AV.check(rc, .decode, "cannot decode the audio of \(path)")
                // The resampler reads as many planes as it was set up for: a frame whose layout
                // changed mid-stream is skipped, as a damaged packet is.
                let f = frame.pointee
                guard f.format == format, Int(f.sample_rate) == rate, Int(f.ch_layout.nb_channels) == channels else {
                    av_frame_unref(frame)
                    continue
                }
                let room = Int(swr_get_out_samples(swr, frame.pointee.nb_samples))
                if scratch.count < room * 2 { scratch = [Float](repeating: 0, count: room * 2) }
                let n = scratch.withUnsafeMutableBufferPointer { cf_av_swr_convert(swr, $0.baseAddress, Int32(room), frame) }
                try AV.check(n, .decode, "cannot resample the audio of \(path)")
                av_frame_unref(frame)
                try deliver(Int(n) * 2)
            }
        }

        while delivered < limit {
            let rc = av_read_frame(fmt, packet)
            if rc < 0 { break }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            // A damaged packet is skipped, as players do; a file that never decodes fails below.
            if avcodec_send_packet(ctx, packet) < 0 { continue }
            try drain()
        }
        _ = avcodec_send_packet(ctx, nil)
        try drain()
        let n = scratch.withUnsafeMutableBufferPointer { cf_av_swr_flush(swr, $0.baseAddress, Int32($0.count / 2)) }
        if n > 0 { try deliver(Int(n) * 2) }
        guard delivered > 0 else { throw MediaError(.decode, "\(path) holds no decodable audio") }
    }
}
