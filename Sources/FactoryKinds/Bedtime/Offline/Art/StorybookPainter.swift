import FactoryCore
import Foundation

/// Paints the offline bedtime illustration as a flat storybook scene in SVG (rendered by librsvg
/// through libvips): a night or dusk sky with stars and a moon, the ground, the setting's landmarks
/// (an oak wood, a lighthouse bay, a cloud boat among the stars, a snowy cabin, a town square),
/// soft glows of light, and the hero as a simple friendly figure in the colours the item describes.
/// Every choice comes from a seeded generator, so the same setting and seed paint the same picture.
struct StorybookPainter {
    let width: Int
    let height: Int
    let setting: StorySetting
    let colours: StorybookColours
    let hero: HeroLook
    var rng: SeededRandom
    /// The horizon's height, where the sky meets the ground (or the cloud banks, in the sky).
    let horizon: Double
    /// Where the hero stands: the centre of the feet.
    let heroX: Double, heroFeet: Double
    /// The moon's centre and radius.
    let moon: (x: Double, y: Double, r: Double)

    init(width: Int, height: Int, setting: StorySetting, appearance: String, seed: UInt64) {
        self.width = width
        self.height = height
        self.setting = setting
        var rng = SeededRandom(seed: Seed.from("storybook", setting.rawValue, String(seed)))
        colours = StorybookColours.of(setting, warmth: rng.double(0, 1))
        hero = HeroLook(appearance: appearance, rng: &rng)
        let w = Double(width), h = Double(height)
        horizon = h * (setting == .sea ? rng.double(0.44, 0.47) : rng.double(0.49, 0.53))
        let heroLeft = rng.next() % 2 == 0
        heroX = w * (heroLeft ? rng.double(0.36, 0.44) : rng.double(0.56, 0.64))
        heroFeet = h * (setting == .sky ? rng.double(0.6, 0.63) : rng.double(0.64, 0.67))
        // The moon sits on the side away from the hero, so the figure and the light balance; where
        // a tall landmark stands there (the oak, the clock tower), it rises above the hero instead.
        let moonR = w * (setting == .sky ? rng.double(0.11, 0.13) : rng.double(0.065, 0.085))
        let moonOverHero = setting == .forest || setting == .town
        let moonLeft = heroLeft == moonOverHero
        moon = (w * (moonLeft ? rng.double(0.2, 0.34) : rng.double(0.66, 0.8)), h * rng.double(0.11, 0.18), moonR)
        self.rng = rng
    }

    var w: Double { Double(width) }
    var h: Double { Double(height) }
    /// The landmarks' side of the picture: away from the hero.
    var farSide: Double { heroX < w / 2 ? 1 : -1 }

    mutating func svg() -> String {
        var body = defs() + sky()
        switch setting {
        case .forest: body += forest()
        case .sea: body += sea()
        case .sky: body += skyVoyage()
        case .snow: body += snow()
        case .town: body += town()
        }
        body += setting == .sky ? "" : heroFigure(x: heroX, feet: heroFeet, scale: h * 0.2)
        body += foreground()
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
            + body + finish() + "</svg>"
    }

    /// Gradients and filters the pieces share: soft blur, glows (warm and moon-white) and the vignette.
    func defs() -> String {
        let c = colours
        return "<defs><filter id=\"soft\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(f(w * 0.006))\"/></filter>"
            + "<filter id=\"haze\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(f(w * 0.03))\"/></filter>"
            + radial("warm", c.glow, [(0, 0.85), (0.25, 0.4), (1, 0)])
            + radial("moonGlow", c.moon, [(0, 0.55), (0.3, 0.22), (1, 0)])
            + "<radialGradient id=\"vignette\" cx=\"0.5\" cy=\"0.45\" r=\"0.8\"><stop offset=\"0.6\" stop-color=\"#000\" stop-opacity=\"0\"/>"
            + "<stop offset=\"1\" stop-color=\"\(c.skyTop)\" stop-opacity=\"0.45\"/></radialGradient></defs>"
    }

    /// A vignette in the sky's darkest colour over everything. No paper texture or grain: the
    /// picture is the read-along video's, and a pixel-fine texture is what a 4 Mb/s stream cannot
    /// carry. It came out of the encode smeared, and x264 spent a fifth of its CPU on it.
    /// See docs/performance.md, 29 Nov 2026, evening.
    func finish() -> String {
        "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#vignette)\"/>"
    }

    // MARK: SVG pieces

    func f(_ x: Double) -> String { String(format: "%.1f", x) }

    func radial(_ id: String, _ colour: String, _ stops: [(Double, Double)]) -> String {
        "<radialGradient id=\"\(id)\">" + stops.map { "<stop offset=\"\($0.0)\" stop-color=\"\(colour)\" stop-opacity=\"\($0.1)\"/>" }.joined()
            + "</radialGradient>"
    }

    func circle(_ x: Double, _ y: Double, _ r: Double, _ fill: String, _ opacity: Double = 1, extra: String = "") -> String {
        "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" fill=\"\(fill)\"" + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "")
            + "\(extra)/>"
    }

    func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double, _ fill: String, _ opacity: Double = 1, extra: String = "") -> String {
        "<ellipse cx=\"\(f(x))\" cy=\"\(f(y))\" rx=\"\(f(rx))\" ry=\"\(f(ry))\" fill=\"\(fill)\""
            + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ fill: String, r: Double = 0, _ opacity: Double = 1,
              extra: String = "") -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(max(0, width)))\" height=\"\(f(max(0, height)))\" rx=\"\(f(r))\" fill=\"\(fill)\""
            + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    func path(_ d: String, _ fill: String, _ opacity: Double = 1, extra: String = "") -> String {
        "<path d=\"\(d)\" fill=\"\(fill)\"" + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "") + "\(extra)/>"
    }

    /// A polygon through the points.
    func polygon(_ points: [(Double, Double)]) -> String {
        points.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(f($0.element.0)),\(f($0.element.1))" }.joined(separator: " ") + " Z"
    }

    /// A round stroke attribute for outlines and lines.
    func stroke(_ colour: String, _ width: Double, _ opacity: Double = 1) -> String {
        " stroke=\"\(colour)\" stroke-width=\"\(f(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
            + (opacity < 1 ? " stroke-opacity=\"\(String(format: "%.2f", opacity))\"" : "")
    }

    /// A soft warm pool of light (a lantern, a window, a firefly).
    func glow(_ x: Double, _ y: Double, _ r: Double, id: String = "warm") -> String {
        circle(x, y, r, "url(#\(id))")
    }

    /// A gentle rolling ground line from `base`, closed to the bottom of the picture.
    mutating func hill(base: Double, amplitude: Double, to bottom: Double? = nil) -> String {
        let waves = (0..<3).map { k in (rng.double(0.5, 1.0) * amplitude / Double(k + 1), rng.double(0.8, 2.0) * Double(k + 1) / w * Double.pi, rng.double(0, 6.28)) }
        var d = "M-10,\(f(bottom ?? h + 10)) "
        var x = -10.0
        while x <= w + 22 {
            d += "L\(f(x)),\(f(base + waves.reduce(0) { $0 + $1.0 * sin($1.1 * x + $1.2) })) "
            x += 12
        }
        return d + "L\(f(w + 10)),\(f(bottom ?? h + 10)) Z"
    }
}
