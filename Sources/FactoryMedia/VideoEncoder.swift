import CAV
import CAVShim
import Foundation

/// Writes an MP4 with one H.264 (libx264, High, yuv420p, constant frame rate) video stream and
/// one AAC-LC 44.1 kHz stereo stream; the moov atom is moved to the front when finished.
///
/// Owns every libav handle it opens. `finish()` flushes both encoders and writes the trailer; it
/// must run before the encoder is released (asserted in `deinit`).
///
/// Video and audio may be sent from two threads (one each): each stream has its own packet and
/// the muxer is reached under a lock. `finish()` runs after both have stopped sending.
/// `@unchecked Sendable` for that reason.
public final class VideoEncoder: @unchecked Sendable {
    public let settings: VideoSettings
    public let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var video: UnsafeMutablePointer<AVCodecContext>?
    private var audio: UnsafeMutablePointer<AVCodecContext>?
    /// The picture `encodeFrame` draws into, made on first use (a render brings its own frames).
    private var ownFrame: EncoderFrame?
    private var audioFrame: UnsafeMutablePointer<AVFrame>?
    private var videoPacket: UnsafeMutablePointer<AVPacket>?
    private var audioPacket: UnsafeMutablePointer<AVPacket>?
    private let muxLock = NSLock()
    private var videoStream: UnsafeMutablePointer<AVStream>?
    private var audioStream: UnsafeMutablePointer<AVStream>?
    private var framesWritten: Int64 = 0
    private var audioSamplesWritten: Int64 = 0
    private var finished = false
    private var audioFrameSize = 1024

    /// Opens `path` for writing and sets up both encoders. When any step fails, every handle
    /// opened before it is freed here: nothing leaks, and no half-made file stays open.
    public init(path: String, settings: VideoSettings) throws {
        _ = AV.quiet
        self.settings = settings
        self.path = path
        do {
            try open()
        } catch {
            release()
            throw error
        }
    }

    private func open() throws {
        guard settings.width % 2 == 0, settings.height % 2 == 0, settings.width > 0, settings.height > 0 else {
            throw MediaError(.settings, "video size \(settings.width)x\(settings.height) must be positive and even")
        }
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_alloc_output_context2(&fmt, nil, "mp4", path), .open, "cannot create MP4 \(path)")
        format = fmt
        guard let fmt else { throw MediaError(.open, "cannot create MP4 \(path)") }

