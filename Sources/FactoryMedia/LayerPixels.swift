import FactoryImaging

/// A layer rasterised once into premultiplied 4:2:0 planes with alpha, ready to be placed, scaled
/// and faded every frame without touching libvips again.
///
/// Transparent layers carry a 2-pixel transparent margin so bilinear sampling fades out at the
/// edges; `margin` says how much to shift when placing them. Opaque layers carry no alpha planes
/// at all (`a` and `ca` are empty): the compositor never reads alpha for them.
public final class LayerPixels: Sendable {
    public let width: Int
    public let height: Int
    public let chromaWidth: Int
    public let chromaHeight: Int
    /// The size of the content without the margin.
    public let contentWidth: Int
    public let contentHeight: Int
    public let margin: Int
    public let opaque: Bool
    let y: [UInt8]
    let a: [UInt8]
    let u: [UInt8]
    let v: [UInt8]
    let ca: [UInt8]

    /// Converts an RGB or RGBA raster (straight alpha, as libvips gives it).
    public init(raster: Raster) {
        // The conversion below reads the raster through an unchecked pointer: its size is checked once here.
        precondition((1...4).contains(raster.bands) && raster.width >= 0 && raster.height >= 0
                     && raster.pixels.count >= raster.width * raster.height * raster.bands,
                     "a \(raster.width)x\(raster.height) raster of \(raster.bands) bands holds \(raster.pixels.count) bytes")
        let hasAlpha = raster.bands == 4 || raster.bands == 2
        var isOpaque = true
        if hasAlpha {
            var i = raster.bands - 1
            while i < raster.pixels.count { if raster.pixels[i] != 255 { isOpaque = false; break }; i += raster.bands }
        }
        opaque = isOpaque
        margin = isOpaque ? 0 : 2
        contentWidth = raster.width
        contentHeight = raster.height
        // Even sizes keep luma and chroma aligned.
        let w = raster.width + 2 * margin, h = raster.height + 2 * margin
        width = w + (w & 1)
        height = h + (h & 1)
        chromaWidth = width / 2
        chromaHeight = height / 2
        var yp = [UInt8](repeating: isOpaque ? 16 : 0, count: width * height)
        var ap = [UInt8](repeating: 0, count: isOpaque ? 0 : width * height)
        var up = [UInt8](repeating: isOpaque ? 128 : 0, count: chromaWidth * chromaHeight)
        var vp = up
        var cap = [UInt8](repeating: 0, count: isOpaque ? 0 : chromaWidth * chromaHeight)
        // One 2×2 block at a time: its luma (and alpha) written, its premultiplied chroma summed
        // in registers. Raw pointers (sizes checked above), and the band count looked at once per pixel by a
        // predictable branch: this runs once per layer, over up to a whole frame.
        let m = margin, W = width, bands = raster.bands, rw = raster.width, rh = raster.height
        let cw = chromaWidth, ch = chromaHeight
        raster.pixels.withUnsafeBufferPointer { src in
            yp.withUnsafeMutableBufferPointer { Y in
                ap.withUnsafeMutableBufferPointer { A in
                    up.withUnsafeMutableBufferPointer { U in
                        vp.withUnsafeMutableBufferPointer { V in
                            cap.withUnsafeMutableBufferPointer { CA in
                                for cy in 0..<ch {
                                    for cx in 0..<cw {
                                        var uSum = 0, vSum = 0, aSum = 0
                                        for y in (2 * cy)..<(2 * cy + 2) where y - m >= 0 && y - m < rh {
                                            let row = (y - m) * rw
                                            for x in (2 * cx)..<(2 * cx + 2) where x - m >= 0 && x - m < rw {
                                                let i = (row + x - m) * bands
                                                let r: Int, g: Int, b: Int, alpha: Int
                                                switch bands {
                                                case 1: r = Int(src[i]); g = r; b = r; alpha = 255
                                                case 2: r = Int(src[i]); g = r; b = r; alpha = Int(src[i + 1])
                                                case 3: r = Int(src[i]); g = Int(src[i + 1]); b = Int(src[i + 2]); alpha = 255
                                                default: r = Int(src[i]); g = Int(src[i + 1]); b = Int(src[i + 2]); alpha = Int(src[i + 3])
                                                }
                                                let (yy, uu, vv) = ColourMatrix.yuv(r: r, g: g, b: b)
                                                Y[y * W + x] = UInt8(truncatingIfNeeded: (yy * alpha + 127) / 255)
                                                if !isOpaque { A[y * W + x] = UInt8(truncatingIfNeeded: alpha) }
                                                uSum += uu * alpha
                                                vSum += vv * alpha
                                                aSum += alpha
                                            }
                                        }
                                        let ci = cy * cw + cx
                                        if isOpaque {
                                            // Padding pixels, if any, take the block's real ones.
                                            if aSum > 0 {
                                                U[ci] = UInt8(truncatingIfNeeded: uSum / aSum)
                                                V[ci] = UInt8(truncatingIfNeeded: vSum / aSum)
                                            }
                                        } else {
                                            // Premultiplied by the block's mean alpha: Σ(c·a)/4/255.
                                            U[ci] = UInt8(min(255, (uSum / 4 + 127) / 255))
                                            V[ci] = UInt8(min(255, (vSum / 4 + 127) / 255))
                                            CA[ci] = UInt8(min(255, aSum / 4))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if isOpaque {
            // An odd size was padded to even: repeat the last column and row so the padding is
            // not a black line when the layer is drawn.
            if width > contentWidth {
                for y in 0..<contentHeight { yp[y * W + contentWidth] = yp[y * W + contentWidth - 1] }
            }
            if height > contentHeight {
                for x in 0..<width { yp[contentHeight * W + x] = yp[(contentHeight - 1) * W + x] }
            }
        }
        y = yp; a = ap; u = up; v = vp; ca = cap
    }

    /// Opaque pixels straight from 8-bit 4:2:0 planes (BT.709 limited range, as a decoder or
    /// libswscale writes them), without a round trip through RGB. The size must be even and the
    /// planes exactly width×height (Y) and width/2×height/2 (U, V).
    public convenience init(width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8]) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw MediaError(.settings, "4:2:0 planes need an even size, not \(width)x\(height)")
        }
        guard y.count == width * height, u.count == width * height / 4, v.count == u.count else {
            throw MediaError(.settings, "planes of \(y.count), \(u.count) and \(v.count) bytes do not make a \(width)x\(height) 4:2:0 picture")
        }
        self.init(checkedWidth: width, height: height, y: y, u: u, v: v)
    }

    /// Opaque planes whose sizes the caller has checked.
    init(checkedWidth width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8]) {
        self.width = width
        self.height = height
        chromaWidth = width / 2
        chromaHeight = height / 2
        contentWidth = width
        contentHeight = height
        margin = 0
        opaque = true
        self.y = y; self.u = u; self.v = v
        a = []; ca = []
    }

    /// Rasterises a libvips image.
    public convenience init(image: Image) throws {
        self.init(raster: try image.srgb().pixels())
    }
}

extension LayerPixels {
    /// The mean colour of the content as RGB 0–255 (BT.709 limited range), for checks and tests.
    public var averageColour: (r: Double, g: Double, b: Double) {
        var ys = 0.0, us = 0.0, vs = 0.0
        for i in 0..<y.count { ys += Double(y[i]) }
        for i in 0..<u.count { us += Double(u[i]); vs += Double(v[i]) }
        let Y = (ys / Double(max(1, y.count)) - 16) * 255 / 219
        let U = (us / Double(max(1, u.count)) - 128) * 255 / 224, V = (vs / Double(max(1, v.count)) - 128) * 255 / 224
        return (Y + 1.5748 * V, Y - 0.1873 * U - 0.4681 * V, Y + 1.8556 * U)
    }
}
