import FactoryImaging
import Testing

/// The n-ary composite must give what a chain of two-image composites gives (to rounding).
@Suite struct CompositeTests {
    static func image(_ w: Int, _ h: Int, bands: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> Image {
        var bytes: [UInt8] = []
        for y in 0..<h { for x in 0..<w { bytes += pixel(x, y) } }
        return try Image.from(pixels: bytes, width: w, height: h, bands: bands)
    }

    @Test func oneCompositeMatchesTheChain() throws {
        let base = try Self.image(64, 48, bands: 3) { x, y in [UInt8(x * 4), UInt8(y * 5), 90] }
        // Half-transparent red square, an opaque white bar, a soft ramp: overlapping, and one
        // hanging over the right edge (clipped).
        let red = try Self.image(20, 20, bands: 4) { _, _ in [220, 30, 40, 128] }
        let bar = try Self.image(40, 6, bands: 4) { _, _ in [255, 255, 255, 255] }
        let ramp = try Self.image(30, 30, bands: 4) { x, _ in [10, 200, 60, UInt8(x * 8)] }
        let overlays: [(image: Image, x: Int, y: Int)] = [(red, 5, 5), (bar, 10, 15), (ramp, 50, 20)]

        var chained = base
        for o in overlays { chained = try chained.composited(o.image, x: o.x, y: o.y) }
        let one = try base.composited(overlays)
        let a = try chained.flatten().pixels(), b = try one.flatten().pixels()
        #expect(a.width == b.width && a.height == b.height && a.bands == b.bands)
        let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst)")
        // Each overlay really landed: the bar's pixels are white, the base's corner is untouched.
        #expect(Array(b.pixels[(17 * 64 + 20) * 3..<(17 * 64 + 20) * 3 + 3]) == [255, 255, 255])
        #expect(Array(b.pixels[0..<3]) == [0, 0, 90])
        #expect(try base.composited([]).pixels() == base.pixels())
    }
}
