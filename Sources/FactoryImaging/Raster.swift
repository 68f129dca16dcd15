/// Interleaved 8-bit pixels read out of an image (RGB or RGBA), for the compositor and for checks.
public struct Raster: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let bands: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bands: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.bands = bands
        self.pixels = pixels
    }

    /// The pixel at (x, y) as RGBA (alpha 255 when the raster has none).
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * bands
        switch bands {
        case 1: return (pixels[i], pixels[i], pixels[i], 255)
        case 2: return (pixels[i], pixels[i], pixels[i], pixels[i + 1])
        case 3: return (pixels[i], pixels[i + 1], pixels[i + 2], 255)
        default: return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
    }

    /// Mean of each of the first three channels over a rectangle, in 0–255.
    public func mean(x: Int, y: Int, width w: Int, height h: Int) -> (r: Double, g: Double, b: Double) {
        var sums = (0.0, 0.0, 0.0)
        var count = 0.0
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) {
                let p = rgba(x: xx, y: yy)
                sums.0 += Double(p.r); sums.1 += Double(p.g); sums.2 += Double(p.b)
                count += 1
            }
        }
        guard count > 0 else { return (0, 0, 0) }
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }

    /// Luma standard deviation over a rectangle: near zero for flat areas, high for text or detail.
    public func lumaDeviation(x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var sum = 0.0, sumSq = 0.0, count = 0.0
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) {
                let p = rgba(x: xx, y: yy)
                let l = 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
                sum += l; sumSq += l * l; count += 1
            }
        }
        guard count > 1 else { return 0 }
        let mean = sum / count
        return (max(0, sumSq / count - mean * mean)).squareRoot()
    }

    /// The smallest rectangle holding every pixel with alpha above `threshold` (nil when empty).
    public func opaqueBounds(threshold: UInt8 = 8) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard bands == 4 || bands == 2 else { return (0, 0, width, height) }
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * bands + bands - 1] > threshold {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