        // Video: libx264, High profile, constant frame rate, target bitrate with a VBV cap.
        guard let h264 = avcodec_find_encoder_by_name("libx264") else {
            throw MediaError(.settings, "libx264 is not available in this libavcodec (install libavcodec-extra or a build with x264)")
        }
        guard let v = avcodec_alloc_context3(h264) else { throw MediaError(.settings, "cannot allocate the H.264 encoder") }
        video = v
        v.pointee.width = Int32(settings.width)
        v.pointee.height = Int32(settings.height)
        v.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
        v.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
        v.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        v.pointee.bit_rate = Int64(settings.bitrate)
        v.pointee.rc_max_rate = Int64(Double(settings.bitrate) * 1.5)
        v.pointee.rc_buffer_size = Int32(min(Int(Int32.max), settings.bitrate * 2))
        v.pointee.gop_size = Int32(settings.fps * 2)
        v.pointee.color_range = AVCOL_RANGE_MPEG
        v.pointee.colorspace = AVCOL_SPC_BT709
        v.pointee.color_primaries = AVCOL_PRI_BT709
        v.pointee.color_trc = AVCOL_TRC_BT709
        if cf_av_format_wants_global_header(fmt) != 0 { v.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        av_opt_set(v.pointee.priv_data, "preset", settings.preset.x264, 0)
        av_opt_set(v.pointee.priv_data, "profile", "high", 0)
        // Threading: two threads (ffmpeg's default is three), frame threads for screens and
        // illustrations, slice threads for footage (`x264Params`, measured 8 Dec 2026).
        // A render that shares the cores with others takes its share (`RenderTuning.sharing`).
        v.pointee.thread_count = Int32(settings.tuning.encoderThreads ?? Self.loneThreads)
        av_opt_set(v.pointee.priv_data, "x264-params", Self.x264Params(for: settings), 0)
        try AV.check(avcodec_open2(v, h264, nil), .settings, "cannot open libx264 at \(settings.width)x\(settings.height)")

        // Audio: the native AAC-LC encoder, 44.1 kHz stereo float planar.
        guard let aac = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw MediaError(.settings, "no AAC encoder in libavcodec") }
        guard let a = avcodec_alloc_context3(aac) else { throw MediaError(.settings, "cannot allocate the AAC encoder") }
        audio = a
        a.pointee.sample_rate = Int32(VideoSettings.sampleRate)
        a.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        a.pointee.bit_rate = Int64(settings.audioBitrate)
        a.pointee.time_base = AVRational(num: 1, den: Int32(VideoSettings.sampleRate))
        a.pointee.profile = FF_PROFILE_AAC_LOW
        cf_av_set_stereo_ctx(a)
        if cf_av_format_wants_global_header(fmt) != 0 { a.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        // The "fast" coder instead of the default two-loop search: measured on a poster's
        // soundtrack (ffmpeg CLI, 128 kb/s, 2026-11-25) it takes half the CPU (0.020 against
        // 0.040 CPU-s per second of audio, which a 20-minute bedtime video pays 48 s for) at the
        // same signal-to-noise ratio after decoding (63.5 against 61.9 dB).
        av_opt_set(a.pointee.priv_data, "aac_coder", "fast", 0)
        try AV.check(avcodec_open2(a, aac, nil), .settings, "cannot open the AAC encoder")
        audioFrameSize = Int(a.pointee.frame_size > 0 ? a.pointee.frame_size : 1024)

        guard let vs = avformat_new_stream(fmt, nil), let as_ = avformat_new_stream(fmt, nil) else {
            throw MediaError(.mux, "cannot add streams to \(path)")
        }
        videoStream = vs
        audioStream = as_
        try AV.check(cf_av_stream_from_encoder(vs, v), .mux, "cannot describe the video stream")
        try AV.check(cf_av_stream_from_encoder(as_, a), .mux, "cannot describe the audio stream")

        guard let af = av_frame_alloc(), let vp = av_packet_alloc(), let ap = av_packet_alloc() else {
            throw MediaError(.encode, "cannot allocate frames")
        }
        audioFrame = af; videoPacket = vp; audioPacket = ap
        af.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        af.pointee.nb_samples = Int32(audioFrameSize)
        af.pointee.sample_rate = Int32(VideoSettings.sampleRate)
        cf_av_set_stereo_frame(af)
        try AV.check(av_frame_get_buffer(af, 0), .encode, "cannot allocate an audio frame")

        try AV.check(cf_av_format_open_io(fmt, path), .open, "cannot open \(path) for writing")
        try AV.check(cf_av_write_header_faststart(fmt), .mux, "cannot write the MP4 header of \(path)")
    }

