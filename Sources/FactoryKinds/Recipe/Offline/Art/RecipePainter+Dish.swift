import Foundation

extension RecipePainter {
    /// The food on the plate: a bed of the base, the most colourful topping heaped in the middle,
    /// the other toppings and a fried egg (when there is one) around it, and a scatter of garnish.
    mutating func dish() -> String {
        let (cx, cy) = plateCentre, r = plateRadius
        var s = softEllipse(cx + 4 * u, cy + 6 * u, r * 0.62, r * 0.6, colour: "#3A2A1C", opacity: 0.18)
        s += base.shape == .noodles ? noodles(cx, cy, r: r * 0.6) : grains(cx, cy, r: r * 0.6)
        let bits = toppings.filter { $0.shape != .egg }.map(\.colour)
        for _ in 0..<(bits.isEmpty ? 0 : 70) {
            let (bx, by) = spot(cx, cy, r * 0.56)
            s += group(rect(bx - 3.5 * u, by - 3 * u, 7 * u, 6 * u, r: 1.5 * u, fill: bits[Int(rng.next() % UInt64(bits.count))]),
                       rotate: rng.double(0, 90), around: (bx, by))
        }
        var ring = toppings.filter { $0.shape != .egg }
        let middle = ring.max { Tone($0.colour).vividness < Tone($1.colour).vividness }
        ring.removeAll { $0 == middle }
        let egg = toppings.contains { $0.shape == .egg }
        let slots = Double(ring.count + (egg ? 1 : 0)), start = rng.double(0, 2 * Double.pi)
        for (k, food) in ring.enumerated() {
            let a = start + 2 * Double.pi * Double(k) / slots
            s += topping(food, cx + cos(a) * r * 0.37, cy + sin(a) * r * 0.37, r: r * 0.24)
        }
        if let middle { s += topping(middle, cx, cy, r: r * 0.19) }
        if egg {
            let a = start + 2 * Double.pi * Double(ring.count) / slots
            s += friedEgg(cx + cos(a) * r * 0.33, cy + sin(a) * r * 0.33, r: r * 0.25)
        }
        return s + garnish(cx, cy, r: r * 0.55)
    }

    /// A smooth closed blob around (cx, cy) whose radius wobbles by `wobble` of `r`.
    mutating func blob(_ cx: Double, _ cy: Double, r: Double, wobble: Double, points: Int = 16) -> String {
        let pts = (0..<points).map { k -> (Double, Double) in
            let a = 2 * Double.pi * Double(k) / Double(points), rr = r * (1 + rng.double(-wobble, wobble))
            return (cx + cos(a) * rr, cy + sin(a) * rr)
        }
        let mid = { (p: (Double, Double), q: (Double, Double)) in ((p.0 + q.0) / 2, (p.1 + q.1) / 2) }
        let first = mid(pts[points - 1], pts[0])
        var d = "M\(f(first.0)),\(f(first.1))"
        for k in 0..<points {
            let m = mid(pts[k], pts[(k + 1) % points])
            d += " Q\(f(pts[k].0)),\(f(pts[k].1)) \(f(m.0)),\(f(m.1))"
        }
        return d + " Z"
    }

    /// A mound of rice or grain: a soft base and hundreds of little grains.
    mutating func grains(_ cx: Double, _ cy: Double, r: Double) -> String {
        let colour = base.colour
        var s = path(blob(cx, cy, r: r, wobble: 0.06), fill: Tone.darker(colour, 0.1))
        s += path(blob(cx - r * 0.04, cy - r * 0.04, r: r * 0.92, wobble: 0.05), fill: colour)
        let shades = [Tone.lighter(colour, 0.5), Tone.darker(colour, 0.08), Tone.darker(colour, 0.16), "#FFFFFF"]
        for k in 0..<420 {
            let a = rng.double(0, 2 * Double.pi), d = r * 0.97 * rng.double(0, 1).squareRoot()
            let x = cx + cos(a) * d, y = cy + sin(a) * d
            s += group(ellipse(x, y, 4 * u, 1.8 * u, fill: shades[k % shades.count], opacity: 0.9), rotate: rng.double(0, 180), around: (x, y))
        }
        return s
    }

