import Foundation

extension RecipePainter {
    /// Where the plate sits and how big it is: shared by the table, the dish and the cutlery.
    var plateCentre: (x: Double, y: Double) { (w * 0.5, h * 0.45) }
    var plateRadius: Double { w * 0.43 }

    /// The plated dish from above: a table, a side bowl, a glass, the plate with its food, a napkin and cutlery.
    mutating func meal() -> String {
        var s = rng.next() % 5 < 3 ? woodTable() : linenTable()
        s += napkin()
        s += sideBowl(w * 0.19, h * 0.115, r: w * 0.13)
        s += waterGlass(w * 0.82, h * 0.1, r: w * 0.095)
        s += plate()
        s += dish()
        let sticks = base.shape == .noodles || (base.name == "rice" && rng.next() % 2 == 0)
        s += sticks ? chopsticks() : fork()
        return s + warmLight()
    }

    mutating func woodTable() -> String {
        let woods = ["#C8996B", "#B9835A", "#D6B088", "#A87650"]
        let wood = woods[Int(rng.next() % UInt64(woods.count))]
        var s = rect(0, 0, w, h, fill: wood)
        var x = -rng.double(0, 60) * u
        while x < w {
            let plank = rng.double(118, 150) * u
            s += rect(x, 0, plank, h, fill: Tone.darker(wood, rng.double(-0.05, 0.1)))
            for _ in 0..<12 {
                let gx = x + rng.double(0.05, 0.95) * plank, sway = rng.double(4, 14) * u, period = rng.double(0.2, 0.5) * h
                var d = "M\(f(gx)),-10"
                var y = 0.0
                while y < h + period {
                    d += " q\(f(sway)),\(f(period / 4)) 0,\(f(period / 2)) q\(f(-sway)),\(f(period / 4)) 0,\(f(period / 2))"
                    y += period
                }
                s += path(d, fill: "none", extra: stroke(Tone.darker(wood, 0.35), rng.double(0.8, 2.4) * u, opacity: rng.double(0.12, 0.3)))
            }
            if rng.next() % 3 == 0 {
                let kx = x + plank * rng.double(0.3, 0.7), ky = rng.double(0.1, 0.9) * h
                for ring in 0..<3 {
                    s += ellipse(kx, ky, Double(4 + ring * 5) * u, Double(9 + ring * 10) * u, fill: "none",
                                 extra: stroke(Tone.darker(wood, 0.4), 1.5 * u, opacity: 0.3))
                }
            }
            s += rect(x + plank - 1.5 * u, 0, 3 * u, h, fill: Tone.darker(wood, 0.5), opacity: 0.55)
            x += plank
        }
        return s
    }

    /// Woven linen: a base colour, fine warp and weft threads and a few soft folds.
    mutating func linenTable() -> String {
        let linens = ["#EDE4D6", "#E2E6E3", "#EADBC8", "#DCE4EA"]
        let linen = linens[Int(rng.next() % UInt64(linens.count))]
        var s = rect(0, 0, w, h, fill: linen)
        var p = 0.0
        while p < max(w, h) {
            if p < h { s += rect(0, p, w, 1.2 * u, fill: "#5B4A3A", opacity: rng.double(0.03, 0.09)) }
            if p < w { s += rect(p, 0, 1.2 * u, h, fill: "#5B4A3A", opacity: rng.double(0.03, 0.08)) }
            p += 3.2 * u
        }
        for _ in 0..<3 {
            let (top, height, colour) = (rng.double(0, h), rng.double(20, 60) * u, rng.next() % 2 == 0 ? "#FFFFFF" : "#7A6A58")
            let streak = softShape(colour: colour, opacity: 0.12) { rect(-w * 0.2, top, w * 1.4, height, fill: colour, opacity: $0, extra: $1) }
            s += group(streak, rotate: rng.double(-20, 20), around: (w / 2, h / 2))
        }
        return s
    }

    /// A folded cloth napkin under the cutlery, with a stripe near its edge.
    mutating func napkin() -> String {
        let colours = ["#A8C3A0", "#D98E73", "#9DB4CF", "#E8C872", "#F2EEE6"]
        let cloth = colours[Int(rng.next() % UInt64(colours.count))]
        let x = w * 0.4, y = h * 0.74, nw = w * 0.56, nh = h * 0.22
        var s = softShape(colour: "#2A1E14", opacity: 0.25) { rect(x + 6 * u, y + 10 * u, nw, nh, r: 6 * u, fill: "#2A1E14", opacity: $0, extra: $1) }
        s += rect(x, y, nw, nh, r: 6 * u, fill: cloth)
        s += rect(x, y + nh * 0.12, nw, 5 * u, fill: Tone.darker(cloth, 0.25), opacity: 0.7)
        s += rect(x, y + nh * 0.12 + 9 * u, nw, 2 * u, fill: Tone.darker(cloth, 0.25), opacity: 0.7)
        s += rect(x + nw * 0.5, y, 3 * u, nh, fill: Tone.darker(cloth, 0.12), opacity: 0.6)
        return group(s, rotate: rng.double(-10, -4), around: (x + nw / 2, y + nh / 2))
    }

