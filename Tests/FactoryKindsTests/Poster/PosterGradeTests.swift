import FactoryCore
import FactoryImaging
@testable import FactoryKinds
import Testing

/// The background's grade goes on whichever has fewer pixels, the picture or the frame; either way
/// it looks as the grade applied to the scaled picture does (the order changes only rounding).
/// Pictures of the frame's shape, so the smart crop has nothing to choose.
@Suite struct PosterGradeTests {
    /// A picture with smooth gradients, a saturated patch and near-white and near-black corners.
    static func picture(width: Int, height: Int) throws -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                let (u, v) = (Double(x) / Double(width), Double(y) / Double(height))
                let patch = u > 0.3 && u < 0.6 && v > 0.4 && v < 0.7
                pixels[i] = patch ? 220 : UInt8(255 * u)
                pixels[i + 1] = patch ? 40 : UInt8(255 * v)
                pixels[i + 2] = patch ? 60 : UInt8(255 * (1 - u) * v)
            }
        }
        return try Image.from(pixels: pixels, width: width, height: height, bands: 3)
    }

    @Test(arguments: [(288, 512), (1620, 2880)])
    func eitherOrderGradesAlike(width: Int, height: Int) throws {
        let picture = try Self.picture(width: width, height: height)
        let (w, h) = Format.story.size
        let ours = try PosterLayout.graded(picture, format: .story).pixels()
        let reference = try picture.srgb().flatten().cover(width: w, height: h).saturated(1.06)
            .adjusted(brightness: -6, contrast: 1.04).materialised().pixels()
        #expect(ours.width == w && ours.height == h && reference.width == w && reference.height == h)
        let diffs = zip(ours.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }
        let mean = Double(diffs.reduce(0, +)) / Double(max(1, diffs.count))
        // Rounding, and the resampler's overshoot clipped before or after the grade at the patch's edges.
        #expect(mean < 0.6 && (diffs.max() ?? 0) <= 12, "\(width)x\(height): \(mean) apart on average, \(diffs.max() ?? 0) at most")
        // The grade is there: a plain scaled picture is further away.
        let plain = try picture.srgb().flatten().cover(width: w, height: h).materialised().pixels()
        let away = Double(zip(ours.pixels, plain.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, diffs.count))
        #expect(away > 2 * mean + 1, "graded \(away) from the plain picture against \(mean) from the reference")
    }
}
