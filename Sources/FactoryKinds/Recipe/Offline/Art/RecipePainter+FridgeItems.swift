import Foundation

extension RecipePainter {
    // Things in the fridge, each drawn standing on a floor line `by` around centre `cx`, in
    // reference pixels scaled by `u`: a body colour, a sheen or sphere shading, and a soft shadow.

    func jar(_ cx: Double, _ by: Double, width jw: Double, height jh: Double, content: String, level: Double, lid: String) -> String {
        let x = cx - jw / 2, top = by - jh, fill = jh * level
        var s = shadow(cx, by, jw * 0.6, 4 * u)
        s += rect(x, top, jw, jh, r: 9 * u, fill: "#EAF3F7", opacity: 0.55)
        s += rect(x + 3 * u, by - fill, jw - 6 * u, fill - 3 * u, r: 7 * u, fill: content)
        s += rect(x + 3 * u, by - fill, jw - 6 * u, 4 * u, r: 2 * u, fill: Tone.lighter(content, 0.3))
        s += rect(x, top, jw, jh, r: 9 * u, fill: "url(#sheen)")
        s += rect(x, top, jw, jh, r: 9 * u, fill: "none", extra: stroke("#9DB2BF", 1.5 * u, opacity: 0.7))
        s += rect(cx - jw * 0.47, top - 13 * u, jw * 0.94, 15 * u, r: 3 * u, fill: lid)
        s += rect(cx - jw * 0.47, top - 13 * u, jw * 0.94, 4 * u, r: 2 * u, fill: Tone.lighter(lid, 0.35))
        return s + rect(cx - jw * 0.47, top - 13 * u, jw * 0.94, 15 * u, r: 3 * u, fill: "url(#sheen)")
    }

    /// A bottle: clear glass showing its liquid up to `level`, or opaque (milk) when `opaque`.
    func bottle(_ cx: Double, _ by: Double, width bw: Double, height bh: Double, liquid: String, level: Double,
                cap: String, label: String? = nil, opaque: Bool = false) -> String {
        let shoulder = by - bh * 0.62, neck = by - bh * 0.86
        let outline = "M\(f(cx - bw / 2)),\(f(by - 6 * u)) L\(f(cx - bw / 2)),\(f(shoulder)) Q\(f(cx - bw / 2)),\(f(neck + bh * 0.04)) \(f(cx - bw * 0.2)),\(f(neck)) "
            + "L\(f(cx - bw * 0.2)),\(f(by - bh * 0.95)) L\(f(cx + bw * 0.2)),\(f(by - bh * 0.95)) L\(f(cx + bw * 0.2)),\(f(neck)) "
            + "Q\(f(cx + bw / 2)),\(f(neck + bh * 0.04)) \(f(cx + bw / 2)),\(f(shoulder)) L\(f(cx + bw / 2)),\(f(by - 6 * u)) "
            + "Q\(f(cx + bw / 2)),\(f(by)) \(f(cx + bw / 2 - 6 * u)),\(f(by)) L\(f(cx - bw / 2 + 6 * u)),\(f(by)) Q\(f(cx - bw / 2)),\(f(by)) \(f(cx - bw / 2)),\(f(by - 6 * u)) Z"
        var s = shadow(cx, by, bw * 0.6, 4 * u)
        s += path(outline, fill: opaque ? liquid : "#E6F1F6", opacity: opaque ? 1 : 0.55)
        if !opaque {
            let top = by - bh * 0.6 * level
            s += rect(cx - bw / 2 + 2.5 * u, top, bw - 5 * u, by - top - 2.5 * u, r: 5 * u, fill: liquid, opacity: 0.9)
        }
        if let label {
            s += rect(cx - bw / 2, by - bh * 0.45, bw, bh * 0.2, fill: label)
            s += rect(cx - bw * 0.3, by - bh * 0.38, bw * 0.6, 2.5 * u, fill: "#FFFFFF", opacity: 0.75)
        }
        s += path(outline, fill: "url(#sheen)") + path(outline, fill: "none", extra: stroke("#8FA6B4", 1.2 * u, opacity: 0.6))
        s += rect(cx - bw * 0.24, by - bh, bw * 0.48, bh * 0.08, r: 2 * u, fill: cap)
        return s + rect(cx - bw * 0.24, by - bh, bw * 0.48, bh * 0.08, r: 2 * u, fill: "url(#sheen)")
    }