    /// libx264's threads for a render that has the machine's cores to itself.
    public static var loneThreads: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// libx264's options beyond the preset, by what the picture holds. Each input frame x264
    /// keeps costs 6 MB at 1080x1920 (the picture and its half-size lookahead planes) and each
    /// reconstructed one 10 MB, so these settings decide most of a render's memory. Measured
    /// with `factory-bench bench` on the sample week (2 cores, 2026-11-26), SSIM against the composed
    /// frames, libx264 alone at ffmpeg's defaults as the reference:
    /// - All: constant frame rate declared (every render is; x264 then holds one input frame
    ///   fewer, 6-7 MB), no B-pyramid (B-frames are never references: two fewer reconstructed
    ///   frames, SSIM within 0.0001), and 8x8 transforms in every preset so drafts are High profile.
    /// - Footage: two B-frames instead of the preset's three (12-21 % less CPU, SSIM 0.0004
    ///   lower at most); 3 frames of lookahead instead of 10 (the recipe's peak 242 -> 194 MB,
    ///   no more CPU, SSIM 0.0007 lower on the poster's zoom; 2 frames lost 0.0021 there);
    ///   diamond motion search (8 % less CPU on the poster, same SSIM). Without B-frames the
    ///   poster's SSIM fell 0.0046 and the recipe's 0.0028: they stay. Intra blocks
    ///   searched at 8x8 only (`partitions=i8x8`; the preset also tries 4x4 in every inter
    ///   frame): 14 % less time on the poster's frames and 20 % on the recipe's, SSIM within
    ///   0.00005 of the preset's (ffmpeg on the composed frames, 8 Dec 2026). Slice threads
    ///   instead of frame threads: x264 then holds no frames for a second thread, and its
    ///   lookahead runs on the calling thread (so `sync-lookahead` has nothing to set). The poster
    ///   126 against 153 MB and the recipe 132 against 161 MB (4.72-5.02 against 4.66-5.91 s,
    ///   8.11-8.31 against 8.01-8.24 s), SSIM within 0.00001; `make bench` put the recipe a little
    ///   slower (1.12-1.17 against 1.05). Before the 8x8-only intra search they left a core part
    ///   idle; the composing thread now fills some of it.
    ///   A chat ran 12 % slower with them at the same peak: screens keep frame threads.
    /// - Illustration: no B-frames, 2 frames of lookahead, diamond search in whole pixels
    ///   (`subme=0`). A bedtime story is a still picture drifting in whole 2-pixel steps under a
    ///   subtitle (`VideoSettings.Content.illustration`): a sub-pixel search finds nothing a
    ///   whole-pixel one misses, and without it x264 keeps no half-pixel planes of its
    ///   reconstructed frames (10 MB each at 1080x1920, 3.5 MB without). The sample story: 35 ->
    ///   28 s and 171 -> 129 MB, SSIM 0.00005 lower (docs/performance.md, 7 Dec 2026, late).
    ///   Before: the preset's 10 frames and 2 B-frames peaked at 254 MB; 2 B-frames with 3 frames
    ///   of lookahead cost more (ratio 1.24, 0.0012 SSIM).
    /// - Screen: no B-frames, one frame of lookahead, whole-pixel search. A chat is still between
    ///   its messages, which B-frames and lookahead cannot improve (7-9 % less CPU, peak 275 -> 183
    ///   MB), and its scrolls last 0.3 s, so a sub-pixel search paid on every frame for a few
    ///   (the item 1.09 -> 0.88 of libx264 alone and 148 -> 129 MB, SSIM 0.00001 lower; same section).
    /// The high preset keeps its own lookahead and search; it is chosen for quality.
    /// `settings.tuning.x264Params` (`FACTORY_X264_PARAMS`) replaces all of this, for measuring
    /// alternatives with `factory-bench bench`.
    static func x264Params(for settings: VideoSettings) -> String {
        if let override = settings.tuning.x264Params { return override }
        let lean = settings.preset != .high
        let frames = switch settings.content {
        case .footage: "b-pyramid=none:bframes=2" + (lean ? ":rc-lookahead=3:me=dia:partitions=i8x8:sliced-threads=1" : "")
        case .illustration: lean ? "bframes=0:rc-lookahead=2:me=dia:subme=0" : "b-pyramid=none:bframes=2"
        case .screen: "bframes=0" + (lean ? ":rc-lookahead=1:subme=0" : "")
        }
        return "force-cfr=1:8x8dct=1:" + frames
    }

    deinit {
        assert(finished || format == nil, "VideoEncoder released without finish(): \(path) is incomplete")
        release()
    }

    /// Frees every libav handle (each free takes nil, and sets what it freed to nil).
    private func release() {
        if let fmt = format { cf_av_format_close_io(fmt); avformat_free_context(fmt) }
        format = nil
        avcodec_free_context(&video)
        avcodec_free_context(&audio)
        av_frame_free(&audioFrame)
        av_packet_free(&videoPacket)
        av_packet_free(&audioPacket)
        videoStream = nil
        audioStream = nil
    }

    /// The number of video frames sent so far.
    public var frameCount: Int { Int(framesWritten) }

    /// Lets `draw` fill the next picture in place, then encodes it.
    public func encodeFrame(_ draw: (inout PictureBuffer) throws -> Void) throws {
        let frame = try ownFrame ?? makeFrame()
        ownFrame = frame
        var picture = frame.picture
        try draw(&picture)
        try encode(frame)
    }