    /// A nest of noodles: many curving strands, each a darker stroke under a lighter one.
    mutating func noodles(_ cx: Double, _ cy: Double, r: Double) -> String {
        let colour = base.colour
        let bed = blob(cx, cy, r: r, wobble: 0.05)
        let s = "<defs><clipPath id=\"bed\"><path d=\"\(bed)\"/></clipPath></defs>" + path(bed, fill: Tone.darker(colour, 0.12))
        var strands = ""
        for _ in 0..<200 {
            let a = rng.double(0, 2 * Double.pi), d = r * 0.95 * rng.double(0, 1).squareRoot()
            let x0 = cx + cos(a) * d, y0 = cy + sin(a) * d
            let b = rng.double(0, 2 * Double.pi), len = rng.double(0.3, 0.6) * r
            let x3 = x0 + cos(b) * len, y3 = y0 + sin(b) * len
            let bend = rng.double(-0.5, 0.5) * len
            let strand = "M\(f(x0)),\(f(y0)) C\(f(x0 + bend)),\(f(y0 - bend)) \(f(x3 - bend)),\(f(y3 + bend)) \(f(x3)),\(f(y3))"
            strands += path(strand, fill: "none", extra: stroke(Tone.darker(colour, 0.3), 8.5 * u))
            strands += path(strand, fill: "none", extra: stroke(Tone.lighter(colour, 0.1), 5.5 * u))
        }
        return s + "<g clip-path=\"url(#bed)\">" + strands + "</g>"
    }

    /// A random point in the disc of radius `r` around (x, y).
    mutating func spot(_ x: Double, _ y: Double, _ r: Double) -> (Double, Double) {
        let a = rng.double(0, 2 * Double.pi), d = r * rng.double(0, 1).squareRoot()
        return (x + cos(a) * d, y + sin(a) * d)
    }

    /// One topping heaped within `r` of (x, y); its pieces are sized to the plate, not the heap.
    mutating func topping(_ food: Food, _ x: Double, _ y: Double, r: Double) -> String {
        let k = plateRadius * 0.1, colour = food.colour, edge = Tone.darker(colour, 0.25)
        var s = ""
        switch food.shape {
        case .leaves, .grain, .noodles:
            let tones = [colour, Tone.lighter(colour, 0.2), Tone.darker(colour, 0.15)]
            for n in 0..<22 {
                let (lx, ly) = spot(x, y, r * 0.8)
                s += leaf(lx, ly, angle: rng.double(0, 360), length: k * rng.double(1.6, 2.4), width: k * 0.55, colour: tones[n % 3])
            }
        case .round:
            for _ in 0..<10 {
                let (tx, ty) = spot(x, y, r * 0.85), tr = k * rng.double(0.75, 0.9)
                s += ellipse(tx + 2 * u, ty + 3 * u, tr, tr, fill: "#3A1A10", opacity: 0.25)
                s += ellipse(tx, ty, tr, tr, fill: colour) + ellipse(tx, ty, tr * 0.72, tr * 0.72, fill: Tone.lighter(colour, 0.25))
                for n in 0..<3 {
                    let a = Double(n) * 2.1
                    s += ellipse(tx + cos(a) * tr * 0.38, ty + sin(a) * tr * 0.38, tr * 0.12, tr * 0.08, fill: "#F8E08E")
                }
                s += ellipse(tx - tr * 0.35, ty - tr * 0.4, tr * 0.18, tr * 0.1, fill: "#FFFFFF", opacity: 0.6)
            }
        case .egg:
            s += friedEgg(x, y, r: k * 2.4)
        case .pieces:
            for _ in 0..<12 {
                let (px, py) = spot(x, y, r * 0.85), pw = k * rng.double(1.3, 1.7), ph = k * rng.double(0.9, 1.1)
                var piece = rect(px - pw / 2 + 2 * u, py - ph / 2 + 3 * u, pw, ph, r: ph * 0.35, fill: "#2A1A10", opacity: 0.25)
                piece += rect(px - pw / 2, py - ph / 2, pw, ph, r: ph * 0.35, fill: colour, extra: stroke(edge, 1.5 * u))
                piece += rect(px - pw / 2 + 3 * u, py - ph / 2 + 2 * u, pw * 0.6, ph * 0.25, r: ph * 0.1, fill: Tone.lighter(colour, 0.35), opacity: 0.7)
                piece += rect(px - pw * 0.15, py - ph / 2 + 2 * u, 3 * u, ph - 4 * u, fill: Tone.darker(colour, 0.35), opacity: 0.6)
                s += group(piece, rotate: rng.double(-40, 40), around: (px, py))
            }
        case .sticks:
            let lean = rng.double(0, 180)
            for _ in 0..<15 {
                let (px, py) = spot(x, y, r * 0.75), len = k * rng.double(2.2, 3)
                s += group(rect(px - len / 2, py - 3.5 * u, len, 7 * u, r: 3.5 * u, fill: colour, extra: stroke(Tone.darker(colour, 0.2), 1 * u))
                           + rect(px - len / 2 + 3 * u, py - 2 * u, len * 0.7, 1.5 * u, fill: "#FFFFFF", opacity: 0.4),
                           rotate: lean + rng.double(-25, 25), around: (px, py))
            }
        case .kernels:
            for _ in 0..<70 {
                let (kx, ky) = spot(x, y, r * 0.9)
                s += ellipse(kx, ky, 5.5 * u, 4.5 * u, fill: colour, extra: stroke(Tone.darker(colour, 0.2), 0.8 * u))
                s += ellipse(kx - 1.5 * u, ky - 1.5 * u, 1.8 * u, 1.2 * u, fill: "#FFFFFF", opacity: 0.6)
            }
        case .slices:
            for _ in 0..<2 {
                let (fx, fy) = spot(x, y, r * 0.4), fan = rng.double(0, 360)
                for n in 0..<5 {
                    let a = (fan + Double(n) * 20) * Double.pi / 180
                    let sx = fx + cos(a) * k * 0.9, sy = fy + sin(a) * k * 0.9
                    s += group(ellipse(sx, sy, k * 1.5, k * 0.5, fill: Tone.lighter(colour, 0.25), extra: stroke(Tone.darker(colour, 0.3), 3 * u)),
                               rotate: fan + Double(n) * 20, around: (sx, sy))
                }
            }
        case .florets:
            for _ in 0..<8 {
                let (fx, fy) = spot(x, y, r * 0.8)
                for n in 0..<7 {
                    let a = Double(n) * 0.9
                    s += ellipse(fx + cos(a) * k * 0.4, fy + sin(a) * k * 0.4, k * 0.38, k * 0.38,
                                 fill: n % 2 == 0 ? colour : Tone.lighter(colour, 0.2), extra: stroke(edge, 1 * u))
                }
            }
        }
        return s
    }

