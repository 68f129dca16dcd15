/// A region of a frame read for one text element: each pixel's WCAG relative luminance and
/// whether it is glyph. `measure` compares the glyphs' colour with a ring of background around them.
///
/// The method, shared by the render (on the composited frame) and `review --check` (on a decoded
/// one): the text's luminance is the median over the glyphs' core (glyph pixels whose four
/// neighbours are glyph too, so anti-aliased edges do not count); the background is every pixel
/// 2 to `ringRadius` pixels from the nearest glyph (a shadow, a stroke, a plate and the picture
/// under them, as shown); the figure is a low percentile (5th) of the per-pixel contrast over that
/// ring, so a bright patch under part of a line pulls it down where a mean would hide it.
public struct ContrastField: Sendable {
    public let width: Int
    public let height: Int
    public var luminance: [Float]
    public var glyph: [Bool]
    /// Pixels hidden under something drawn above the text (neither glyph nor background); nil: none.
    public var hidden: [Bool]?

    /// The percentile of the ring's per-pixel contrast that is reported.
    public static let percentile = 0.05

    public init(width: Int, height: Int, luminance: [Float], glyph: [Bool]) {
        precondition(luminance.count == width * height && glyph.count == width * height, "a \(width)x\(height) field")
        self.width = width
        self.height = height
        self.luminance = luminance
        self.glyph = glyph
    }

    /// One element's contrast at one instant.
    public struct Measurement: Sendable, Equatable {
        /// The `percentile` of the ring's per-pixel contrast with the text: 1…21.
        public var ratio: Double
        public var textLuminance: Double
        /// The ring's median luminance.
        public var backgroundLuminance: Double
        public var glyphPixels: Int
        public var ringPixels: Int
    }

    /// nil when there are too few glyph or ring pixels to measure (under 16 of either).
    public func measure(ringRadius: Int, percentile: Double = ContrastField.percentile) -> Measurement? {
        let w = width, h = height
        guard w > 2, h > 2 else { return nil }
        precondition(hidden.map { $0.count == w * h } ?? true, "a \(w)x\(h) field's hidden pixels")
        // Raw pointers over arrays whose sizes `init` checked: this runs for every text layer of
        // every sampled frame (a chat's contrast pass measures hundreds).
        return glyph.withUnsafeBufferPointer { glyph in
            luminance.withUnsafeBufferPointer { luminance in
                var d = [Int32](repeating: 0, count: w * h)
                d.withUnsafeMutableBufferPointer { d in Self.chamfer(glyph, into: d, width: w, height: h) }
                return Self.measure(glyph: glyph, luminance: luminance, distance: d, hidden: hidden, width: w, height: h,
                                    ringRadius: ringRadius, percentile: percentile)
            }
        }
    }

    /// Chamfer (3-4) distance to the nearest glyph pixel, two passes.
    static func chamfer(_ glyph: UnsafeBufferPointer<Bool>, into d: UnsafeMutableBufferPointer<Int32>, width w: Int, height h: Int) {
        let far = Int32.max / 4
        for i in 0..<(w * h) { d[i] = glyph[i] ? 0 : far }
        for y in 0..<h {
            let row = y * w
            for x in 0..<w {
                let i = row + x
                var v = d[i]
                if x > 0 { v = min(v, d[i - 1] + 3) }
                if y > 0 {
                    v = min(v, d[i - w] + 3)
                    if x > 0 { v = min(v, d[i - w - 1] + 4) }
                    if x < w - 1 { v = min(v, d[i - w + 1] + 4) }
                }
                d[i] = v
            }
        }
        for y in stride(from: h - 1, through: 0, by: -1) {
            let row = y * w
            for x in stride(from: w - 1, through: 0, by: -1) {
                let i = row + x
                var v = d[i]
                if x < w - 1 { v = min(v, d[i + 1] + 3) }
                if y < h - 1 {
                    v = min(v, d[i + w] + 3)
                    if x < w - 1 { v = min(v, d[i + w + 1] + 4) }
                    if x > 0 { v = min(v, d[i + w - 1] + 4) }
                }
                d[i] = v
            }
        }
    }

