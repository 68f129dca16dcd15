/// One element of a scene: pixels rasterised once, and how they move over time.
///
/// `x`/`y` place the layer's anchor point (0…1 of its own size, default the centre) in frame
/// pixels; `scale` is about the anchor; `opacity` is 0…1. A layer is drawn only between `start`
/// and `end`.
public struct Layer: Sendable {
    public var pixels: LayerPixels
    public var x: Track
    public var y: Track
    public var scale: Track
    public var opacity: Track
    public var anchorX: Double
    public var anchorY: Double
    public var mask: Mask?
    public var start: Double
    public var end: Double
    /// Pixels that change over time (typed text); when set, they replace `pixels` while drawing.
    public var sequence: PixelSequence?
    /// Set on text layers: their contrast with what lies around them is measured (`TextContrast`).
    public var text: TextMark?

    public init(_ pixels: LayerPixels, x: Track, y: Track, scale: Track = .constant(1), opacity: Track = .constant(1),
                anchorX: Double = 0.5, anchorY: Double = 0.5, mask: Mask? = nil,
                start: Double = 0, end: Double = .infinity) {
        self.pixels = pixels
        self.x = x
        self.y = y
        self.scale = scale
        self.opacity = opacity
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.mask = mask
        self.start = start
        self.end = end
    }

    /// A layer whose top-left corner sits at (left, top) and does not move.
    public static func placed(_ pixels: LayerPixels, left: Double, top: Double, opacity: Track = .constant(1),
                              start: Double = 0, end: Double = .infinity) -> Layer {
        Layer(pixels, x: .constant(left), y: .constant(top), opacity: opacity, anchorX: 0, anchorY: 0,
              start: start, end: end)
    }

    /// Whether the layer is drawn at `time`: from `start`, up to but not at `end`.
    @inline(__always)
    public func isShown(at time: Double) -> Bool { time >= start && time < end }

    /// The pixels showing at `time` (nil: nothing to draw).
    public func pixels(at time: Double) -> LayerPixels? {
        guard let sequence else { return pixels }
        return sequence.pixels(at: time)
    }

    /// The resolved placement at `time` (of `shown`, the pixels drawn then; `pixels` by default).
    public func state(at time: Double, shown: LayerPixels? = nil) -> LayerState {
        let s = scale.value(at: time)
        let px = shown ?? pixels
        let w = Double(px.contentWidth) * s, h = Double(px.contentHeight) * s
        return LayerState(left: x.value(at: time) - anchorX * w, top: y.value(at: time) - anchorY * h,
                          scale: s, opacity: min(1, max(0, opacity.value(at: time))),
                          mask: mask?.resolved(at: time))
    }
}

/// Where a layer is at one instant: top-left of its content in frame pixels, scale, opacity.
public struct LayerState: Sendable, Equatable {
    public var left: Double
    public var top: Double
    public var scale: Double
    public var opacity: Double
    public var mask: Mask.Resolved?
}

/// A keyframed clip applied while drawing a layer (frame coordinates).
public enum Mask: Sendable {
    /// Only the part inside the rectangle shows (wipes, progress bars).
    case rect(x: Track, y: Track, width: Track, height: Track)
    /// Only the part inside the circle shows (circular reveals, picture-in-picture).
    case circle(centreX: Track, centreY: Track, radius: Track)

    /// A mask at one instant.
    public enum Resolved: Sendable, Equatable {
        case rect(x: Double, y: Double, width: Double, height: Double)
        case circle(cx: Double, cy: Double, r: Double)
    }

    public func resolved(at t: Double) -> Resolved {
        switch self {
        case let .rect(x, y, w, h): .rect(x: x.value(at: t), y: y.value(at: t), width: w.value(at: t), height: h.value(at: t))
        case let .circle(cx, cy, r): .circle(cx: cx.value(at: t), cy: cy.value(at: t), r: r.value(at: t))
        }
    }

    /// The visible span [x0, x1) of row `y`, or nil when the row is hidden.
    static func span(_ mask: Resolved?, row y: Double) -> (Double, Double)? {
        switch mask {
        case nil: return (-.infinity, .infinity)
        case let .rect(rx, ry, rw, rh)?:
            return y >= ry && y < ry + rh ? (rx, rx + rw) : nil
        case let .circle(cx, cy, r)?:
            let dy = y - cy
            guard abs(dy) < r else { return nil }
            let half = (r * r - dy * dy).squareRoot()
            return (cx - half, cx + half)
        }
    }
}

/// Everything drawn in one video: size, length, background colour and layers bottom to top.
public struct Scene: Sendable {
    public var width: Int
    public var height: Int
    public var duration: Double
    public var layers: [Layer]
    /// Y'CbCr of the fill under all layers (black by default).
    public var background: (y: UInt8, u: UInt8, v: UInt8)

    public init(width: Int, height: Int, duration: Double, layers: [Layer] = [], background: (r: Int, g: Int, b: Int) = (0, 0, 0)) {
        self.width = width
        self.height = height
        self.duration = duration
        self.layers = layers
        let c = ColourMatrix.yuv(r: background.r, g: background.g, b: background.b)
        self.background = (UInt8(c.y), UInt8(c.u), UInt8(c.v))
    }

    /// The same scene with only the layers shown at `time`: what a still of that instant needs
    /// (`Compositor.draw` skips the others), without holding the rest.
    public func showing(at time: Double) -> Scene {
        var scene = self
        scene.layers = layers.filter { $0.isShown(at: time) }
        return scene
    }
}
