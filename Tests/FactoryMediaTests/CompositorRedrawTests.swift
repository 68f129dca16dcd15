import FactoryImaging
import FactoryMedia
import Testing

/// Drawing only what changed since a picture was last drawn gives the same bytes as drawing the
/// whole frame, frame after frame, through a ring of pictures as a render reuses them.
@Suite struct CompositorRedrawTests {
    static let width = 192, height = 128

    /// Seeded noise in RGBA (alpha as given, or noisy too), so any misplaced sample shows.
    static func noise(_ w: Int, _ h: Int, seed: Int, alpha: UInt8? = 255) -> LayerPixels {
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var pixels: [UInt8] = []
        pixels.reserveCapacity(w * h * 4)
        for _ in 0..<(w * h) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            pixels += [UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16),
                       alpha ?? UInt8(truncatingIfNeeded: state >> 24)]
        }
        return LayerPixels(raster: Raster(width: w, height: h, bands: 4, pixels: pixels))
    }

    /// What a bedtime story, a chat and a recipe put on screen, in one scene: a picture drifting in
    /// 2-pixel steps, a translucent veil, words that change (a sequence), a masked progress bar, a
    /// card that fades out, a sticker sliding by fractions of a pixel, one that appears and goes,
    /// and a zoom that starts half-way. Between the picture's steps only the lower third changes.
    static func scene(covered: Bool) -> Scene {
        let w = Double(width), h = Double(height), duration = 3.0
        var layers: [Layer] = []
        if covered {
            let steps = (0...6).map { Track.Key(duration * Double($0) / 6, -Double($0 * 2), .hold) }
            layers.append(Layer(noise(width + 40, height + 40, seed: 1), x: Track(steps), y: Track(steps), anchorX: 0, anchorY: 0))
        }
        layers.append(.placed(noise(width, 50, seed: 2, alpha: nil), left: 0, top: h - 50))
        var words = Layer(noise(4, 4, seed: 3), x: .constant(w / 2), y: .constant(h - 30))
        let versions = (0..<9).map { noise(40 + 4 * $0, 14, seed: 10 + $0, alpha: nil) }
        words.sequence = PixelSequence(times: (0..<9).map { 0.2 + Double($0) * 0.31 }) { versions[$0] }
        layers.append(words)
        var bar = Layer.placed(noise(80, 5, seed: 4), left: 56, top: h - 12)
        bar.mask = .rect(x: .constant(56), y: .constant(h - 13), width: .ramp(0, 80, start: 0, duration: duration), height: .constant(8))
        layers.append(bar)
        layers.append(.placed(noise(width, height, seed: 5, alpha: nil), left: 0, top: 0,
                              opacity: Track([.init(0, 1), .init(0.4, 1, .easeInOut), .init(0.7, 0)]), end: 0.7))
        layers.append(Layer(noise(16, 16, seed: 6, alpha: nil), x: .ramp(10, 41.3, start: 0.8, duration: 0.9), y: .constant(h - 24)))
        layers.append(.placed(noise(18, 18, seed: 7), left: 150, top: h - 40, start: 1.1, end: 1.6))
        layers.append(Layer(noise(16, 16, seed: 8, alpha: nil), x: .constant(176), y: .constant(h - 20),
                            scale: Track([.init(0, 1), .init(1.8, 1), .init(3, 1.5)])))
        return Scene(width: width, height: height, duration: duration, layers: layers, background: (30, 60, 90))
    }

    struct Picture {
        var y: [UInt8], u: [UInt8], v: [UInt8]
        init() {
            y = [UInt8](repeating: 7, count: width * height)
            u = [UInt8](repeating: 7, count: width * height / 4)
            v = u
        }
        mutating func draw(_ body: (inout PictureBuffer) -> Void) {
            y.withUnsafeMutableBufferPointer { yb in u.withUnsafeMutableBufferPointer { ub in v.withUnsafeMutableBufferPointer { vb in
                var p = PictureBuffer(width: width, height: height, y: yb.baseAddress!, u: ub.baseAddress!, v: vb.baseAddress!,
                                      yStride: width, cStride: width / 2)
                body(&p)
            } } }
        }
    }

    @Test(arguments: [true, false])
    func onlyWhatChangedIsDrawnAndTheBytesAreTheSame(covered: Bool) {
        let scene = Self.scene(covered: covered)
        var ring = [Picture(), Picture(), Picture()]
        var drawn: [Compositor.Drawn?] = [nil, nil, nil]
        var mismatched: [Int] = [], partial = 0
        for index in 0..<90 {
            let t = Double(index) / 30
            let slot = index % 3
            ring[slot].draw { drawn[slot] = Compositor.draw(scene, at: t, into: &$0, over: drawn[slot]) }
            if let region = drawn[slot]?.region, region.area < Self.width * Self.height { partial += 1 }
            var whole = Picture()
            whole.draw { Compositor.draw(scene, at: t, into: &$0) }
            if whole.y != ring[slot].y || whole.u != ring[slot].u || whole.v != ring[slot].v { mismatched.append(index) }
        }
        #expect(mismatched.isEmpty, "frames drawn over their ring slot differ from whole draws at \(mismatched)")
        // Most frames were drawn in part (the first three, the card's fade and the picture's steps in full).
        #expect(partial > 50, "only \(partial) of 90 frames were drawn in part")
    }

    /// The region redrawn is the changed layers' rectangles, not the frame: a still picture under a
    /// word that changes redraws around the word alone, and an unchanged frame draws nothing.
    @Test func theRegionIsWhereTheChangeIs() {
        let w = Self.width, h = Self.height
        var words = Layer(Self.noise(4, 4, seed: 3), x: .constant(Double(w) / 2), y: .constant(20))
        let versions = [Self.noise(40, 16, seed: 20, alpha: nil), Self.noise(50, 16, seed: 21, alpha: nil)]
        words.sequence = PixelSequence(times: [0, 1]) { versions[$0] }
        let scene = Scene(width: w, height: h, duration: 2, layers: [.placed(Self.noise(w, h, seed: 1), left: 0, top: 0), words])
        var picture = Picture()
        var first: Compositor.Drawn?
        picture.draw { first = Compositor.draw(scene, at: 0.5, into: &$0, over: nil) }
        // Scribble where nothing changes: a drawing that touched it would repair it.
        picture.y[5 * w + 5] = 0
        var again: Compositor.Drawn?
        picture.draw { again = Compositor.draw(scene, at: 0.9, into: &$0, over: first) }
        #expect(picture.y[5 * w + 5] == 0, "an unchanged frame was drawn again")
        picture.y[20 * w + w / 2] = 0
        picture.y[100 * w + 5] = 0
        picture.draw { _ = Compositor.draw(scene, at: 1.5, into: &$0, over: again) }
        #expect(picture.y[20 * w + w / 2] != 0, "the changed word's rectangle was not drawn")
        #expect(picture.y[100 * w + 5] == 0, "far from the word, the picture was drawn again")
    }
}
