import CAV
import CAVShim

/// Scales decoded frames to FILL a target size: the largest centred part of the frame with the
/// target's shape (square pixels after the sample aspect ratio) is scaled by libswscale straight
/// into the planes of opaque `LayerPixels`. Owns its cached `SwsContext`.
final class ClipScaler {
    let width: Int
    let height: Int
    private var context: OpaquePointer?

    /// `width` and `height` must be positive and even (checked by the caller).
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit { sws_freeContext(context) }

    /// The part of a `sourceWidth`×`sourceHeight` picture (pixels `aspect` wide per unit of height)
    /// that fills `width`×`height` when scaled: centred, even, inside the source.
    static func crop(sourceWidth: Int, sourceHeight: Int, aspect: Double, width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, height: Int) {
        let shown = Double(sourceWidth) * aspect            // display width in square pixels
        let scale = max(Double(width) / shown, Double(height) / Double(sourceHeight))
        func even(_ v: Double, limit: Int) -> Int { min(limit, max(2, Int(v / 2) * 2)) }
        let w = even(Double(width) / (scale * aspect), limit: sourceWidth)
        let h = even(Double(height) / scale, limit: sourceHeight)
        return ((sourceWidth - w) / 2 & ~1, (sourceHeight - h) / 2 & ~1, w, h)
    }

    /// The frame cropped and scaled to the target size.
    func fill(_ frame: UnsafeMutablePointer<AVFrame>, path: String) throws -> LayerPixels {
        let sw = Int(frame.pointee.width), sh = Int(frame.pointee.height)
        guard sw > 0, sh > 0 else { throw MediaError(.decode, "clip \(path) has a frame without a size") }
        let sar = frame.pointee.sample_aspect_ratio
        let aspect = sar.num > 0 && sar.den > 0 ? Double(sar.num) / Double(sar.den) : 1
        let rect = Self.crop(sourceWidth: sw, sourceHeight: sh, aspect: aspect, width: width, height: height)
        var y = [UInt8](repeating: 0, count: width * height)
        var u = [UInt8](repeating: 128, count: width * height / 4), v = u
        let rc = y.withUnsafeMutableBufferPointer { yp in u.withUnsafeMutableBufferPointer { up in
            v.withUnsafeMutableBufferPointer { vp in
                cf_av_scale_crop_yuv420p(&context, frame, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                                         yp.baseAddress, up.baseAddress, vp.baseAddress, Int32(width), Int32(height))
            } } }
        try AV.check(rc, .decode, "cannot scale the frames of clip \(path) to \(width)x\(height)")
        return LayerPixels(checkedWidth: width, height: height, y: y, u: u, v: v)
    }
}
