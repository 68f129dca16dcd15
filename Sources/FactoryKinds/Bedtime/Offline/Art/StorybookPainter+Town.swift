import FactoryCore
import Foundation

/// Snow and town. Snow: pale mountains, a snowy valley, pines capped with snow, a wooden cabin
/// with a warm window and a red door. Town: a row of gabled houses with lit windows, a clock
/// tower, street lamps and a cobbled square.
extension StorybookPainter {
    mutating func snow() -> String {
        let c = colours
        var s = ""
        var x = -w * 0.1
        while x < w * 1.1 {
            let peak = horizon - h * rng.double(0.08, 0.16), half = w * rng.double(0.16, 0.26)
            s += path(polygon([(x - half, horizon + 4), (x, peak), (x + half, horizon + 4)]), c.far)
            s += path(polygon([(x - half * 0.3, peak + (horizon - peak) * 0.3), (x, peak), (x + half * 0.3, peak + (horizon - peak) * 0.3),
                               (x + half * 0.1, peak + (horizon - peak) * 0.38), (x - half * 0.1, peak + (horizon - peak) * 0.26)]), "#F4F8FF")
            x += half * rng.double(1.0, 1.5)
        }
        s += path(hill(base: horizon + h * 0.02, amplitude: h * 0.012), Tone.darker(c.near, 0.12))
        for _ in 0..<9 {
            let px = rng.double(-0.05, 1.05) * w
            if abs(px - heroX) < w * 0.12 { continue }
            s += pine(px, horizon + h * rng.double(0.03, 0.07), height: h * rng.double(0.1, 0.17))
        }
        s += cabin(w / 2 + farSide * w * rng.double(0.26, 0.32), horizon + h * 0.1, size: w * 0.3)
        s += path(hill(base: horizon + h * 0.12, amplitude: h * 0.014), c.near)
        s += path(hill(base: heroFeet + h * 0.08, amplitude: h * 0.012), "#D6E2F2", 0.7)
        for side in [-1.0, 1.0] { s += pine(w / 2 + side * w * rng.double(0.42, 0.5), h * 0.98, height: h * 0.3) }
        return s
    }

    /// A pine of three stacked tiers, each capped with snow.
    func pine(_ x: Double, _ base: Double, height: Double) -> String {
        var s = rect(x - height * 0.04, base - height * 0.15, height * 0.08, height * 0.15, "#4A3630")
        for k in 0..<3 {
            let top = base - height * (1.0 - 0.25 * Double(k)), bottom = base - height * (0.12 + 0.25 * Double(2 - k) * 0.6)
            let half = height * (0.2 + 0.07 * Double(k))
            s += path(polygon([(x - half, bottom), (x, top), (x + half, bottom)]), colours.middle)
            s += path("M\(f(x - half * 0.55)),\(f(top + (bottom - top) * 0.5)) L\(f(x)),\(f(top)) L\(f(x + half * 0.55)),\(f(top + (bottom - top) * 0.5)) "
                      + "Q\(f(x)),\(f(top + (bottom - top) * 0.3)) \(f(x - half * 0.55)),\(f(top + (bottom - top) * 0.5)) Z", "#F4F8FF", 0.9)
        }
        return s
    }

    /// A log cabin with a snowy roof, a chimney's smoke, a warm window and a red door.
    func cabin(_ x: Double, _ base: Double, size: Double) -> String {
        let wall = size * 0.45, left = x - size / 2
        var s = rect(left + size * 0.7, base - wall - size * 0.38, size * 0.1, size * 0.25, "#6A4A3C")
        for k in 0..<3 { s += circle(left + size * 0.75 + Double(k) * size * 0.05, base - wall - size * (0.45 + 0.1 * Double(k)), size * (0.04 + 0.015 * Double(k)), "#D8E2EE", 0.5) }
        s += rect(left, base - wall, size, wall, "#8A5A44", extra: stroke("#5A3A2C", 1.5))
        for k in 1..<5 { s += path("M\(f(left)),\(f(base - wall * Double(k) / 5)) h\(f(size))", "none", extra: stroke("#6E4636", 1.2)) }
        s += path(polygon([(left - size * 0.1, base - wall + 2), (x, base - wall - size * 0.35), (left + size * 1.1, base - wall + 2)]), "#F2F6FC",
                  extra: stroke("#B8C9E0", 1.5))
        s += glow(left + size * 0.3, base - wall * 0.5, size * 0.5)
        s += rect(left + size * 0.18, base - wall * 0.72, size * 0.24, wall * 0.4, colours.glow, extra: stroke("#5A3A2C", 2))
        s += path("M\(f(left + size * 0.3)),\(f(base - wall * 0.72)) v\(f(wall * 0.4)) M\(f(left + size * 0.18)),\(f(base - wall * 0.52)) h\(f(size * 0.24))",
                  "none", extra: stroke("#5A3A2C", 1.5))
        s += rect(left + size * 0.62, base - wall * 0.75, size * 0.18, wall * 0.75, "#C0392B", r: size * 0.03)
        return s + circle(left + size * 0.76, base - wall * 0.38, size * 0.012, "#F2C14E")
    }

