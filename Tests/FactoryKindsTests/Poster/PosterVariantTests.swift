import FactoryCore
import FactoryImaging
@testable import FactoryKinds
import Testing

/// A poster's other variants reuse the main layout's text and plates: the still of a variant must be
/// the one a layout made from scratch over that picture would give, pixel for pixel.
@Suite struct PosterVariantTests {
    static func picture(_ rgb: (UInt8, UInt8, UInt8), stripe: Int) throws -> Image {
        let w = 96, h = 160
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                let band = (x / stripe) % 2 == 0
                pixels[i] = band ? rgb.0 : rgb.0 / 2
                pixels[i + 1] = band ? rgb.1 : rgb.1 / 2
                pixels[i + 2] = band ? rgb.2 : rgb.2 / 2
            }
        }
        return try Image.from(pixels: pixels, width: w, height: h, bands: 3)
    }

    @Test func variantStillMatchesALayoutMadeFromScratch() throws {
        let brand = Brand(handle: "@dailyquotes", watermark: true)
        func make(_ image: Image) throws -> PosterLayout {
            try PosterLayout.make(image: image, format: .square, series: .thursdayTherapy, quote: "Rest is part of the work.",
                                  attribution: "Ada", brand: brand)
        }
        let first = try Self.picture((240, 200, 210), stripe: 8), second = try Self.picture((30, 90, 160), stripe: 20)
        var main = try make(first)
        main.plates = ["quote": 0.45]
        let variant = try main.over(second, format: .square)
        var scratch = try make(second)
        scratch.plates = main.plates

        // As a run makes it: over the main layout's overlays (plates included), rendered once.
        let ours = try variant.still(overlays: try main.overlays()).pixels(), reference = try scratch.still().pixels()
        #expect(ours.width == reference.width && ours.height == reference.height)
        // Compared first, then expected: a failing #expect on the arrays themselves would print
        // millions of elements.
        let same = ours.pixels == reference.pixels
        #expect(same, "a variant's still differs from its layout made from scratch")
        // The picture did change: the variant is not the main still again.
        let changed = try main.still().pixels().pixels != ours.pixels
        #expect(changed)
        #expect(variant.textElements.map(\.inkBox) == main.textElements.map(\.inkBox))
    }
}
