extension RecipePainter {
    /// What stands on the shelves after: two stacked rows of matching meal-prep containers of the
    /// dish, a row of labelled tubs, and a row of jars of cut vegetables, all evenly spaced; the
    /// seed picks which shelf holds which row and the lid colours.
    mutating func tidyShelves(_ fr: Fridge) -> String {
        let lids = ["#5FA8A0", "#E07A5F", "#6C8EBF", "#81B29A"]
        let lid = lids[Int(rng.next() % UInt64(lids.count))]
        let lo = fr.left + 18 * u, hi = fr.right - 18 * u
        var shelves = fr.floors
        shelves.shuffle(using: &rng)
        var s = ""
        let cw = (hi - lo) / 3 - 8 * u
        for level in 0..<2 {
            for x in row(3, from: lo, to: hi) {
                s += container(x - cw / 2, shelves[0] - Double(level) * 88 * u, width: cw, height: 74 * u, lid: lid)
            }
        }
        let tubColours = [("#F2CC8F", "#E07A5F"), ("#A8DADC", "#457B9D"), ("#CDE7B0", "#6A994E"), ("#F6BD60", "#F28482")]
        for (k, x) in row(4, from: lo, to: hi).enumerated() {
            let colours = tubColours[k % 2 == 0 ? 0 : 1 + Int(rng.next() % 3)]
            s += tub(x, shelves[1], width: 78 * u, height: 112 * u, lid: colours.1, label: colours.1, content: colours.0)
        }
        var sticks = toppings.filter { $0.shape != .egg }.map(\.colour) + ["#F28A2E", "#8CC26A", "#D8362F"]
        sticks.shuffle(using: &rng)
        for (k, x) in row(4, from: lo, to: hi).enumerated() {
            s += stickJar(x, shelves[2], width: 72 * u, height: 132 * u, colours: [sticks[k % sticks.count], sticks[(k + 3) % sticks.count]])
        }
        return s
    }

    /// A glass meal-prep box of the dish: base, then two toppings in compartments, lid and label.
    func container(_ x: Double, _ by: Double, width cw: Double, height ch: Double, lid: String) -> String {
        let top = by - ch, fillTop = top + ch * 0.2, inner = cw - 8 * u
        var s = shadow(x + cw / 2, by, cw * 0.52, 4 * u)
        s += rect(x, top, cw, ch, r: 7 * u, fill: "#E8F2F7", opacity: 0.5)
        var left = x + 4 * u
        let parts = [base] + toppings.prefix(3)
        for (k, part) in parts.enumerated() {
            let pw = inner * (k == 0 ? 0.4 : 0.6 / Double(parts.count - 1))
            s += foodBlock(left, fillTop + Double(k) * 2 * u, pw - 1.5 * u, by - 4 * u - fillTop - Double(k) * 2 * u, food: part)
            left += pw
        }
        s += rect(x + 4 * u + inner * 0.4 - 1.5 * u, fillTop - 4 * u, 2 * u, by - fillTop, fill: "#FFFFFF", opacity: 0.7)
        s += rect(x, top, cw, ch, r: 7 * u, fill: "url(#sheen)")
        s += rect(x, top, cw, ch, r: 7 * u, fill: "none", extra: stroke("#8EA9B8", 1.5 * u, opacity: 0.8))
        s += rect(x - 2 * u, top - 9 * u, cw + 4 * u, 12 * u, r: 4 * u, fill: lid)
        s += rect(x - 2 * u, top - 9 * u, cw + 4 * u, 3.5 * u, r: 2 * u, fill: Tone.lighter(lid, 0.35))
        s += rect(x + 4 * u, by - ch * 0.42, cw * 0.3, ch * 0.24, r: 2 * u, fill: "#FFFFFF", opacity: 0.95)
        return s + rect(x + 7 * u, by - ch * 0.34, cw * 0.2, 2 * u, fill: "#9AA5AE")
    }

