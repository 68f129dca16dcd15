import CAV
import CAVShim

/// One 4:2:0 picture in a libav frame of the encoder's size: drawn into by the compositor and
/// sent to libx264 as it is (no copy on our side).
///
/// Owns its `AVFrame` (freed in `deinit`). `@unchecked Sendable`: a frame is used by one thread
/// at a time; `FramePipeline` hands it between the drawing and the encoding thread through
/// semaphores, which order every access to it.
public final class EncoderFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    private let settings: VideoSettings
    /// What the picture holds (for drawing only what changes); forgotten when its buffer is replaced.
    var drawn: Compositor.Drawn?

    init(settings: VideoSettings) throws {
        guard let f = av_frame_alloc() else { throw MediaError(.encode, "cannot allocate a video frame") }
        frame = f
        self.settings = settings
        try Self.allocate(f, settings: settings)
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// The planes to draw into (valid until the frame is next encoded).
    public var picture: PictureBuffer { PictureBuffer(frame: frame, width: settings.width, height: settings.height) }

    /// Gives `frame` a fresh yuv420p buffer of the settings' size, BT.709 limited range.
    static func allocate(_ frame: UnsafeMutablePointer<AVFrame>, settings: VideoSettings) throws {
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(settings.width)
        frame.pointee.height = Int32(settings.height)
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace = AVCOL_SPC_BT709
        try AV.check(av_frame_get_buffer(frame, 0), .encode, "cannot allocate a video frame")
    }

    /// When the encoder still holds the frame's buffer, swaps in a fresh one instead of copying
    /// pixels that are about to be overwritten anyway.
    func makeWritable() throws {
        guard av_frame_is_writable(frame) == 0 else { return }
        drawn = nil
        av_frame_unref(frame)
        try Self.allocate(frame, settings: settings)
    }
}
