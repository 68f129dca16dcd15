/// BT.709 limited-range conversions between 8-bit RGB and Y'CbCr (what H.264 HD video uses).
public enum ColourMatrix {
    @inline(__always)
    public static func yuv(r: Int, g: Int, b: Int) -> (y: Int, u: Int, v: Int) {
        // Fixed point (×2^16) of 219·Kr/255 … for Kr = 0.2126, Kb = 0.0722.
        let y = (11966 * r + 40254 * g + 4064 * b + 32768) >> 16 + 16
        let u = (-6596 * r - 22189 * g + 28784 * b + 32768) >> 16 + 128
        let v = (28784 * r - 26145 * g - 2639 * b + 32768) >> 16 + 128
        return (clamp(y), clamp(u), clamp(v))
    }

    @inline(__always)
    public static func rgb(y: Int, u: Int, v: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let c = (y - 16) * 76309        // 255/219 × 2^16
        let d = u - 128, e = v - 128
        let r = (c + 117489 * e + 32768) >> 16
        let g = (c - 13975 * d - 34925 * e + 32768) >> 16
        let b = (c + 138438 * d + 32768) >> 16
        return (UInt8(clamp(r)), UInt8(clamp(g)), UInt8(clamp(b)))
    }

    @inline(__always)
    static func clamp(_ x: Int) -> Int { x < 0 ? 0 : (x > 255 ? 255 : x) }

    /// Converts a 4:2:0 picture to interleaved RGB.
    public static func rgbRaster(_ picture: PictureBuffer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
        out.withUnsafeMutableBufferPointer { dst in
            for yy in 0..<picture.height {
                let yRow = picture.y + yy * picture.yStride
                let uRow = picture.u + (yy / 2) * picture.cStride
                let vRow = picture.v + (yy / 2) * picture.cStride
                for xx in 0..<picture.width {
                    let p = rgb(y: Int(yRow[xx]), u: Int(uRow[xx / 2]), v: Int(vRow[xx / 2]))
                    let i = (yy * picture.width + xx) * 3
                    dst[i] = p.r; dst[i + 1] = p.g; dst[i + 2] = p.b
                }
            }
        }
        return out
    }
}