    /// The ceramic plate: drop shadow, rim with shading and highlight, and the shallower well.
    mutating func plate() -> String {
        let glazes = ["#FAF7F1", "#F1EBDD", "#E4ECEF", "#F6F1EA"]
        let glaze = glazes[Int(rng.next() % UInt64(glazes.count))]
        let (cx, cy) = plateCentre, r = plateRadius
        var s = "<defs><radialGradient id=\"rim\" cx=\"0.45\" cy=\"0.42\" r=\"0.62\"><stop offset=\"0.7\" stop-color=\"\(glaze)\"/>"
        s += "<stop offset=\"0.93\" stop-color=\"\(Tone.darker(glaze, 0.06))\"/><stop offset=\"1\" stop-color=\"\(Tone.darker(glaze, 0.18))\"/></radialGradient>"
        s += "<radialGradient id=\"well\" cx=\"0.55\" cy=\"0.58\" r=\"0.6\"><stop offset=\"0.75\" stop-color=\"\(Tone.darker(glaze, 0.02))\"/>"
        s += "<stop offset=\"1\" stop-color=\"\(Tone.darker(glaze, 0.12))\"/></radialGradient></defs>"
        s += softEllipse(cx + 10 * u, cy + 16 * u, r * 1.01, r * 1.01, colour: "#24180F", opacity: 0.35)
        s += ellipse(cx, cy, r, r, fill: "url(#rim)")
        if rng.next() % 2 == 0 {
            s += ellipse(cx, cy, r * 0.93, r * 0.93, fill: "none", extra: stroke(["#5B7DB1", "#C7683F", "#6F9A7E"][Int(rng.next() % 3)], 3 * u, opacity: 0.8))
        }
        s += ellipse(cx, cy, r * 0.72, r * 0.72, fill: "url(#well)", extra: stroke(Tone.darker(glaze, 0.1), 2 * u))
        s += path("M\(f(cx - r * 0.86)),\(f(cy - r * 0.2)) A\(f(r * 0.88)),\(f(r * 0.88)) 0 0 1 \(f(cx - r * 0.2)),\(f(cy - r * 0.86))",
                  fill: "none", extra: stroke("#FFFFFF", 6 * u, opacity: 0.7))
        return s
    }

    /// A small bowl of dipping sauce, or of side greens.
    mutating func sideBowl(_ cx: Double, _ cy: Double, r: Double) -> String {
        var s = softEllipse(cx + 6 * u, cy + 10 * u, r, r, colour: "#24180F", opacity: 0.3)
        s += ellipse(cx, cy, r, r, fill: "#F4EEE4") + ellipse(cx, cy, r, r, fill: "url(#ball)", opacity: 0.5)
        s += ellipse(cx, cy, r * 0.78, r * 0.78, fill: "#E6DED2")
        if rng.next() % 2 == 0 {
            s += ellipse(cx, cy, r * 0.7, r * 0.7, fill: "#5A2E17") + ellipse(cx - r * 0.2, cy - r * 0.25, r * 0.25, r * 0.12, fill: "#FFFFFF", opacity: 0.35)
            for _ in 0..<10 { s += ellipse(cx + rng.double(-0.45, 0.45) * r, cy + rng.double(-0.45, 0.45) * r, 2.2 * u, 1.2 * u, fill: "#F4E6C4") }
        } else {
            for k in 0..<8 {
                s += leaf(cx + rng.double(-0.2, 0.2) * r, cy + rng.double(-0.2, 0.2) * r, angle: Double(k) * 45 + rng.double(0, 30),
                          length: r * 0.6, width: r * 0.16, colour: ["#4E9F3D", "#6CC04F", "#3E8A3A"][k % 3])
            }
            s += tomato(cx + r * 0.2, cy + r * 0.35, r: r * 0.18)
        }
        return s
    }

    /// A glass of water from above: a bright ring, a tinted disc and a highlight.
    func waterGlass(_ cx: Double, _ cy: Double, r: Double) -> String {
        var s = softEllipse(cx + 8 * u, cy + 12 * u, r, r, colour: "#24180F", opacity: 0.18)
        s += ellipse(cx, cy, r, r, fill: "#DDF0F6", opacity: 0.55, extra: stroke("#FFFFFF", 4 * u, opacity: 0.85))
        s += ellipse(cx, cy, r * 0.8, r * 0.8, fill: "#BFE3EF", opacity: 0.45)
        return s + path("M\(f(cx - r * 0.6)),\(f(cy - r * 0.3)) A\(f(r * 0.7)),\(f(r * 0.7)) 0 0 1 \(f(cx - r * 0.2)),\(f(cy - r * 0.65))",
                        fill: "none", extra: stroke("#FFFFFF", 3 * u, opacity: 0.9))
    }