    /// A block of food seen through glass: a wavy top in the food's colour, speckled by its texture.
    func foodBlock(_ x: Double, _ y: Double, _ bw: Double, _ bh: Double, food: Food) -> String {
        let waves = max(2, Int(bw / (10 * u)))
        var d = "M\(f(x)),\(f(y + bh)) L\(f(x)),\(f(y + 3 * u))"
        for k in 0..<waves {
            let x1 = x + bw * Double(k + 1) / Double(waves), mx = x + bw * (Double(k) + 0.5) / Double(waves)
            d += " Q\(f(mx)),\(f(y - 3 * u)) \(f(x1)),\(f(y + 3 * u))"
        }
        d += " L\(f(x + bw)),\(f(y + bh)) Z"
        let colour = food.shape == .egg ? "#FBF6EA" : food.colour
        var s = path(d, fill: colour)
        let step = 7 * u
        var line = 0
        var yy = y + 6 * u
        while yy < y + bh - 3 * u {
            var xx = x + (line % 2 == 0 ? 3 : 6.5) * u
            while xx < x + bw - 3 * u {
                switch food.shape {
                case .egg: s += ellipse(xx + 2 * u, yy, 3.5 * u, 3 * u, fill: "#F7B92E", opacity: line % 2 == 0 ? 0.9 : 0)
                case .grain, .noodles: s += ellipse(xx, yy, 2.2 * u, 1.2 * u, fill: Tone.lighter(colour, 0.6))
                default: s += ellipse(xx, yy, 2.6 * u, 2 * u, fill: Tone.darker(colour, 0.18), opacity: 0.6)
                }
                xx += step
            }
            yy += step
            line += 1
        }
        return s + rect(x, y + bh * 0.65, bw, bh * 0.35, fill: "#000000", opacity: 0.07)
    }

    /// A round deli tub with a coloured lid and a printed label.
    func tub(_ cx: Double, _ by: Double, width tw: Double, height th: Double, lid: String, label: String, content: String) -> String {
        var s = shadow(cx, by, tw * 0.55, 4 * u)
        s += rect(cx - tw / 2, by - th, tw, th, r: 6 * u, fill: "#F7F5EF")
        s += rect(cx - tw / 2 + 3 * u, by - th * 0.3, tw - 6 * u, th * 0.26, r: 4 * u, fill: content, opacity: 0.8)
        s += rect(cx - tw * 0.38, by - th * 0.72, tw * 0.76, th * 0.36, r: 3 * u, fill: "#FFFFFF", extra: stroke(label, 1.5 * u))
        s += rect(cx - tw * 0.28, by - th * 0.64, tw * 0.56, 5 * u, r: 2 * u, fill: label)
        s += rect(cx - tw * 0.28, by - th * 0.5, tw * 0.4, 2.5 * u, fill: "#A0A7AE")
        s += rect(cx - tw / 2, by - th, tw, th, r: 6 * u, fill: "url(#sheen)")
        s += rect(cx - tw / 2 - 3 * u, by - th - 9 * u, tw + 6 * u, 13 * u, r: 4 * u, fill: lid)
        return s + rect(cx - tw / 2 - 3 * u, by - th - 9 * u, tw + 6 * u, 4 * u, r: 2 * u, fill: Tone.lighter(lid, 0.35))
    }

    /// A tall jar of cut vegetable sticks in two colours.
    func stickJar(_ cx: Double, _ by: Double, width jw: Double, height jh: Double, colours: [String]) -> String {
        var s = shadow(cx, by, jw * 0.6, 4 * u)
        s += rect(cx - jw / 2, by - jh, jw, jh, r: 8 * u, fill: "#E8F2F7", opacity: 0.5)
        for k in 0..<6 {
            let x = cx - jw / 2 + 6 * u + Double(k) * (jw - 12 * u) / 6
            let top = by - jh * (0.92 + Double(k % 3) * 0.05)
            s += rect(x, top, (jw - 12 * u) / 6 - 1.5 * u, by - 4 * u - top, r: 2.5 * u, fill: colours[k % 2])
        }
        s += rect(cx - jw / 2, by - jh, jw, jh, r: 8 * u, fill: "url(#sheen)")
        return s + rect(cx - jw / 2, by - jh, jw, jh, r: 8 * u, fill: "none", extra: stroke("#8EA9B8", 1.5 * u, opacity: 0.8))
    }

