/// Marks a layer as text whose contrast is measured: its name in the bundle's checks, the colour
/// the glyphs are set in and the type size (which sets how wide a ring around the glyphs is read).
public struct TextMark: Sendable, Equatable {
    public var name: String
    public var colour: String
    public var size: Double
    /// Whether the layer's own opaque ink other than the glyphs may be their plate (a bubble, a
    /// sticker). Off for text set straight over the picture whose other ink is a highlight (the
    /// read-along's word pill): then all of that ink is left out, as it lies beside the glyphs
    /// of the other words, not under them.
    public var mayHavePlate: Bool

    public init(_ name: String, colour: String, size: Double, mayHavePlate: Bool = true) {
        self.name = name
        self.colour = colour
        self.size = size
        self.mayHavePlate = mayHavePlate
    }

    /// How far around the glyphs the background is read: a quarter of the type size, 4–24 px
    /// (past a soft shadow's dense core, within a sticker's or bubble's own plate).
    public var ringRadius: Int { min(24, max(4, Int((size * 0.25).rounded()))) }
}

extension LayerPixels {
    /// Which samples of the luma plane are glyph: nearly opaque and, un-premultiplied, within a
    /// few luma steps of `colour` (a shadow, a stroke or a sticker's plate is not). One byte a sample.
    func glyphMask(colour: String) -> [Bool] {
        let c = WCAG.rgb(hex: colour) ?? (255, 255, 255)
        let target = ColourMatrix.yuv(r: Int(c.r), g: Int(c.g), b: Int(c.b)).y
        var mask = [Bool](repeating: false, count: width * height)
        for i in 0..<(width * height) {
            let alpha = opaque ? 255 : Int(a[i])
            guard alpha >= 224 else { continue }
            let luma = opaque ? Int(y[i]) : (Int(y[i]) * 255 + alpha / 2) / alpha
            mask[i] = abs(luma - target) <= 18
        }
        return mask
    }

    /// The layer's own ink that is neither glyph nor its plate (a sender's name, an avatar, an
    /// emoji): samples of alpha ≥ 200 whose luma is far from the text's and from the plate's, the
    /// plate being the commonest luma of the other opaque samples when it holds most of them (a
    /// bubble, a sticker, a stroke); without one, every opaque non-glyph sample is foreign, unless
    /// the layer is opaque over 90 % of its area (a card, a picture): then none is. With
    /// `mayHavePlate` false, every opaque non-glyph sample is foreign.
    func foreignInk(glyph: [Bool], mayHavePlate: Bool = true) -> [Bool] {
        var plateLuma = 0
        var histogram = [Int](repeating: 0, count: 256), total = 0
        // Without a plate to find, the luma histogram is not needed.
        for i in 0..<(mayHavePlate ? width * height : 0) where !glyph[i] && (opaque || a[i] >= 200) {
            let alpha = opaque ? 255 : Int(a[i])
            histogram[min(255, (Int(y[i]) * 255 + alpha / 2) / alpha)] += 1; total += 1
        }
        var best = 0
        for l in 0..<256 {
            let near = histogram[max(0, l - 12)...min(255, l + 12)].reduce(0, +)
            if near > best { best = near; plateLuma = l }
        }
        var foreign = [Bool](repeating: false, count: width * height)
        // A card or a picture with text set on it (opaque nearly all over, no one plate colour):
        // what lies around its glyphs is their background, not other ink.
        if mayHavePlate && best * 2 < total && total * 10 >= width * height * 9 { return foreign }
        let plate = mayHavePlate && best * 2 >= total ? plateLuma : -1000
        for i in 0..<(width * height) where !glyph[i] && (opaque || a[i] >= 200) {
            let alpha = opaque ? 255 : Int(a[i])
            let luma = (Int(y[i]) * 255 + alpha / 2) / alpha
            foreign[i] = abs(luma - plate) > 24
        }
        return foreign
    }
}