    /// A gable-top milk carton with a torn-open spout.
    func carton(_ cx: Double, _ by: Double, width cw: Double, height ch: Double, band: String) -> String {
        let x0 = cx - cw / 2, x1 = cx + cw * 0.2, x2 = cx + cw / 2, shoulder = by - ch * 0.78
        var s = shadow(cx, by, cw * 0.6, 5 * u)
        s += rect(x0, shoulder, x1 - x0, ch * 0.78, fill: "#F8F7F2")
        s += path(polygon([(x1, shoulder), (x2, shoulder + 4 * u), (x2, by), (x1, by)]), fill: "#DCDDD8")
        s += path(polygon([(x0, shoulder), (x1, shoulder), (x1 - cw * 0.1, by - ch * 0.94), (x0 + cw * 0.1, by - ch * 0.94)]), fill: "#ECEBE5")
        s += path(polygon([(x1, shoulder), (x2, shoulder + 4 * u), (x1 - cw * 0.1, by - ch * 0.94)]), fill: "#C9CAC4")
        s += rect(x0 + cw * 0.1, by - ch, x1 - x0 - cw * 0.2, ch * 0.06, fill: "#E4E3DC")
        s += path(polygon([(x0 + cw * 0.1, by - ch * 0.97), (x0 - cw * 0.12, by - ch * 1.02), (x0 + cw * 0.02, by - ch * 0.9)]), fill: "#D5D4CD")
        s += rect(x0, by - ch * 0.5, x1 - x0, ch * 0.24, fill: band)
        s += path(polygon([(x1, by - ch * 0.5), (x2, by - ch * 0.5 + 3 * u), (x2, by - ch * 0.26 + 3 * u), (x1, by - ch * 0.26)]), fill: Tone.darker(band, 0.2))
        s += ellipse(x0 + (x1 - x0) * 0.5, by - ch * 0.38, cw * 0.12, ch * 0.07, fill: "#FFFFFF", opacity: 0.85)
        return s
    }

    /// An egg box opened, only `eggs` of its six cups filled.
    func eggBox(_ cx: Double, _ by: Double, width bw: Double, eggs: Set<Int>) -> String {
        let x0 = cx - bw / 2, boxH = 26 * u
        var s = shadow(cx, by, bw * 0.55, 5 * u)
        s += path(polygon([(x0, by - boxH), (x0 + bw, by - boxH), (x0 + bw - 8 * u, by - boxH - 50 * u), (x0 + 8 * u, by - boxH - 50 * u)]), fill: "#C8B89B")
        s += path(polygon([(x0 + 6 * u, by - boxH - 4 * u), (x0 + bw - 6 * u, by - boxH - 4 * u), (x0 + bw - 12 * u, by - boxH - 44 * u), (x0 + 12 * u, by - boxH - 44 * u)]), fill: "#B9A888")
        let cup = bw / 6
        for i in 0..<6 where eggs.contains(i) {
            let ex = x0 + cup * (Double(i) + 0.5)
            s += ellipse(ex, by - boxH - 10 * u, cup * 0.46, 20 * u, fill: i % 2 == 0 ? "#F3E3CA" : "#E3B98F")
            s += ellipse(ex, by - boxH - 10 * u, cup * 0.46, 20 * u, fill: "url(#ball)")
        }
        s += rect(x0, by - boxH, bw, boxH, r: 4 * u, fill: "#DCCDB2")
        for i in 0..<6 {
            s += ellipse(x0 + cup * (Double(i) + 0.5), by - 4 * u, cup * 0.42, 6 * u, fill: "#C7B697")
            if i > 0 { s += rect(x0 + cup * Double(i) - 0.8 * u, by - boxH + 4 * u, 1.6 * u, boxH - 8 * u, fill: "#BCA98A") }
        }
        return s + rect(x0, by - boxH, bw, 4 * u, r: 2 * u, fill: "#E9DDC6")
    }

    func tomato(_ cx: Double, _ by: Double, r: Double, colour: String = "#E2483B") -> String {
        let cy = by - r * 0.92
        var s = shadow(cx, by, r * 0.9, 4 * u)
        s += ellipse(cx, cy, r * 1.05, r * 0.92, fill: colour) + ellipse(cx, cy, r * 1.05, r * 0.92, fill: "url(#ball)")
        for k in 0..<5 {
            s += group(ellipse(cx + r * 0.22, cy - r * 0.8, r * 0.26, r * 0.08, fill: "#3F7D2E"), rotate: Double(k) * 72, around: (cx, cy - r * 0.8))
        }
        return s + ellipse(cx - r * 0.4, cy - r * 0.35, r * 0.16, r * 0.1, fill: "#FFFFFF", opacity: 0.7)
    }