    static func measure(glyph: UnsafeBufferPointer<Bool>, luminance: UnsafeBufferPointer<Float>, distance d: [Int32], hidden: [Bool]?,
                        width w: Int, height h: Int, ringRadius: Int, percentile: Double) -> Measurement? {
        // The text's luminance: median over the glyphs' core (or every glyph pixel of thin type).
        var core = [Int](repeating: 0, count: 4097), all = core
        var coreCount = 0, glyphCount = 0
        for y in 0..<h {
            for x in 0..<w where glyph[y * w + x] {
                let i = y * w + x
                let bin = Int(min(1, max(0, luminance[i])) * 4096)
                all[bin] += 1; glyphCount += 1
                if x > 0, x < w - 1, y > 0, y < h - 1, glyph[i - 1], glyph[i + 1], glyph[i - w], glyph[i + w] {
                    core[bin] += 1; coreCount += 1
                }
            }
        }
        guard glyphCount >= 16 else { return nil }
        let text = coreCount >= 16 ? Self.quantile(core, count: coreCount, 0.5) / 4096 : Self.quantile(all, count: glyphCount, 0.5) / 4096
        // The ring: 2 px to `ringRadius` px from the glyphs (chamfer units are thirds of a pixel).
        let inner: Int32 = 6, outer = Int32(3 * ringRadius)
        var ratios = [Int](repeating: 0, count: 2001), lums = [Int](repeating: 0, count: 4097)
        var ringCount = 0
        // No hidden pixels: an empty buffer, read only when it has the field's size (no all-false copy).
        (hidden ?? []).withUnsafeBufferPointer { hidden in
            let masked = hidden.count == w * h
            d.withUnsafeBufferPointer { d in
                ratios.withUnsafeMutableBufferPointer { ratios in
                    lums.withUnsafeMutableBufferPointer { lums in
                        for i in 0..<(w * h) where d[i] >= inner && d[i] <= outer && !(masked && hidden[i]) {
                            let l = Double(luminance[i])
                            let r = WCAG.ratio(text, l)
                            ratios[min(2000, max(0, Int(((r - 1) * 100).rounded(.down))))] += 1
                            lums[Int(min(1, max(0, l)) * 4096)] += 1
                            ringCount += 1
                        }
                    }
                }
            }
        }
        guard ringCount >= 16 else { return nil }
        let ratio = 1 + Self.quantile(ratios, count: ringCount, percentile) / 100
        return Measurement(ratio: ratio, textLuminance: text, backgroundLuminance: Self.quantile(lums, count: ringCount, 0.5) / 4096,
                           glyphPixels: glyphCount, ringPixels: ringCount)
    }

    /// The bin at which the running count passes `q` of `count`.
    static func quantile(_ histogram: [Int], count: Int, _ q: Double) -> Double {
        let wanted = max(1, Int((Double(count) * q).rounded(.up)))
        var seen = 0
        for (bin, n) in histogram.enumerated() {
            seen += n
            if seen >= wanted { return Double(bin) }
        }
        return Double(histogram.count - 1)
    }
}

extension ContrastField {
    /// A field read from an RGB raster (3 bands) over `region`; glyph pixels are those inside
    /// `box` whose colour is within `tolerance` of `colour` on every channel. This is how a decoded
    /// frame is read, knowing only where the text is and its colour; `hidden` (frame rows of runs,
    /// as the render recorded them: what was drawn over the text and the layer's own other ink) is
    /// neither glyph nor background, as it was not at render.
    public static func decoded(rgb: [UInt8], width: Int, height: Int, box: (x: Int, y: Int, width: Int, height: Int),
                               colour: String, ringRadius: Int, tolerance: Int = 40,
                               hidden runs: [(y: Int, x0: Int, x1: Int)] = []) -> ContrastField? {
        let c = WCAG.rgb(hex: colour) ?? (255, 255, 255)
        let pad = ringRadius + 2
        let x0 = max(0, box.x - pad), y0 = max(0, box.y - pad)
        let x1 = min(width, box.x + box.width + pad), y1 = min(height, box.y + box.height + pad)
        guard x1 - x0 > 2, y1 - y0 > 2, rgb.count >= width * height * 3 else { return nil }
        let w = x1 - x0, h = y1 - y0
        var lum = [Float](repeating: 0, count: w * h), glyph = [Bool](repeating: false, count: w * h)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let s = (y * width + x) * 3, i = (y - y0) * w + (x - x0)
                let r = rgb[s], g = rgb[s + 1], b = rgb[s + 2]
                lum[i] = Float(WCAG.luminance(r: r, g: g, b: b))
                let inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height
                glyph[i] = inBox && abs(Int(r) - Int(c.r)) <= tolerance && abs(Int(g) - Int(c.g)) <= tolerance
                    && abs(Int(b) - Int(c.b)) <= tolerance
            }
        }
        var field = ContrastField(width: w, height: h, luminance: lum, glyph: glyph)
        if !runs.isEmpty {
            var hidden = [Bool](repeating: false, count: w * h)
            for run in runs where run.y >= y0 && run.y < y1 {
                for x in max(x0, run.x0)..<max(max(x0, run.x0), min(x1, run.x1)) {
                    let i = (run.y - y0) * w + (x - x0)
                    hidden[i] = true; field.glyph[i] = false
                }
            }
            field.hidden = hidden
        }
        return field
    }
}
