import FactoryCore
import Foundation

/// The sea and the sky voyage. The sea: a far island, calm water with the moon's path on it, a
/// striped lighthouse on its rocks with a beam across the bay, a sandy beach with foam and shells.
/// The sky: cloud banks, a little cloud boat the hero sits in, and sleeping rooftops far below.
extension StorybookPainter {
    mutating func sea() -> String {
        let c = colours
        let shore = heroFeet - h * 0.06
        var s = "<defs><linearGradient id=\"water\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(c.far)\"/>"
            + "<stop offset=\"1\" stop-color=\"\(c.middle)\"/></linearGradient>"
            + "<linearGradient id=\"beam\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"\(c.glow)\" stop-opacity=\"0.55\"/>"
            + "<stop offset=\"1\" stop-color=\"\(c.glow)\" stop-opacity=\"0\"/></linearGradient></defs>"
        // A far island on the horizon, then the water.
        let ix = w * rng.double(0.2, 0.8)
        s += ellipse(ix, horizon, w * rng.double(0.15, 0.25), h * 0.02, Tone.darker(c.far, 0.3))
        s += rect(-10, horizon, w + 20, h - horizon + 10, "url(#water)")
        // The moon's path on the water.
        for k in 0..<16 {
            let t = Double(k) / 16, y = horizon + (shore - horizon) * t + 3
            let len = w * rng.double(0.04, 0.12) * (0.6 + t)
            s += rect(moon.x - len / 2 + rng.double(-8, 8), y, len, 2 + 3 * t, c.moon, r: 2, 0.55 - 0.25 * t)
        }
        // Gentle wave crests.
        for _ in 0..<14 {
            let x = rng.double(0, w), y = rng.double(horizon + 10, shore - 6), len = rng.double(10, 26) * (y - horizon) / (shore - horizon) + 6
            s += path("M\(f(x)),\(f(y)) q\(f(len / 2)),\(f(-len * 0.3)) \(f(len)),0", "none", extra: stroke(c.accent, 1.6, 0.5))
        }
        s += rowingBoat(w / 2 - farSide * w * rng.double(0.25, 0.35), horizon + (shore - horizon) * rng.double(0.3, 0.5), w * 0.13)
        s += lighthouse(w / 2 + farSide * w * rng.double(0.28, 0.34), horizon + h * 0.06, height: h * 0.34)
        // The beach and its foam line.
        s += path(hill(base: shore, amplitude: h * 0.008), c.near)
        s += path(hill(base: shore + 2, amplitude: h * 0.004, to: shore + h * 0.012), c.accent, 0.7)
        s += path(hill(base: shore + h * 0.08, amplitude: h * 0.01), Tone.darker(c.near, 0.08))
        for _ in 0..<7 {
            let y = rng.double(shore + h * 0.05, h * 0.97), x = rng.double(-0.1, 0.9) * w
            s += path("M\(f(x)),\(f(y)) q\(f(w * 0.06)),\(f(-h * 0.008)) \(f(w * 0.12)),0 t\(f(w * 0.12)),0", "none",
                      extra: stroke(Tone.darker(c.near, 0.15), 2, 0.6))
        }
        for _ in 0..<6 {
            let x = rng.double(0.08, 0.92) * w, y = rng.double(shore + h * 0.04, h * 0.95)
            if abs(x - heroX) < w * 0.12 && y < heroFeet + h * 0.03 { continue }
            s += shell(x, y, rng.double(0.02, 0.032) * w)
        }
        return s
    }

    /// A white lighthouse with red bands on dark rocks, its lamp lit and its beam across the sky.
    mutating func lighthouse(_ x: Double, _ base: Double, height: Double) -> String {
        let bw = height * 0.16, tw = height * 0.1
        let top = base - height * 0.82
        var s = ""
        // The beam, from the lamp towards the open sky.
        let dir = -farSide
        s += path(polygon([(x, top - height * 0.07), (x + dir * w * 0.9, top - height * 0.3), (x + dir * w * 0.9, top + height * 0.1)]), "url(#beam)",
                  extra: dir < 0 ? " transform=\"translate(\(f(2 * x)),0) scale(-1,1)\"" : "")
        s += glow(x, top - height * 0.07, height * 0.35)
        for k in 0..<4 {
            s += ellipse(x + Double(k - 2) * bw * 0.5 + rng.double(-4, 4), base + rng.double(-3, 6), bw * rng.double(0.5, 0.8), bw * 0.3, "#3A3A52")
        }
        s += path(polygon([(x - bw / 2, base), (x - tw / 2, top), (x + tw / 2, top), (x + bw / 2, base)]), colours.accent,
                  extra: stroke("#B9B3C6", 1.5))
        for k in 0..<3 {
            let y0 = base - height * (0.15 + 0.22 * Double(k)), y1 = y0 - height * 0.09
            let half = { (y: Double) in bw / 2 - (bw - tw) / 2 * (base - y) / (base - top) }
            s += path(polygon([(x - half(y0), y0), (x - half(y1), y1), (x + half(y1), y1), (x + half(y0), y0)]), "#D1495B")
        }
        s += rect(x - tw * 0.7, top - 2, tw * 1.4, 4, "#3B2F3F")
        s += rect(x - tw * 0.4, top - height * 0.11, tw * 0.8, height * 0.09, colours.glow)
        s += path(polygon([(x - tw * 0.6, top - height * 0.11), (x, top - height * 0.18), (x + tw * 0.6, top - height * 0.11)]), "#D1495B")
        return s
    }