    /// A leaf from (x, y) pointing `angle` degrees clockwise from the right, with a lighter vein.
    func leaf(_ x: Double, _ y: Double, angle: Double, length: Double, width lw: Double, colour: String) -> String {
        let d = "M\(f(x)),\(f(y)) Q\(f(x + length * 0.45)),\(f(y - lw)) \(f(x + length)),\(f(y)) Q\(f(x + length * 0.5)),\(f(y + lw)) \(f(x)),\(f(y)) Z"
        let vein = "M\(f(x)),\(f(y)) Q\(f(x + length * 0.5)),\(f(y - lw * 0.15)) \(f(x + length * 0.9)),\(f(y))"
        return group(path(d, fill: colour) + path(vein, fill: "none", extra: stroke(Tone.lighter(colour, 0.35), max(1, lw * 0.12))),
                     rotate: angle, around: (x, y))
    }

    /// A slumped bunch of yellowing greens in a crumpled bag, one leaf hanging over the shelf.
    mutating func wiltedGreens(_ cx: Double, _ by: Double, size: Double) -> String {
        let tones = ["#8E9F45", "#B0A850", "#7C8C3A", "#A89447", "#96A04A", "#9E8A3E"]
        var s = shadow(cx, by, size * 0.7, 5 * u)
        let stem = (cx - size * 0.1, by - size * 0.35)
        for k in 0..<7 {
            let angle = -150 + Double(k) * 38 + rng.double(-12, 12)
            s += leaf(stem.0, stem.1, angle: angle, length: size * rng.double(0.45, 0.65), width: size * 0.16, colour: tones[k % tones.count])
        }
        s += leaf(cx + size * 0.2, by - 6 * u, angle: rng.double(55, 80), length: size * 0.55, width: size * 0.14, colour: "#A9A44C")
        for _ in 0..<6 {
            s += ellipse(cx + rng.double(-0.4, 0.4) * size, by - rng.double(0.15, 0.6) * size, 3 * u, 2 * u, fill: "#6E5A2A", opacity: 0.55)
        }
        let bag = "M\(f(cx - size * 0.5)),\(f(by)) Q\(f(cx - size * 0.72)),\(f(by - size * 0.3)) \(f(cx - size * 0.38)),\(f(by - size * 0.42)) "
            + "L\(f(cx - size * 0.14)),\(f(by - size * 0.34)) L\(f(cx + size * 0.08)),\(f(by - size * 0.44)) "
            + "Q\(f(cx + size * 0.62)),\(f(by - size * 0.34)) \(f(cx + size * 0.5)),\(f(by)) Z"
        s += path(bag, fill: "#EEF6FA", opacity: 0.45, extra: stroke("#FFFFFF", 2 * u, opacity: 0.9))
        for k in 0..<3 {
            let x = cx + size * (Double(k) * 0.28 - 0.36)
            s += path("M\(f(x)),\(f(by - size * 0.3)) q\(f(size * 0.06)),\(f(size * 0.1)) \(f(size * 0.02)),\(f(size * 0.24))", fill: "none",
                      extra: stroke("#FFFFFF", 1.5 * u, opacity: 0.75))
        }
        return s
    }

    /// A bowl of leftovers under cling film.
    func leftoverBowl(_ cx: Double, _ by: Double, width bw: Double, food: String) -> String {
        let bh = bw * 0.42, rim = by - bh
        var s = shadow(cx, by, bw * 0.45, 5 * u)
        s += ellipse(cx, rim, bw * 0.44, bh * 0.28, fill: Tone.darker(food, 0.1))
        s += ellipse(cx - bw * 0.08, rim - 2 * u, bw * 0.22, bh * 0.16, fill: food)
        s += path("M\(f(cx - bw / 2)),\(f(rim)) A\(f(bw / 2)),\(f(bh)) 0 0 0 \(f(cx + bw / 2)),\(f(rim)) Z", fill: "#F3EDE3")
        s += path("M\(f(cx - bw / 2)),\(f(rim)) A\(f(bw / 2)),\(f(bh)) 0 0 0 \(f(cx + bw / 2)),\(f(rim)) Z", fill: "url(#sheen)")
        s += rect(cx - bw * 0.3, rim + bh * 0.3, bw * 0.6, 3 * u, fill: "#7FA7C7", opacity: 0.8)
        return s + ellipse(cx, rim - 3 * u, bw * 0.5, bh * 0.3, fill: "#FFFFFF", opacity: 0.22, extra: stroke("#FFFFFF", 1.5 * u, opacity: 0.8))
    }