    /// A steel fork lying across the napkin.
    mutating func fork() -> String {
        let x = w * 0.14, y = h * 0.86, length = w * 0.7
        var s = "<defs><linearGradient id=\"steel\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#F4F6F8\"/><stop offset=\"0.5\" stop-color=\"#C3C9CF\"/><stop offset=\"1\" stop-color=\"#8E969E\"/></linearGradient></defs>"
        var fork = "M\(f(x)),\(f(y - 9 * u)) Q\(f(x)),\(f(y - 11 * u)) \(f(x + 8 * u)),\(f(y - 11 * u)) L\(f(x + length * 0.58)),\(f(y - 5 * u)) "
            + "Q\(f(x + length * 0.66)),\(f(y - 5 * u)) \(f(x + length * 0.7)),\(f(y - 17 * u)) "
        for k in 0..<4 {
            let ty = y - 17 * u + Double(k) * 9.6 * u
            fork += "L\(f(x + length)),\(f(ty)) L\(f(x + length)),\(f(ty + 5.2 * u)) L\(f(x + length * 0.8)),\(f(ty + 5.2 * u)) "
        }
        fork += "L\(f(x + length * 0.7)),\(f(y + 17 * u)) Q\(f(x + length * 0.66)),\(f(y + 5 * u)) \(f(x + length * 0.58)),\(f(y + 5 * u)) "
            + "L\(f(x + 8 * u)),\(f(y + 11 * u)) Q\(f(x)),\(f(y + 11 * u)) \(f(x)),\(f(y + 9 * u)) Z"
        s += group(softShape(colour: "#1E140C", opacity: 0.35) { path(fork, fill: "#1E140C", opacity: $0, extra: $1) },
                   extra: " transform=\"translate(\(f(5 * u)),\(f(8 * u)))\"")
        s += path(fork, fill: "url(#steel)", extra: stroke("#7D858D", 1 * u))
        s += rect(x + 10 * u, y - 5 * u, length * 0.5, 3 * u, r: 1.5 * u, fill: "#FFFFFF", opacity: 0.8)
        return group(s, rotate: rng.double(-16, -8), around: (x + length / 2, y))
    }

    /// A pair of wooden chopsticks resting on a small ceramic rest.
    mutating func chopsticks() -> String {
        let x = w * 0.16, y = h * 0.84, length = w * 0.7
        var s = ""
        for k in 0..<2 {
            let yy = y + Double(k) * 16 * u
            let stick = "M\(f(x)),\(f(yy - 5 * u)) L\(f(x + length)),\(f(yy - 2 * u)) L\(f(x + length)),\(f(yy + 2 * u)) L\(f(x)),\(f(yy + 5 * u)) Z"
            s += group(softShape(colour: "#1E140C", opacity: 0.3) { path(stick, fill: "#1E140C", opacity: $0, extra: $1) },
                       extra: " transform=\"translate(\(f(4 * u)),\(f(7 * u)))\"")
            s += path(stick, fill: "#C8955E") + rect(x, yy - 5 * u, length * 0.25, 10 * u, fill: "#3B2A20", opacity: 0.85)
            s += rect(x + 4 * u, yy - 2.5 * u, length * 0.9, 1.5 * u, fill: "#FFFFFF", opacity: 0.35)
        }
        s += rect(x + length * 0.62, y - 12 * u, 24 * u, 44 * u, r: 10 * u, fill: "#E9E3D8", opacity: 0.95)
        return group(s, rotate: rng.double(-14, -6), around: (x + length / 2, y))
    }

    /// Warm window light from the top left and a soft vignette.
    func warmLight() -> String {
        "<defs><linearGradient id=\"sun\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#FFF4DF\" stop-opacity=\"0.28\"/>"
            + "<stop offset=\"0.5\" stop-color=\"#FFF4DF\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#2A1A0E\" stop-opacity=\"0.18\"/></linearGradient>"
            + "<radialGradient id=\"vig\" cx=\"0.5\" cy=\"0.45\" r=\"0.8\"><stop offset=\"0.6\" stop-color=\"#1E140C\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#1E140C\" stop-opacity=\"0.3\"/></radialGradient></defs>"
            + rect(0, 0, w, h, fill: "url(#sun)") + rect(0, 0, w, h, fill: "url(#vig)")
    }
}