    /// A picture of this encoder's size and format to draw into and hand back with `encode(_:)`:
    /// a caller that keeps a few of them can draw the next picture while this one is encoded,
    /// and nothing is copied on the way to libx264.
    public func makeFrame() throws -> EncoderFrame {
        try EncoderFrame(settings: settings)
    }

    /// Encodes a picture drawn into `frame`; afterwards the frame can be drawn into again.
    public func encode(_ frame: EncoderFrame) throws {
        try sendVideo(frame.frame)
        // libx264 copies the picture into its own frame while it is sent, so the buffer is
        // normally free again; if a reference remains, the next drawing gets a fresh buffer.
        try frame.makeWritable()
    }

    private func sendVideo(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        guard let video else { throw MediaError(.encode, "encoder is closed") }
        frame.pointee.pts = framesWritten
        framesWritten += 1
        try send(frame, to: video, stream: videoStream, packet: videoPacket)
    }

    /// Encodes interleaved stereo float samples (L R L R …) that follow the previous ones.
    /// Samples are buffered to whole AAC frames; the remainder is written by `finish()`.
    public func encodeAudio(_ samples: UnsafeBufferPointer<Float>) throws {
        pending.append(contentsOf: samples)
        try drainAudio(final: false)
    }

    private var pending: [Float] = []

    private func drainAudio(final: Bool) throws {
        guard let audioFrame, let audio else { return }
        let perFrame = audioFrameSize * 2
        var offset = 0
        while pending.count - offset >= perFrame || (final && pending.count - offset > 0) {
            let available = min(perFrame, pending.count - offset) / 2
            try AV.check(av_frame_make_writable(audioFrame), .encode, "audio frame not writable")
            let left = UnsafeMutableRawPointer(cf_av_frame_data(audioFrame, 0)!).assumingMemoryBound(to: Float.self)
            let right = UnsafeMutableRawPointer(cf_av_frame_data(audioFrame, 1)!).assumingMemoryBound(to: Float.self)
            pending.withUnsafeBufferPointer { src in
                for i in 0..<audioFrameSize {
                    if i < available {
                        left[i] = src[offset + 2 * i]
                        right[i] = src[offset + 2 * i + 1]
                    } else {
                        left[i] = 0; right[i] = 0
                    }
                }
            }
            audioFrame.pointee.nb_samples = Int32(audioFrameSize)
            audioFrame.pointee.pts = audioSamplesWritten
            audioSamplesWritten += Int64(audioFrameSize)
            offset += available * 2
            try send(audioFrame, to: audio, stream: audioStream, packet: audioPacket)
        }
        if offset > 0 { pending.removeFirst(offset) }
    }

    /// Encodes on the calling thread; only the muxer is shared between the two streams' threads.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?, to ctx: UnsafeMutablePointer<AVCodecContext>,
                      stream: UnsafeMutablePointer<AVStream>?, packet: UnsafeMutablePointer<AVPacket>?) throws {
        guard let format, let packet, let stream else { throw MediaError(.encode, "encoder is closed") }
        try AV.check(avcodec_send_frame(ctx, frame), .encode, "the encoder refused a frame for \(path)")
        while true {
            let rc = avcodec_receive_packet(ctx, packet)
            if rc == AV.eagain || rc == AV.eof { break }
            try AV.check(rc, .encode, "encoding failed for \(path)")
            av_packet_rescale_ts(packet, ctx.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = muxLock.withLock { av_interleaved_write_frame(format, packet) }
            try AV.check(written, .mux, "cannot write to \(path)")
        }
    }

    /// Flushes both encoders, writes the trailer (moving moov to the front) and closes the file.
    public func finish() throws {
        guard !finished, let format, let video, let audio else { return }
        finished = true
        try drainAudio(final: true)
        try send(nil, to: video, stream: videoStream, packet: videoPacket)
        try send(nil, to: audio, stream: audioStream, packet: audioPacket)
        try AV.check(av_write_trailer(format), .mux, "cannot finish \(path)")
        cf_av_format_close_io(format)
    }
}
