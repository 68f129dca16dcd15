import CAV
import CAVShim

/// Decodes chosen frames of a video back to RGB, for covers, review and checks.
public enum FrameDecoder {
    /// The frames nearest to each of `times` (seconds), as RGB rasters (3 bands).
    public static func frames(path: String, at times: [Double]) throws -> [(time: Double, width: Int, height: Int, rgb: [UInt8])] {
        let video = try VideoDecoding(path: path)
        let wanted = times.sorted()
        var next = 0
        var results: [(time: Double, width: Int, height: Int, rgb: [UInt8])] = []
        try video.forEachFrame { frame, t in
            while next < wanted.count && wanted[next] < t + video.frameDuration / 2 {
                let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
                results.append((wanted[next], w, h, ColourMatrix.rgbRaster(PictureBuffer(frame: frame, width: w, height: h))))
                next += 1
            }
            return next < wanted.count
        }
        return results
    }
}
