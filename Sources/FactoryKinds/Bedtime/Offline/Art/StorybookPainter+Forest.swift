import FactoryCore
import Foundation

/// The forest: a misty line of far trees, rounded trees on both sides, a big old oak on the far
/// side, a mossy path winding up to the hero, ferns, red mushrooms and fireflies.
extension StorybookPainter {
    mutating func forest() -> String {
        let c = colours
        var s = ""
        // Far trees: a row of round crowns along the horizon, in the mist.
        var x = -20.0
        while x < w + 20 {
            let r = rng.double(0.05, 0.09) * w
            s += circle(x, horizon - r * rng.double(0.3, 0.9), r, c.far)
            x += r * rng.double(0.9, 1.4)
        }
        s += rect(-10, horizon - h * 0.03, w + 20, h * 0.05, c.horizon, 0.35, extra: " filter=\"url(#haze)\"")
        s += path(hill(base: horizon, amplitude: h * 0.012), c.middle)
        // Middle trees on both sides.
        for side in [-1.0, 1.0] {
            for _ in 0..<3 {
                let tx = w / 2 + side * rng.double(0.3, 0.55) * w, base = horizon + rng.double(0.0, 0.04) * h
                s += roundTree(tx, base, height: rng.double(0.16, 0.26) * h, tone: Tone.darker(c.middle, rng.double(0.05, 0.25)))
            }
        }
        s += path(hill(base: horizon + h * 0.06, amplitude: h * 0.015), c.near)
        // The big oak on the far side.
        s += oak(w / 2 + farSide * w * rng.double(0.27, 0.33), heroFeet - h * 0.05, height: h * 0.4)
        // The mossy path from the bottom of the picture up to the hero's feet.
        let bottomX = w * rng.double(0.4, 0.6)
        let d = "M\(f(heroX - w * 0.06)),\(f(heroFeet - h * 0.02)) Q\(f(heroX - farSide * w * 0.25)),\(f(heroFeet + h * 0.15)) \(f(bottomX - w * 0.3)),\(f(h + 10)) "
            + "L\(f(bottomX + w * 0.3)),\(f(h + 10)) Q\(f(heroX - farSide * w * 0.05)),\(f(heroFeet + h * 0.15)) \(f(heroX + w * 0.08)),\(f(heroFeet - h * 0.02)) Z"
        s += path(d, c.accent, 0.75)
        // Mushrooms by the path.
        for _ in 0..<3 {
            let mx = heroX + (rng.next() % 2 == 0 ? -1 : 1) * rng.double(0.15, 0.3) * w, my = heroFeet + rng.double(0.03, 0.14) * h
            s += mushroom(mx, my, rng.double(0.018, 0.03) * w)
        }
        return s
    }

    /// A rounded storybook tree: a short trunk and a crown of three overlapping circles.
    mutating func roundTree(_ x: Double, _ base: Double, height: Double, tone: String) -> String {
        let r = height * 0.3
        var s = rect(x - height * 0.035, base - height * 0.45, height * 0.07, height * 0.45, "#3A2B2A")
        s += circle(x, base - height + r, r, tone) + circle(x - r * 0.6, base - height * 0.5, r * 0.8, tone)
            + circle(x + r * 0.6, base - height * 0.5, r * 0.8, tone)
        return s + circle(x - r * 0.3, base - height + r * 0.7, r * 0.45, Tone.lighter(tone, 0.12), 0.6)
    }

    /// An old oak: a thick trunk with roots and a wide crown lit from the moon's side.
    mutating func oak(_ x: Double, _ base: Double, height: Double) -> String {
        let trunk = "#5A4036", tw = height * 0.09
        var s = path("M\(f(x - tw * 1.8)),\(f(base)) Q\(f(x - tw * 0.6)),\(f(base - height * 0.08)) \(f(x - tw * 0.5)),\(f(base - height * 0.55)) "
                     + "L\(f(x + tw * 0.5)),\(f(base - height * 0.55)) Q\(f(x + tw * 0.6)),\(f(base - height * 0.08)) \(f(x + tw * 1.8)),\(f(base)) Z",
                     trunk, extra: stroke(Tone.darker(trunk, 0.3), 2))
        s += ellipse(x, base - height * 0.3, tw * 0.18, tw * 0.3, "#2A1D1A")
        let leaf = Tone.darker(colours.near, 0.15)
        for _ in 0..<9 {
            let a = rng.double(Double.pi * 1.0, Double.pi * 2.0), d = rng.double(0.1, 0.3) * height
            s += circle(x + cos(a) * d * 1.2, base - height * 0.68 + sin(a) * d * 0.7, rng.double(0.13, 0.19) * height, leaf)
        }
        for _ in 0..<5 {
            s += circle(x - farSide * rng.double(0.0, 0.2) * height, base - height * rng.double(0.7, 0.9), rng.double(0.06, 0.1) * height,
                        Tone.lighter(leaf, 0.18), 0.7)
        }
        return s
    }

    /// A red-capped mushroom with white spots.
    func mushroom(_ x: Double, _ y: Double, _ r: Double) -> String {
        rect(x - r * 0.3, y - r * 0.9, r * 0.6, r * 0.9, "#F1E6D2", r: r * 0.2)
            + path("M\(f(x - r)),\(f(y - r * 0.8)) Q\(f(x)),\(f(y - r * 2.1)) \(f(x + r)),\(f(y - r * 0.8)) Z", "#D9534F")
            + circle(x - r * 0.4, y - r * 1.1, r * 0.15, "#FFFFFF") + circle(x + r * 0.3, y - r * 1.25, r * 0.12, "#FFFFFF")
    }

    /// What comes in front of the hero: fireflies and ferns in the forest, shells on the beach,
    /// snowflakes, lanterns' glow in town, little clouds in the sky.
    mutating func foreground() -> String {
        var s = ""
        switch setting {
        case .forest:
            for _ in 0..<26 {
                let x = rng.double(0.03, 0.97) * w, y = rng.double(0.3, 0.9) * h
                s += glow(x, y, w * rng.double(0.025, 0.045)) + circle(x, y, rng.double(1.2, 2.4), "#FFF6B0")
            }
            for side in [-1.0, 1.0] { s += fern(w / 2 + side * w * rng.double(0.38, 0.48), h * rng.double(0.88, 0.95), w * 0.2) }
        case .snow:
            for _ in 0..<110 {
                s += circle(rng.double(0, w), rng.double(0, h), rng.double(0.8, 3.2), "#FFFFFF", rng.double(0.45, 0.95))
            }
        case .sea, .sky, .town:
            break
        }
        return s
    }

    /// A fern: leaflets fanning up from one point.
    mutating func fern(_ x: Double, _ y: Double, _ size: Double) -> String {
        var s = ""
        for k in 0..<7 {
            let a = -Double.pi / 2 + (Double(k) - 3) * 0.32 + rng.double(-0.08, 0.08)
            let ex = x + cos(a) * size, ey = y + sin(a) * size * 0.8
            s += path("M\(f(x)),\(f(y)) Q\(f((x + ex) / 2 + 8)),\(f((y + ey) / 2 - 10)) \(f(ex)),\(f(ey))", "none",
                      extra: stroke(Tone.darker(colours.near, 0.35), size * 0.07))
        }
        return s
    }
}