    /// A bunch of fresh greens standing up, tied at the stems.
    mutating func freshGreens(_ cx: Double, _ by: Double, size: Double) -> String {
        let tones = ["#3E9B3A", "#5DB34A", "#2F8A3C", "#6CC04F"]
        var s = ""
        for k in 0..<9 {
            let angle = -160 + Double(k) * 17.5 + rng.double(-5, 5)
            s += leaf(cx, by, angle: angle, length: size * rng.double(0.55, 0.75), width: size * 0.13, colour: tones[k % tones.count])
        }
        return s + rect(cx - 9 * u, by - 8 * u, 18 * u, 10 * u, r: 3 * u, fill: "#C8553D")
    }

    /// A carrot standing on its tip with green fronds.
    func carrot(_ cx: Double, _ by: Double) -> String {
        let top = by - 78 * u
        var s = leaf(cx, top, angle: -110, length: 30 * u, width: 5 * u, colour: "#4E9F3D") + leaf(cx, top, angle: -70, length: 28 * u, width: 5 * u, colour: "#3E8E3A")
        s += path("M\(f(cx - 10 * u)),\(f(top)) Q\(f(cx)),\(f(top - 5 * u)) \(f(cx + 10 * u)),\(f(top)) L\(f(cx + 2 * u)),\(f(by)) L\(f(cx - 2 * u)),\(f(by)) Z", fill: "#F28A2E")
        for k in 1..<4 { s += rect(cx - 6 * u, top + Double(k) * 16 * u, 6 * u, 1.5 * u, fill: "#C96A1C") }
        return s + path("M\(f(cx - 10 * u)),\(f(top)) L\(f(cx - 2 * u)),\(f(by)) L\(f(cx - 5 * u)),\(f(top))Z", fill: "#FFFFFF", opacity: 0.25)
    }

    /// Door bins lined with matching rows: small jars, sauces, juice and milk, water.
    func doorBottles(from x0: Double, to x1: Double, floor: Double, rise: Double, row index: Int) -> String {
        let at = { (x: Double) in floor - rise * (x - x0) / (x1 - x0) }
        var s = ""
        switch index {
        case 0:
            for (k, x) in row(3, from: x0, to: x1).enumerated() {
                s += jar(x, at(x), width: 32 * u, height: 54 * u, content: ["#C0392B", "#E9B824", "#5E8C31"][k], level: 0.85, lid: "#F1F1F1")
            }
        case 1:
            for (k, x) in row(3, from: x0, to: x1).enumerated() {
                s += bottle(x, at(x), width: 26 * u, height: 88 * u, liquid: ["#C8322B", "#3B2618", "#E76F24"][k], level: 0.9,
                            cap: ["#F2F2F2", "#D62828", "#2A9D8F"][k], opaque: true)
            }
        case 2:
            for (k, x) in row(2, from: x0, to: x1).enumerated() {
                s += k == 0 ? bottle(x, at(x), width: 40 * u, height: 128 * u, liquid: "#F7A12B", level: 0.95, cap: "#2E7D32", label: "#FFFFFF")
                            : bottle(x, at(x), width: 40 * u, height: 128 * u, liquid: "#FBFBF8", level: 1, cap: "#2D6CDF", label: "#2D6CDF", opaque: true)
            }
        default:
            for x in row(3, from: x0, to: x1) {
                s += bottle(x, at(x), width: 30 * u, height: 128 * u, liquid: "#BFE3F2", level: 0.95, cap: "#2D6CDF")
            }
        }
        return s
    }
}
