import FactoryCore
import Foundation

/// Paints the three recipe pictures as flat SVG illustrations (rendered by librsvg through
/// libvips): the open fridge cluttered and half empty ("before"), the same fridge tidy with
/// meal-prep containers ("after"), and the plated dish seen from above ("meal"). Food colours
/// come from ingredient words in the prompt; every other choice from a seeded generator.
struct RecipePainter {
    /// Which of the recipe's pictures to paint.
    enum Role: String {
        case before, after, meal
    }

    let width: Int
    let height: Int
    let role: Role
    /// What the plate and the containers hold: ingredient foods from the prompt, topped up from a seeded palette.
    let foods: [Food]
    var rng: SeededRandom

    init(width: Int, height: Int, role: Role, prompt: String, seed: UInt64) {
        self.width = width
        self.height = height
        self.role = role
        var rng = SeededRandom(seed: Seed.from("recipe", role.rawValue, String(seed)))
        foods = Food.dish(from: prompt, rng: &rng)
        self.rng = rng
    }

    var w: Double { Double(width) }
    var h: Double { Double(height) }

    mutating func svg() -> String {
        let body: String
        switch role {
        case .before: body = fridge(tidy: false)
        case .after: body = fridge(tidy: true)
        case .meal: body = meal()
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
            + Self.sharedDefs() + body + "</svg>"
    }

    /// Overlays every item reuses (bounding-box units): a cylinder sheen, a sphere shading and,
    /// for each shadow colour, a soft radial fade.
    static func sharedDefs() -> String {
        "<defs><linearGradient id=\"sheen\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#000\" stop-opacity=\"0.10\"/>"
            + "<stop offset=\"0.18\" stop-color=\"#FFF\" stop-opacity=\"0.55\"/><stop offset=\"0.34\" stop-color=\"#FFF\" stop-opacity=\"0\"/>"
            + "<stop offset=\"0.8\" stop-color=\"#000\" stop-opacity=\"0.04\"/><stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"0.18\"/></linearGradient>"
            + "<radialGradient id=\"ball\" cx=\"0.38\" cy=\"0.34\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#FFF\" stop-opacity=\"0.6\"/>"
            + "<stop offset=\"0.25\" stop-color=\"#FFF\" stop-opacity=\"0\"/><stop offset=\"0.75\" stop-color=\"#000\" stop-opacity=\"0.08\"/>"
            + "<stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"0.32\"/></radialGradient>"
            + shadowColours.map { colour in
                "<radialGradient id=\"soft\(colour.dropFirst())\"><stop offset=\"0\" stop-color=\"\(colour)\"/>"
                    + "<stop offset=\"0.45\" stop-color=\"\(colour)\" stop-opacity=\"0.75\"/><stop offset=\"1\" stop-color=\"\(colour)\" stop-opacity=\"0\"/></radialGradient>"
            }.joined() + "</defs>"
    }

    /// The colours shadows are cast in (each has its soft radial gradient in `sharedDefs`).
    static let shadowColours = ["#1E2A36", "#3A2A1C", "#24180F"]

    /// How far a shadow's edge fades: the spread an 0.8 %-of-the-width Gaussian blur gave them.
    var softness: Double { w * 0.008 }

    // MARK: SVG pieces

    func f(_ x: Double) -> String { String(format: "%.1f", x) }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, r: Double = 0, fill: String,
              opacity: Double = 1, extra: String = "") -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(max(0, width)))\" height=\"\(f(max(0, height)))\" rx=\"\(f(r))\" fill=\"\(fill)\""
            + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, fill: String, opacity: Double = 1,
                 extra: String = "") -> String {
        "<ellipse cx=\"\(f(cx))\" cy=\"\(f(cy))\" rx=\"\(f(rx))\" ry=\"\(f(ry))\" fill=\"\(fill)\""
            + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    func path(_ d: String, fill: String, opacity: Double = 1, extra: String = "") -> String {
        "<path d=\"\(d)\" fill=\"\(fill)\"" + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    func stroke(_ colour: String, _ width: Double, opacity: Double = 1) -> String {
        " stroke=\"\(colour)\" stroke-width=\"\(f(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
            + (opacity < 1 ? " stroke-opacity=\"\(String(format: "%.2f", opacity))\"" : "")
    }

    func group(_ content: String, rotate degrees: Double = 0, around point: (Double, Double) = (0, 0), extra: String = "") -> String {
        let transform = degrees == 0 ? "" : " transform=\"rotate(\(f(degrees)) \(f(point.0)) \(f(point.1)))\""
        return "<g\(transform)\(extra)>\(content)</g>"
    }

    /// A soft contact shadow under an object.
    func shadow(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, opacity: Double = 0.22) -> String {
        softEllipse(cx, cy, rx, ry, colour: "#1E2A36", opacity: opacity)
    }

    // Shadows are soft without an SVG filter: librsvg (2.48) gives every filtered element surfaces
    // the size of the whole picture, 8-12 ms each, which was 0.4 of the 0.65 CPU-s a recipe's
    // three pictures took (65 shadows; 8 Dec 2026).

    /// A soft ellipse: a radial fade from `opacity` to nothing, reaching as far as a blur would.
    func softEllipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, colour: String, opacity: Double) -> String {
        // A colour without its gradient in the defs would draw no shadow at all, silently.
        precondition(Self.shadowColours.contains(colour), "shadow colour \(colour) has no soft gradient in sharedDefs")
        return ellipse(cx, cy, rx + 2 * softness, ry + 2 * softness, fill: "url(#soft\(colour.dropFirst()))", opacity: opacity * 0.8)
    }

    /// Any other shape's soft shadow: `shape` (drawn with the fill opacity and extra attributes it
    /// is given) outlined twice, wide and faint then narrower, then filled, so its edge steps down
    /// to nothing over about twice the softness.
    func softShape(colour: String, opacity: Double, _ shape: (_ opacity: Double, _ extra: String) -> String) -> String {
        shape(0, stroke(colour, 4 * softness, opacity: opacity * 0.2)) + shape(0, stroke(colour, 2 * softness, opacity: opacity * 0.35))
            + shape(opacity * 0.8, "")
    }

    /// A polygon through the points.
    func polygon(_ points: [(Double, Double)]) -> String {
        points.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(f($0.element.0)),\(f($0.element.1))" }.joined(separator: " ") + " Z"
    }
}

/// An sRGB colour that mixes toward white, black or another colour, written as SVG hex.
struct Tone {
    var r: Double, g: Double, b: Double

    init(_ hex: String) {
        let value = UInt32(hex.dropFirst(), radix: 16) ?? 0x808080
        r = Double((value >> 16) & 0xFF); g = Double((value >> 8) & 0xFF); b = Double(value & 0xFF)
    }

    func mixed(_ other: Tone, _ t: Double) -> Tone {
        var out = self
        out.r += (other.r - r) * t; out.g += (other.g - g) * t; out.b += (other.b - b) * t
        return out
    }

    var hex: String {
        String(format: "#%02X%02X%02X", Int(r.rounded()), Int(g.rounded()), Int(b.rounded()))
    }

    /// HSV saturation, 0 for greys and whites, 1 for pure colours.
    var vividness: Double {
        let high = max(r, g, b), low = min(r, g, b)
        return high > 0 ? (high - low) / high : 0
    }

    static func lighter(_ hex: String, _ t: Double) -> String { Tone(hex).mixed(Tone("#FFFFFF"), t).hex }
    static func darker(_ hex: String, _ t: Double) -> String { Tone(hex).mixed(Tone("#000000"), t).hex }
}
