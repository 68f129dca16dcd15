import FactoryImaging

/// The scene a render composes from, letting go of each layer once the frames still to come are
/// all past its end: a bedtime story's title card (5.7 MB of planes with alpha) is shown for its
/// first seconds and was held for the whole render, a recipe's photos for every later segment.
///
/// Frames are composed in order, so a layer whose `end` is at or before the next frame's time is
/// never drawn again. Its pixels are freed once nothing else holds them: the ring's pictures
/// remember what they were drawn with (`Compositor.Drawn`) until each is drawn again, so the heap
/// is trimmed after the ring has gone round once more. The caller must hand the scene over
/// (`consuming`, no other copy kept) for the pixels to go; a kept copy only keeps them alive.
///
/// `@unchecked Sendable`: only the composing thread touches it after it is made.
final class RetiringScene: @unchecked Sendable {
    private(set) var scene: Scene
    /// The pictures between the composer and the encoder: the render's ring is made this deep.
    let ring: Int
    /// The earliest `end` among the layers left: one compare a frame until a layer ends.
    private var nextEnd: Double
    /// The frame after which the heap is trimmed (layers retired and the ring gone round), or nil.
    private var trimAfter: Int?
    /// Layers let go so far (for tests).
    private(set) var retired = 0

    init(_ scene: consuming Scene, ring: Int) {
        self.scene = scene
        self.ring = max(1, ring)
        nextEnd = self.scene.layers.map(\.end).min() ?? .infinity
    }

    /// Call after frame `index` (at `fps`) is drawn: drops the layers no later frame shows, and
    /// trims the heap once the ring no longer holds what was dropped.
    func drawn(_ index: Int, fps: Double) {
        let next = Double(index + 1) / fps
        if nextEnd <= next {
            let before = scene.layers.count
            scene.layers.removeAll { $0.end <= next }
            retired += before - scene.layers.count
            nextEnd = scene.layers.map(\.end).min() ?? .infinity
            trimAfter = index + ring
        }
        if let frame = trimAfter, index >= frame {
            trimAfter = nil
            Vips.trimHeap()
        }
    }
}
