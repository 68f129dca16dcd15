import FactoryImaging
import FactoryMedia
import Testing

/// Frames sampled at chosen instants: movement, fades, scaling and masks land where expected.
@Suite struct CompositorTests {
    /// A solid RGB(A) block as layer pixels.
    static func block(_ w: Int, _ h: Int, _ rgb: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) -> LayerPixels {
        var pixels: [UInt8] = []
        for _ in 0..<(w * h) { pixels += [rgb.0, rgb.1, rgb.2, alpha] }
        return LayerPixels(raster: Raster(width: w, height: h, bands: 4, pixels: pixels))
    }

    static func pixel(_ rgb: [UInt8], width: Int, x: Int, y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 12) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    let width = 160, height = 96

    func scene(_ layers: [Layer]) -> Scene {
        Scene(width: width, height: height, duration: 1, layers: [
            .placed(Self.block(width, height, (200, 30, 30)), left: 0, top: 0),
        ] + layers)
    }

    @Test func layerMovesAlongItsKeyframes() {
        let square = Layer(Self.block(20, 20, (20, 40, 220)), x: .ramp(20, 140, start: 0, duration: 1), y: .constant(48))
        let s = scene([square])
        let early = SceneRenderer.snapshot(s, at: 0), middle = SceneRenderer.snapshot(s, at: 0.5)
        #expect(Self.near(Self.pixel(early, width: width, x: 20, y: 48), (20, 40, 220)))
        #expect(Self.near(Self.pixel(early, width: width, x: 80, y: 48), (200, 30, 30)))
        #expect(Self.near(Self.pixel(middle, width: width, x: 80, y: 48), (20, 40, 220)))
        #expect(Self.near(Self.pixel(middle, width: width, x: 20, y: 48), (200, 30, 30)))
    }

    @Test func opacityFadesLinearly() {
        let white = Layer(Self.block(40, 40, (255, 255, 255)), x: .constant(80), y: .constant(48), opacity: .ramp(0, 1, start: 0, duration: 1))
        let half = SceneRenderer.snapshot(scene([white]), at: 0.5)
        let p = Self.pixel(half, width: width, x: 80, y: 48)
        // Half-way between the red background and white.
        #expect(Self.near(p, (228, 142, 142), 14), "\(p)")
    }

    @Test func scaleGrowsAboutTheAnchor() {
        let square = Layer(Self.block(20, 20, (30, 200, 40)), x: .constant(80), y: .constant(48), scale: .ramp(1, 3, start: 0, duration: 1))
        let s = scene([square])
        #expect(Self.near(Self.pixel(SceneRenderer.snapshot(s, at: 0), width: width, x: 104, y: 48), (200, 30, 30)))
        #expect(Self.near(Self.pixel(SceneRenderer.snapshot(s, at: 1), width: width, x: 104, y: 48), (30, 200, 40)))
    }

    @Test func springOvershootsThenSettles() {
        #expect(Easing.spring.progress(0.4) > 1.05)
        #expect(abs(Easing.spring.progress(1) - 1) < 1e-9)
        #expect(Easing.easeInOut.progress(0.5) == 0.5)
        #expect(Easing.linear.progress(0.25) == 0.25)
        #expect(Track.ramp(0, 10, start: 1, duration: 2).value(at: 2) == 5)
        #expect(Track.ramp(0, 10, start: 1, duration: 2).value(at: 5) == 10)
    }

    @Test func circleMaskRevealsFromTheCentre() {
        let mask = Mask.circle(centreX: .constant(80), centreY: .constant(48), radius: .ramp(0, 100, start: 0, duration: 1))
        let white = Layer(Self.block(width, height, (255, 255, 255)), x: .constant(80), y: .constant(48), mask: mask)
        let frame = SceneRenderer.snapshot(scene([white]), at: 0.3)   // radius 30
        #expect(Self.near(Self.pixel(frame, width: width, x: 80, y: 48), (255, 255, 255)))
        #expect(Self.near(Self.pixel(frame, width: width, x: 80 + 20, y: 48), (255, 255, 255)))
        #expect(Self.near(Self.pixel(frame, width: width, x: 80 + 45, y: 48), (200, 30, 30)))
    }

    @Test func transparentLayerKeepsBackgroundUnderItsHoles() {
        let ghost = Layer(Self.block(40, 40, (0, 0, 0), alpha: 0), x: .constant(80), y: .constant(48))
        let frame = SceneRenderer.snapshot(scene([ghost]), at: 0.5)
        #expect(Self.near(Self.pixel(frame, width: width, x: 80, y: 48), (200, 30, 30)))
    }

    /// The conversion reads rasters through an unchecked pointer: a raster shorter than its size
    /// says must stop the process, not be read past its end.
    @Test func rasterShorterThanItsSizeIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = LayerPixels(raster: Raster(width: 8, height: 8, bands: 4, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4 - 1)))
        }
        await #expect(processExitsWith: .failure) {
            _ = LayerPixels(raster: Raster(width: 2, height: 2, bands: 5, pixels: [UInt8](repeating: 255, count: 20)))
        }
        // The exact size is accepted.
        let fine = LayerPixels(raster: Raster(width: 8, height: 8, bands: 4, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4)))
        #expect(fine.opaque && fine.width == 8)
    }
}