    /// A little red rowing boat resting on the water, with its reflection.
    func rowingBoat(_ x: Double, _ y: Double, _ size: Double) -> String {
        let hull = "M\(f(x - size / 2)),\(f(y - size * 0.18)) L\(f(x + size / 2)),\(f(y - size * 0.18)) Q\(f(x + size * 0.4)),\(f(y + size * 0.08)) \(f(x + size * 0.25)),\(f(y + size * 0.08)) "
            + "L\(f(x - size * 0.25)),\(f(y + size * 0.08)) Q\(f(x - size * 0.4)),\(f(y + size * 0.08)) \(f(x - size / 2)),\(f(y - size * 0.18)) Z"
        return ellipse(x, y + size * 0.14, size * 0.45, size * 0.05, colours.moon, 0.25)
            + path(hull, "#C0504D", extra: stroke("#7A2E35", size * 0.03))
            + rect(x - size / 2, y - size * 0.2, size, size * 0.06, "#F4F0E8", r: size * 0.03)
    }

    /// A pink scallop shell.
    func shell(_ x: Double, _ y: Double, _ r: Double) -> String {
        var s = path("M\(f(x)),\(f(y + r * 0.5)) L\(f(x - r)),\(f(y - r * 0.2)) Q\(f(x)),\(f(y - r * 1.4)) \(f(x + r)),\(f(y - r * 0.2)) Z", "#F4B6B0",
                     extra: stroke("#C97E86", r * 0.08))
        for k in [-0.5, 0.0, 0.5] { s += path("M\(f(x)),\(f(y + r * 0.4)) L\(f(x + k * r)),\(f(y - r * 0.6))", "none", extra: stroke("#C97E86", r * 0.07)) }
        return s
    }

    mutating func skyVoyage() -> String {
        let c = colours
        var s = ""
        // Small clouds drifting among the stars.
        for _ in 0..<4 { s += cloud(rng.double(0, w), rng.double(0.25, 0.5) * h, width: rng.double(0.2, 0.35) * w, c.far, 0.35) }
        // Sleeping rooftops far below, with a few lit windows.
        var x = -10.0
        let roofs = h * 0.88
        while x < w + 10 {
            let bw = rng.double(0.08, 0.14) * w, bh = rng.double(0.04, 0.08) * h
            s += path(polygon([(x, h + 10), (x, roofs - bh), (x + bw / 2, roofs - bh - bw * 0.4), (x + bw, roofs - bh), (x + bw, h + 10)]), c.near)
            if rng.next() % 3 != 0 { s += rect(x + bw * 0.35, roofs - bh * 0.6, bw * 0.3, bh * 0.3, c.glow, 0.85) + glow(x + bw / 2, roofs - bh * 0.45, bw * 0.5) }
            x += bw + rng.double(0, 0.03) * w
        }
        // Cloud banks between the rooftops and the hero.
        for k in 0..<5 {
            s += cloud(rng.double(-0.1, 1.1) * w, h * (0.76 + 0.03 * Double(k % 2)), width: rng.double(0.4, 0.6) * w, k % 2 == 0 ? c.far : c.middle, 0.75)
        }
        // The hero sits in a little cloud boat.
        s += glow(heroX, heroFeet - h * 0.05, w * 0.4, id: "moonGlow")
        s += heroFigure(x: heroX, feet: heroFeet, scale: h * 0.2)
        return s + cloudBoat(heroX, rim: heroFeet - h * 0.045, half: w * 0.25)
    }

    /// A little boat made of cloud: a crescent hull with soft puffs along its rim.
    mutating func cloudBoat(_ x: Double, rim: Double, half: Double) -> String {
        let c = colours
        let hull = "M\(f(x - half)),\(f(rim - half * 0.25)) Q\(f(x - half * 0.8)),\(f(rim + half * 0.55)) \(f(x)),\(f(rim + half * 0.5)) "
            + "Q\(f(x + half * 0.8)),\(f(rim + half * 0.55)) \(f(x + half)),\(f(rim - half * 0.3)) Q\(f(x)),\(f(rim + half * 0.1)) \(f(x - half)),\(f(rim - half * 0.25)) Z"
        var s = path(hull, c.middle, extra: stroke(c.far, half * 0.03))
        s += path("M\(f(x - half * 0.7)),\(f(rim + half * 0.3)) Q\(f(x)),\(f(rim + half * 0.45)) \(f(x + half * 0.7)),\(f(rim + half * 0.28))", "none",
                  extra: stroke("#FFFFFF", half * 0.04, 0.6))
        var px = x - half * 0.95
        while px < x + half * 0.98 {
            let r = half * rng.double(0.1, 0.16)
            let t = (px - x) / half
            s += circle(px, rim - half * 0.05 + t * t * -half * 0.2, r, c.middle)
            px += r * 1.1
        }
        return s
    }
}
