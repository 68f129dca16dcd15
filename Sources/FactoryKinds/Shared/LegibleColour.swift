import FactoryMedia

/// Colour choices that keep text legible by construction (the measurement then confirms them):
/// a plate darkened or lightened until its text reaches the target, or the text colour that reads on it.
enum LegibleColour {
    /// The margin over `WCAG.target` aimed at, so anti-aliasing and the encoder's rounding stay above it.
    static let aim = WCAG.target + 0.3

    /// `fill` mixed towards black (light text) or white (dark text), in steps of 2 %, just far
    /// enough that `text` on it reaches `target`; unchanged when it does already.
    static func fill(_ fill: String, under text: String, target: Double = aim) -> String {
        guard let f = WCAG.rgb(hex: fill), let t = WCAG.rgb(hex: text) else { return fill }
        let lt = WCAG.luminance(r: t.r, g: t.g, b: t.b)
        let towards: Double = lt > WCAG.luminance(r: f.r, g: f.g, b: f.b) ? 0 : 255
        for step in 0...50 {
            let k = Double(step) / 50
            func mix(_ c: UInt8) -> UInt8 { UInt8((Double(c) * (1 - k) + towards * k).rounded()) }
            let c = (mix(f.r), mix(f.g), mix(f.b))
            if WCAG.ratio(lt, WCAG.luminance(r: c.0, g: c.1, b: c.2)) >= target { return WCAG.hex(r: c.0, g: c.1, b: c.2) }
        }
        return fill
    }

    /// `preferred` when it reaches `target` on `fill`, else whichever of white and near-black reads better.
    static func text(on fill: String, preferred: String = "#FFFFFF", target: Double = aim) -> String {
        if let r = WCAG.ratio(preferred, fill), r >= target { return preferred }
        return (WCAG.ratio("#FFFFFF", fill) ?? 0) >= (WCAG.ratio("#111111", fill) ?? 0) ? "#FFFFFF" : "#111111"
    }
}
