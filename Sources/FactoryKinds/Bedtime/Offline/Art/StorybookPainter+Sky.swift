import FactoryCore
import Foundation

/// The sky of every setting: the gradient, the stars (a dust of small ones, a few twinkling
/// four-pointed ones), the moon in its glow (smiling and sleepy among the clouds), and, over
/// snow, the northern lights.
extension StorybookPainter {
    mutating func sky() -> String {
        let c = colours
        var s = "<defs><linearGradient id=\"sky\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(c.skyTop)\"/>"
            + "<stop offset=\"\(f(horizon / h * 0.55))\" stop-color=\"\(c.skyMiddle)\"/><stop offset=\"\(f(horizon / h))\" stop-color=\"\(c.horizon)\"/>"
            + "<stop offset=\"1\" stop-color=\"\(c.horizon)\"/></linearGradient></defs>"
        s += rect(0, 0, w, h, "url(#sky)")
        s += stars(count: setting == .sky ? 150 : 90, below: horizon * (setting == .sky ? 1.3 : 0.85))
        if setting == .snow { s += aurora() }
        s += moonWithGlow()
        return s
    }

    mutating func stars(count: Int, below bottom: Double) -> String {
        var s = ""
        for _ in 0..<count {
            let y = rng.double(0, 1)
            // More stars high up, fewer towards the brighter horizon.
            s += circle(rng.double(0, w), y * y * bottom, rng.double(0.5, 1.6), "#FFFFFF", rng.double(0.35, 0.95))
        }
        for _ in 0..<(setting == .sky ? 12 : 6) {
            let x = rng.double(0.05, 0.95) * w, y = rng.double(0.03, 0.75) * bottom, r = rng.double(0.012, 0.022) * w
            if hypot(x - moon.x, y - moon.y) < moon.r * 2.2 { continue }
            s += twinkle(x, y, r)
        }
        return s
    }

    /// A four-pointed star with a small halo.
    func twinkle(_ x: Double, _ y: Double, _ r: Double) -> String {
        let k = r * 0.22
        let d = "M\(f(x)),\(f(y - r)) Q\(f(x + k)),\(f(y - k)) \(f(x + r)),\(f(y)) Q\(f(x + k)),\(f(y + k)) \(f(x)),\(f(y + r)) "
            + "Q\(f(x - k)),\(f(y + k)) \(f(x - r)),\(f(y)) Q\(f(x - k)),\(f(y - k)) \(f(x)),\(f(y - r)) Z"
        return circle(x, y, r * 1.6, "url(#moonGlow)") + path(d, "#FFF8E0", 0.95)
    }

    mutating func moonWithGlow() -> String {
        let (x, y, r) = moon
        var s = circle(x, y, r * 4.5, "url(#moonGlow)") + circle(x, y, r, colours.moon)
        if setting == .sky {
            // A big, sleepy, smiling moon.
            let ink = Tone.darker(colours.moon, 0.55)
            s += path("M\(f(x - r * 0.5)),\(f(y - r * 0.1)) q\(f(r * 0.15)),\(f(r * 0.14)) \(f(r * 0.3)),0", "none", extra: stroke(ink, r * 0.06))
            s += path("M\(f(x + r * 0.2)),\(f(y - r * 0.1)) q\(f(r * 0.15)),\(f(r * 0.14)) \(f(r * 0.3)),0", "none", extra: stroke(ink, r * 0.06))
            s += path("M\(f(x - r * 0.25)),\(f(y + r * 0.3)) q\(f(r * 0.25)),\(f(r * 0.22)) \(f(r * 0.5)),0", "none", extra: stroke(ink, r * 0.06))
            s += circle(x - r * 0.5, y + r * 0.22, r * 0.13, "#F7A6A0", 0.6) + circle(x + r * 0.5, y + r * 0.22, r * 0.13, "#F7A6A0", 0.6)
        } else {
            // Soft seas on the moon's face.
            for _ in 0..<3 {
                let a = rng.double(0, 6.28), d = rng.double(0.1, 0.55) * r
                s += circle(x + cos(a) * d, y + sin(a) * d, rng.double(0.12, 0.24) * r, Tone.darker(colours.moon, 0.12), 0.5)
            }
        }
        return s
    }

    /// Two or three green ribbons of light, blurred, hanging from the top of the sky.
    mutating func aurora() -> String {
        var s = "<defs><linearGradient id=\"aurora\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(colours.accent)\" stop-opacity=\"0\"/>"
            + "<stop offset=\"0.6\" stop-color=\"\(colours.accent)\" stop-opacity=\"0.55\"/><stop offset=\"1\" stop-color=\"#B8FFE0\" stop-opacity=\"0\"/></linearGradient></defs>"
        for band in 0..<3 {
            let top = h * rng.double(0.04, 0.12), depth = h * rng.double(0.12, 0.2), phase = rng.double(0, 6.28)
            let amp = h * rng.double(0.03, 0.06), freq = rng.double(1.2, 2.2) * Double.pi / w
            var upper = "", lower = ""
            for x in stride(from: -20.0, through: w + 20, by: 16) {
                let y = top + Double(band) * h * 0.05 + amp * sin(freq * x + phase)
                upper += (upper.isEmpty ? "M" : "L") + "\(f(x)),\(f(y)) "
                lower = "L\(f(x)),\(f(y + depth)) " + lower
            }
            s += path(upper + lower + "Z", "url(#aurora)", 0.8, extra: " filter=\"url(#haze)\"")
        }
        return s
    }

    /// A soft cloud: overlapping circles along a flat base.
    mutating func cloud(_ x: Double, _ y: Double, width cw: Double, _ fill: String, _ opacity: Double) -> String {
        var s = ellipse(x, y, cw / 2, cw * 0.12, fill)
        let puffs = 4 + Int(rng.next() % 3)
        for i in 0..<puffs {
            let t = (Double(i) + 0.5) / Double(puffs)
            let r = cw * rng.double(0.12, 0.2) * (1 - abs(t - 0.5))
            s += circle(x - cw / 2 + t * cw, y - r * 0.5, r * 1.4, fill)
        }
        return "<g opacity=\"\(String(format: "%.2f", opacity))\">\(s)</g>"
    }
}