    mutating func town() -> String {
        let c = colours
        var s = ""
        let towerX = w / 2 + farSide * w * rng.double(0.22, 0.3)
        let street = horizon + h * 0.06
        s += clockTower(towerX, street, height: h * 0.42)
        var x = -w * 0.05
        let houseTones = [c.far, c.middle, Tone.darker(c.far, 0.15), Tone.lighter(c.middle, 0.1)]
        while x < w * 1.05 {
            let bw = rng.double(0.14, 0.2) * w, bh = rng.double(0.1, 0.16) * h, tone = houseTones[Int(rng.next() % 4)]
            if abs(x + bw / 2 - towerX) < w * 0.1 { x += bw * 0.7; continue }
            s += house(x, street, width: bw, height: bh, tone: tone)
            x += bw + rng.double(0.005, 0.02) * w
        }
        // The cobbled square, in rows of rounded stones that shrink towards the houses.
        s += rect(-10, street, w + 20, h - street + 10, c.near)
        var y = street + 4.0, row = 0
        while y < h + 10 {
            let t = (y - street) / (h - street), stone = w * (0.025 + 0.05 * t)
            var sx = (row % 2 == 0 ? 0 : stone / 2) - stone
            while sx < w + stone {
                s += rect(sx + 1, y, stone - 2, stone * 0.45, Tone.lighter(c.near, rng.double(0.0, 0.2)), r: stone * 0.2, 0.8)
                sx += stone
            }
            y += stone * 0.5; row += 1
        }
        for side in [-1.0, 1.0] { s += streetLamp(heroX + side * w * rng.double(0.24, 0.3), heroFeet + h * 0.02, height: h * 0.26) }
        return s
    }

    /// A gabled house with a chimney and two or three windows, most of them lit.
    mutating func house(_ x: Double, _ base: Double, width bw: Double, height bh: Double, tone: String) -> String {
        let roof = Tone.darker(tone, 0.4)
        var s = rect(x + bw * 0.65, base - bh - bw * 0.45, bw * 0.1, bw * 0.3, roof)
        s += rect(x, base - bh, bw, bh, tone, extra: stroke(Tone.darker(tone, 0.25), 1.2))
        s += path(polygon([(x - bw * 0.06, base - bh + 1), (x + bw / 2, base - bh - bw * 0.42), (x + bw * 1.06, base - bh + 1)]), roof)
        for k in 0..<2 {
            let wx = x + bw * (0.18 + 0.4 * Double(k)), wy = base - bh * 0.75
            let lit = rng.next() % 4 != 0
            if lit { s += glow(wx + bw * 0.12, wy + bh * 0.15, bw * 0.35) }
            s += rect(wx, wy, bw * 0.24, bh * 0.28, lit ? colours.glow : Tone.darker(tone, 0.45), r: 2, extra: stroke(Tone.darker(tone, 0.5), 1.2))
        }
        return s + rect(x + bw * 0.4, base - bh * 0.38, bw * 0.2, bh * 0.38, Tone.darker(tone, 0.5), r: bw * 0.05)
    }

    /// The clock tower: a tall body, a lit clock face, a pointed roof.
    func clockTower(_ x: Double, _ base: Double, height: Double) -> String {
        let tw = height * 0.2, tone = colours.accent
        var s = rect(x - tw / 2, base - height, tw, height, tone, extra: stroke(Tone.darker(tone, 0.3), 1.5))
        s += path(polygon([(x - tw * 0.65, base - height), (x, base - height - tw * 1.1), (x + tw * 0.65, base - height)]), Tone.darker(tone, 0.35))
        let cy = base - height * 0.78, r = tw * 0.34
        s += glow(x, cy, r * 3)
        s += circle(x, cy, r, colours.moon, extra: stroke(Tone.darker(tone, 0.4), 2))
        s += path("M\(f(x)),\(f(cy)) v\(f(-r * 0.7)) M\(f(x)),\(f(cy)) l\(f(r * 0.45)),\(f(r * 0.2))", "none", extra: stroke("#3B2F3F", 2))
        return s + rect(x - tw * 0.2, base - height * 0.5, tw * 0.4, height * 0.12, Tone.darker(tone, 0.4), r: tw * 0.2)
    }

    /// A street lamp with a warm glowing lamp.
    func streetLamp(_ x: Double, _ base: Double, height: Double) -> String {
        let top = base - height
        return rect(x - 3, top, 6, height, "#2E2540") + rect(x - 10, base - 6, 20, 6, "#2E2540", r: 2)
            + glow(x, top - height * 0.06, height * 0.45)
            + rect(x - height * 0.05, top - height * 0.12, height * 0.1, height * 0.12, colours.glow, r: 3, extra: stroke("#2E2540", 2.5))
            + path(polygon([(x - height * 0.07, top - height * 0.12), (x, top - height * 0.18), (x + height * 0.07, top - height * 0.12)]), "#2E2540")
    }
}