    /// A fried egg: a wavy white with a crisp edge and a glossy yolk.
    mutating func friedEgg(_ x: Double, _ y: Double, r: Double) -> String {
        let shadow = blob(x + 3 * u, y + 5 * u, r: r, wobble: 0.14, points: 10)
        var s = softShape(colour: "#2A1A10", opacity: 0.22) { path(shadow, fill: "#2A1A10", opacity: $0, extra: $1) }
        s += path(blob(x, y, r: r, wobble: 0.14, points: 10), fill: "#FFFDF7", extra: stroke("#E9C98F", 2.5 * u))
        s += ellipse(x + r * 0.1, y - r * 0.05, r * 0.42, r * 0.42, fill: "#F6A91F")
        s += ellipse(x + r * 0.1, y - r * 0.05, r * 0.42, r * 0.42, fill: "url(#ball)")
        return s + ellipse(x - r * 0.03, y - r * 0.18, r * 0.12, r * 0.07, fill: "#FFFFFF", opacity: 0.8)
    }

    /// Spring-onion rings, sesame seeds and chilli flakes over the dish.
    mutating func garnish(_ cx: Double, _ cy: Double, r: Double) -> String {
        var s = ""
        for _ in 0..<12 {
            let a = rng.double(0, 2 * Double.pi), d = r * rng.double(0, 1).squareRoot()
            s += ellipse(cx + cos(a) * d, cy + sin(a) * d, 5 * u, 5 * u, fill: "none", extra: stroke("#5DBB4A", 2.5 * u))
        }
        for _ in 0..<30 {
            let a = rng.double(0, 2 * Double.pi), d = r * rng.double(0, 1).squareRoot()
            let x = cx + cos(a) * d, y = cy + sin(a) * d
            s += group(ellipse(x, y, 2.4 * u, 1.3 * u, fill: "#FFF6DC"), rotate: rng.double(0, 180), around: (x, y))
        }
        for _ in 0..<10 {
            let a = rng.double(0, 2 * Double.pi), d = r * rng.double(0, 1).squareRoot()
            s += ellipse(cx + cos(a) * d, cy + sin(a) * d, 2 * u, 1.5 * u, fill: "#C8322B")
        }
        return s
    }
}
