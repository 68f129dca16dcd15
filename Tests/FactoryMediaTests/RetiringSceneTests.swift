import FactoryImaging
@testable import FactoryMedia
import Testing

/// A render lets go of each layer once no later frame shows it, and draws the same bytes as
/// with the whole scene.
@Suite struct RetiringSceneTests {
    typealias Picture = CompositorRedrawTests.Picture

    /// A card shown for the first 0.7 s, a sticker from 1.1 to 1.6 s and the rest to the end
    /// (`CompositorRedrawTests.scene`), through a ring of three pictures as a render draws them:
    /// each layer goes once the frame after its end is reached, no sooner.
    @Test func endedLayersGoOnceNoLaterFrameShowsThem() {
        let fps = 30.0
        weak var card: LayerPixels?, sticker: LayerPixels?
        let live: RetiringScene
        do {
            // Handed over: nothing but the retiring scene holds the layers after this block.
            let scene = CompositorRedrawTests.scene(covered: true)
            let ended = scene.layers.filter { $0.end.isFinite }
            #expect(ended.count == 2)
            card = ended.first?.pixels
            sticker = ended.last?.pixels
            live = RetiringScene(scene, ring: 3)
        }
        #expect(card != nil && sticker != nil)
        let layers = live.scene.layers.count
        var drawn: [Compositor.Drawn?] = [nil, nil, nil]
        var ring = [Picture(), Picture(), Picture()]
        var cardGone: Int?, stickerGone: Int?
        for index in 0..<90 {
            let slot = index % 3
            ring[slot].draw { drawn[slot] = Compositor.draw(live.scene, at: Double(index) / fps, into: &$0, over: drawn[slot]) }
            live.drawn(index, fps: fps)
            if cardGone == nil && card == nil { cardGone = index }
            if stickerGone == nil && sticker == nil { stickerGone = index }
        }
        #expect(live.retired == 2)
        #expect(live.scene.layers.count == layers - 2)
        // The card's last frame is 20 (0.667 s); the ring remembers it until slot 20 % 3 is drawn
        // again, at frame 23. The sticker's last frame is 47 (1.567 s), remembered until frame 50.
        #expect(cardGone == 23, "the card's pixels were freed after frame \(cardGone.map(String.init) ?? "never")")
        #expect(stickerGone == 50, "the sticker's pixels were freed after frame \(stickerGone.map(String.init) ?? "never")")
    }

    /// Letting layers go changes no pixel: every frame equals a whole draw of the full scene.
    @Test func theFramesAreTheSame() {
        let scene = CompositorRedrawTests.scene(covered: true)
        let live = RetiringScene(scene, ring: 3)
        var drawn: [Compositor.Drawn?] = [nil, nil, nil]
        var ring = [Picture(), Picture(), Picture()]
        var mismatched: [Int] = []
        for index in 0..<90 {
            let t = Double(index) / 30, slot = index % 3
            ring[slot].draw { drawn[slot] = Compositor.draw(live.scene, at: t, into: &$0, over: drawn[slot]) }
            live.drawn(index, fps: 30)
            var whole = Picture()
            whole.draw { Compositor.draw(scene, at: t, into: &$0) }
            if whole.y != ring[slot].y || whole.u != ring[slot].u || whole.v != ring[slot].v { mismatched.append(index) }
        }
        #expect(live.retired == 2)
        #expect(mismatched.isEmpty, "frames differ from the full scene's at \(mismatched)")
    }

    /// A still of one instant keeps only the layers it shows, and draws the same picture.
    @Test func aStillKeepsOnlyWhatItShows() {
        let scene = CompositorRedrawTests.scene(covered: true)
        for t in [0.3, 1.3, 2.9] {
            let still = scene.showing(at: t)
            #expect(still.layers.count == scene.layers.filter { t >= $0.start && t < $0.end }.count)
            #expect(still.layers.count < scene.layers.count)
            #expect(SceneRenderer.snapshot(still, at: t) == SceneRenderer.snapshot(scene, at: t))
        }
    }
}