    /// A yoghurt pot with its foil lid half peeled back.
    func yoghurt(_ cx: Double, _ by: Double, width yw: Double, band: String) -> String {
        let yh = yw * 1.1, top = by - yh
        var s = shadow(cx, by, yw * 0.5, 4 * u)
        let body = polygon([(cx - yw / 2, top), (cx + yw / 2, top), (cx + yw * 0.4, by), (cx - yw * 0.4, by)])
        s += path(body, fill: "#FBFAF6") + path(polygon([(cx - yw * 0.47, top + yh * 0.3), (cx + yw * 0.47, top + yh * 0.3), (cx + yw * 0.43, top + yh * 0.7), (cx - yw * 0.43, top + yh * 0.7)]), fill: band)
        s += path(body, fill: "url(#sheen)")
        s += ellipse(cx, top, yw / 2, 4 * u, fill: "#F1E7D7")
        return s + path("M\(f(cx - yw * 0.1)),\(f(top)) Q\(f(cx + yw * 0.2)),\(f(top - yh * 0.5)) \(f(cx + yw * 0.55)),\(f(top - yh * 0.3)) L\(f(cx + yw / 2)),\(f(top)) Z", fill: "#C5CCD5")
    }

    /// Half a lemon, cut face forward.
    func halfLemon(_ cx: Double, _ by: Double, r: Double) -> String {
        let cy = by - r
        var s = shadow(cx, by, r, 4 * u) + ellipse(cx, cy, r, r, fill: "#F9E27A", extra: stroke("#EBC12A", 4 * u))
        for k in 0..<8 {
            let a = Double(k) * Double.pi / 4
            s += path("M\(f(cx)),\(f(cy)) L\(f(cx + cos(a) * r * 0.8)),\(f(cy + sin(a) * r * 0.8))", fill: "none", extra: stroke("#F1CE4A", 1.5 * u))
        }
        return s + ellipse(cx, cy, r, r, fill: "url(#ball)", opacity: 0.6)
    }

    func cheese(_ cx: Double, _ by: Double, width cw: Double) -> String {
        let ch = cw * 0.5
        var s = shadow(cx, by, cw * 0.55, 4 * u)
        s += path(polygon([(cx - cw / 2, by), (cx + cw / 2, by), (cx + cw / 2, by - ch)]), fill: "#F2C94C")
        s += path(polygon([(cx - cw / 2, by), (cx + cw / 2, by - ch), (cx + cw * 0.35, by - ch - 8 * u), (cx - cw / 2 - 6 * u, by - 6 * u)]), fill: "#F8DD7C")
        return s + ellipse(cx + cw * 0.2, by - ch * 0.3, 4 * u, 3 * u, fill: "#D9A93A") + ellipse(cx + cw * 0.35, by - ch * 0.6, 3 * u, 2.5 * u, fill: "#D9A93A")
    }

    /// A scrunched ball of kitchen foil.
    mutating func foilBall(_ cx: Double, _ by: Double, r: Double) -> String {
        var s = shadow(cx, by, r, 4 * u) + path(blob(cx, by - r * 0.85, r: r, wobble: 0.18, points: 9), fill: "#C9CED4")
        for _ in 0..<6 {
            let x = cx + rng.double(-0.6, 0.6) * r, y = by - r * 0.85 + rng.double(-0.6, 0.6) * r
            s += path("M\(f(x)),\(f(y)) l\(f(rng.double(-8, 8) * u)),\(f(rng.double(-8, 8) * u))", fill: "none", extra: stroke(rng.next() % 2 == 0 ? "#FFFFFF" : "#8E979F", 1.5 * u))
        }
        return s + path(blob(cx, by - r * 0.85, r: r, wobble: 0.01, points: 9), fill: "url(#ball)")
    }

    /// A puddle and crumbs on a shelf.
    mutating func spill(_ cx: Double, _ by: Double, colour: String) -> String {
        var s = ellipse(cx, by - 2 * u, rng.double(22, 34) * u, 5 * u, fill: colour, opacity: 0.5)
        for _ in 0..<12 {
            s += ellipse(cx + rng.double(-50, 50) * u, by - rng.double(0, 6) * u, rng.double(1, 2.5) * u, rng.double(1, 2) * u, fill: "#8A6A45", opacity: 0.6)
        }
        return s
    }
}
