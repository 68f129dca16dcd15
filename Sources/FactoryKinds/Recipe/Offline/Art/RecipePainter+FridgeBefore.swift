extension RecipePainter {
    /// What stands on the shelves before: a lonely tomato alone on one shelf, wilted greens and a
    /// jar on another, a half-used carton and one more leftover on the third, leaning, off-centre
    /// and with wide gaps, plus a spill or two.
    mutating func messyShelves(_ fr: Fridge) -> String {
        var shelves = [0, 1, 2]
        shelves.shuffle(using: &rng)
        let lo = fr.left + 40 * u, hi = fr.right - 40 * u, span = hi - lo
        let leftover = base.colour, sauce = toppings.first?.colour ?? "#C0392B"
        var s = ""
        for (slot, shelf) in shelves.enumerated() {
            let by = fr.floors[shelf]
            switch slot {
            case 0:
                s += spill(lo + span * rng.double(0.1, 0.3), by, colour: "#9B2D20")
                s += tomato(lo + span * rng.double(0.45, 0.8), by, r: 30 * u)
            case 1:
                // Greens on the left or the right, the jar at the other end.
                let flip = rng.next() % 2 == 0
                let at = { (share: Double) in lo + span * (flip ? 1 - share : share) }
                let jx = at(rng.double(0.82, 0.95))
                s += group(jar(jx, by, width: 70 * u, height: 96 * u, content: sauce, level: rng.double(0.12, 0.25), lid: "#C8553D"),
                           rotate: rng.double(-7, 7), around: (jx, by))
                s += foilBall(at(rng.double(0.6, 0.68)), by, r: 22 * u)
                s += wiltedGreens(at(rng.double(0.2, 0.28)), by, size: 150 * u)
            default:
                let tilt = rng.double(6, 12)
                if rng.next() % 2 == 0 {
                    s += group(carton(lo + 10 * u, by, width: 84 * u, height: 172 * u, band: "#4F8FD6"), rotate: tilt, around: (lo + 50 * u, by))
                } else {
                    s += eggBox(lo + 40 * u, by, width: 130 * u, eggs: [Int(rng.next() % 3), 4])
                }
                s += spill(lo + span * rng.double(0.4, 0.5), by, colour: "#B5651D")
                s += lyingBottle(lo + span * rng.double(0.5, 0.58), by, width: 30 * u, height: 100 * u, liquid: "#9CCB5B", level: 0.3)
                s += oddLeftover(lo + span * rng.double(0.88, 1.0), by, leftover: leftover)
            }
        }
        return s
    }

    /// One more seeded leftover for the carton's shelf.
    mutating func oddLeftover(_ cx: Double, _ by: Double, leftover: String) -> String {
        switch rng.next() % 4 {
        case 0: return leftoverBowl(cx, by, width: 110 * u, food: leftover)
        case 1: return yoghurt(cx, by, width: 60 * u, band: "#E58FA5")
        case 2: return halfLemon(cx, by, r: 28 * u)
        default: return cheese(cx, by, width: 90 * u)
        }
    }

    /// A nearly empty door: a tipped jar, a half-drunk juice, a sauce lying on its side, one bin bare.
    func messyDoor(from x0: Double, to x1: Double, floor: Double, rise: Double, row: Int) -> String {
        let at = { (x: Double) in floor - rise * (x - x0) / (x1 - x0) }
        let x = x0 + (x1 - x0) * [0.7, 0.3, 0.25, 0][row % 4]
        switch row {
        case 0:
            return group(jar(x, at(x), width: 40 * u, height: 62 * u, content: "#D9A520", level: 0.2, lid: "#F1F1F1"), rotate: 12, around: (x, at(x)))
        case 1:
            return bottle(x, at(x), width: 42 * u, height: 140 * u, liquid: "#F4A227", level: 0.25, cap: "#2E7D32", label: "#FFFFFF")
        case 2:
            return group(bottle(x, at(x), width: 30 * u, height: 96 * u, liquid: "#B7322C", level: 1, cap: "#F2F2F2", opaque: true),
                         rotate: 24, around: (x, at(x)))
        default: return ""
        }
    }

    /// A bottle fallen on its side, centred on `cx` and lying on the floor `by`.
    func lyingBottle(_ cx: Double, _ by: Double, width bw: Double, height bh: Double, liquid: String, level: Double,
                     opaque: Bool = false, tilt: Double = 0) -> String {
        let cy = by - bw / 2
        return shadow(cx, by, bh * 0.5, 4 * u) + group(bottle(cx, cy + bh / 2, width: bw, height: bh, liquid: liquid, level: level, cap: "#F2F2F2", opaque: opaque),
                                                       rotate: 90 + tilt, around: (cx, cy))
    }

    /// Crisper drawers: nearly empty before, a single lemon lying deep inside; full and sorted after.
    mutating func drawerContents(_ fr: Fridge, tidy: Bool) -> String {
        let mid = (fr.left + fr.right) / 2, frontTop = fr.drawerTop + (fr.bottom - fr.drawerTop) * 0.29
        guard tidy else {
            return halfLemon(fr.left + (mid - fr.left) * rng.double(0.3, 0.7), fr.bottom - 40 * u, r: 16 * u)
        }
        let by = frontTop + 20 * u
        var s = freshGreens((fr.left + mid) / 2, by, size: 120 * u)
        for x in row(3, from: mid + 8 * u, to: mid + (fr.right - mid) * 0.62) { s += tomato(x, by, r: 19 * u) }
        for x in row(3, from: mid + (fr.right - mid) * 0.62, to: fr.right - 10 * u) { s += carrot(x, by + 6 * u) }
        return s
    }
}
