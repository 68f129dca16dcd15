import CAV
import CAVShim

/// The three planes of one 4:2:0 picture (BT.709, limited range), borrowed for drawing.
public struct PictureBuffer {
    public let width: Int
    public let height: Int
    public let y: UnsafeMutablePointer<UInt8>
    public let u: UnsafeMutablePointer<UInt8>
    public let v: UnsafeMutablePointer<UInt8>
    public let yStride: Int
    public let cStride: Int

    init(frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) {
        self.width = width
        self.height = height
        y = cf_av_frame_data(frame, 0)
        u = cf_av_frame_data(frame, 1)
        v = cf_av_frame_data(frame, 2)
        yStride = Int(cf_av_frame_linesize(frame, 0))
        cStride = Int(cf_av_frame_linesize(frame, 1))
    }

    public init(width: Int, height: Int, y: UnsafeMutablePointer<UInt8>, u: UnsafeMutablePointer<UInt8>,
                v: UnsafeMutablePointer<UInt8>, yStride: Int, cStride: Int) {
        self.width = width
        self.height = height
        self.y = y
        self.u = u
        self.v = v
        self.yStride = yStride
        self.cStride = cStride
    }
}
