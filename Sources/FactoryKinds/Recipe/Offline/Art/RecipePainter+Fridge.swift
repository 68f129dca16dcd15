extension RecipePainter {
    /// The fridge's fixed proportions, shared by "before" and "after" so both show the same fridge.
    struct Fridge {
        /// The front opening of the cavity.
        let left, right, top, bottom: Double
        /// How far the side walls and ceiling recede toward the back wall.
        let depthX, depthY: Double
        /// The front edges of the glass shelves, top to bottom.
        let shelves: [Double]
        /// Where the crisper drawers start.
        let drawerTop: Double
        /// Left edge of the open door (its far edge runs off the right of the frame).
        let doorX: Double

        init(w: Double, h: Double) {
            left = w * 0.06; right = w * 0.72; top = h * 0.055; bottom = h * 0.972
            depthX = w * 0.045; depthY = h * 0.022
            shelves = [0.3, 0.515, 0.728].map { $0 * h }
            drawerTop = h * 0.752
            doorX = w * 0.77
        }

        var backLeft: Double { left + depthX }
        var backRight: Double { right - depthX }
        /// The floors items stand on: each shelf's mid-depth, then the drawer bottom.
        var floors: [Double] { shelves.map { $0 - depthY * 0.45 } }
        /// The tops of the door bins, top to bottom.
        func doorBins(h: Double) -> [Double] { [0.2, 0.42, 0.64, 0.86].map { $0 * h } }
    }

    var fridgeFrame: Fridge { Fridge(w: w, h: h) }
    /// One pixel at the 576-wide reference size the items were drawn for.
    var u: Double { w / 576 }

    mutating func fridge(tidy: Bool) -> String {
        let fr = fridgeFrame
        var s = cabinet(fr)
        s += tidy ? tidyShelves(fr) : messyShelves(fr)
        s += shelfGlass(fr)
        s += drawerContents(fr, tidy: tidy)
        s += drawerFronts(fr)
        s += door(fr, tidy: tidy)
        return s + lightWash()
    }

    /// Wall, fridge body and the lit cavity with its side walls and lamp.
    func cabinet(_ fr: Fridge) -> String {
        var s = "<defs><linearGradient id=\"wall\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#EFE4D6\"/><stop offset=\"1\" stop-color=\"#D9C8B4\"/></linearGradient>"
        s += "<linearGradient id=\"cavity\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#F8FCFF\"/><stop offset=\"0.55\" stop-color=\"#E9F0F5\"/><stop offset=\"1\" stop-color=\"#D5DEE6\"/></linearGradient>"
        s += "<linearGradient id=\"sideL\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#CBD5DE\"/><stop offset=\"1\" stop-color=\"#E3EAF0\"/></linearGradient>"
        s += "<linearGradient id=\"sideR\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#E3EAF0\"/><stop offset=\"1\" stop-color=\"#C6D0DA\"/></linearGradient>"
        s += "<linearGradient id=\"body\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#E6E9EC\"/><stop offset=\"0.5\" stop-color=\"#F7F8F9\"/><stop offset=\"1\" stop-color=\"#DDE1E5\"/></linearGradient>"
        s += "<radialGradient id=\"lamp\" cx=\"0.5\" cy=\"0\" r=\"0.9\"><stop offset=\"0\" stop-color=\"#FFFFFF\" stop-opacity=\"0.95\"/><stop offset=\"0.5\" stop-color=\"#F2FAFF\" stop-opacity=\"0.35\"/><stop offset=\"1\" stop-color=\"#FFFFFF\" stop-opacity=\"0\"/></radialGradient></defs>"
        s += rect(0, 0, w, h, fill: "url(#wall)")
        // Tile joints on the wall behind.
        var y = h * 0.04
        while y < h {
            s += rect(0, y, w, 1.5 * u, fill: "#C7B49E", opacity: 0.6)
            y += h * 0.08
        }
        s += softShape(colour: "#3A3F45", opacity: 0.25) { rect(w * 0.01, h * 0.012, w * 0.76, h * 1.05, r: 16 * u, fill: "#3A3F45", opacity: $0, extra: $1) }
        s += rect(w * 0.02, h * 0.018, w * 0.745, h * 1.05, r: 14 * u, fill: "url(#body)", extra: stroke("#C9CED3", 2 * u))
        s += rect(fr.left, fr.top, fr.right - fr.left, fr.bottom - fr.top, r: 6 * u, fill: "url(#cavity)")
        // Ceiling and side walls recede to the back wall.
        s += path(polygon([(fr.left, fr.top), (fr.right, fr.top), (fr.backRight, fr.top + fr.depthY), (fr.backLeft, fr.top + fr.depthY)]), fill: "#E4ECF2")
        s += path(polygon([(fr.left, fr.top), (fr.backLeft, fr.top + fr.depthY), (fr.backLeft, fr.bottom), (fr.left, fr.bottom)]), fill: "url(#sideL)")
        s += path(polygon([(fr.right, fr.top), (fr.backRight, fr.top + fr.depthY), (fr.backRight, fr.bottom), (fr.right, fr.bottom)]), fill: "url(#sideR)")
        let mid = (fr.left + fr.right) / 2
        s += ellipse(mid, fr.top + fr.depthY, (fr.right - fr.left) * 0.75, h * 0.3, fill: "url(#lamp)")
        s += rect(mid - w * 0.07, fr.top + fr.depthY * 0.25, w * 0.14, fr.depthY * 0.55, r: 4 * u, fill: "#FFFFFF", extra: stroke("#D8E4EC", 1 * u))
        // Gasket around the opening.
        return s + rect(fr.left, fr.top, fr.right - fr.left, fr.bottom - fr.top, r: 6 * u, fill: "none", extra: stroke("#C3CBD3", 5 * u))
    }

    /// Glass shelves drawn over the items' feet: a pale top plane and a bright front lip.
    func shelfGlass(_ fr: Fridge) -> String {
        var s = ""
        for y in fr.shelves {
            s += path(polygon([(fr.left, y), (fr.right, y), (fr.backRight, y - fr.depthY), (fr.backLeft, y - fr.depthY)]), fill: "#CFE6F1", opacity: 0.35)
            s += softShape(colour: "#1E2A36", opacity: 0.12) { rect(fr.left + 2 * u, y + 3 * u, fr.right - fr.left - 4 * u, h * 0.012, fill: "#1E2A36", opacity: $0, extra: $1) }
            s += rect(fr.left + 2 * u, y - 2 * u, fr.right - fr.left - 4 * u, 9 * u, r: 2 * u, fill: "#DCEFF7", opacity: 0.85)
            s += rect(fr.left + 2 * u, y - 2 * u, fr.right - fr.left - 4 * u, 2 * u, fill: "#FFFFFF", opacity: 0.9)
            s += rect(fr.left + 2 * u, y + 6 * u, fr.right - fr.left - 4 * u, 1.5 * u, fill: "#9DB8C6", opacity: 0.8)
        }
        return s
    }

    /// Two frosted crisper drawers, their contents showing through.
    func drawerFronts(_ fr: Fridge) -> String {
        let mid = (fr.left + fr.right) / 2, top = fr.drawerTop, height = fr.bottom - fr.drawerTop - 6 * u
        var s = ""
        for (x0, x1) in [(fr.left + 6 * u, mid - 3 * u), (mid + 3 * u, fr.right - 6 * u)] {
            s += rect(x0, top + height * 0.3, x1 - x0, height * 0.7, r: 8 * u, fill: "#EEF5F9", opacity: 0.7, extra: stroke("#B9CCD8", 2 * u))
            s += rect(x0, top + height * 0.3, x1 - x0, height * 0.7, r: 8 * u, fill: "url(#sheen)", opacity: 0.5)
            s += rect((x0 + x1) / 2 - 28 * u, top + height * 0.36, 56 * u, 8 * u, r: 4 * u, fill: "#8FA4B3", opacity: 0.45)
        }
        return s
    }

    /// The open door on the right: its inner liner, gasket edge and bins.
    mutating func door(_ fr: Fridge, tidy: Bool) -> String {
        let x0 = fr.doorX, x1 = w + 4
        var s = "<defs><linearGradient id=\"liner\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#E2E8ED\"/><stop offset=\"1\" stop-color=\"#F6F8FA\"/></linearGradient></defs>"
        let doorShadow = polygon([(x0 - 4 * u, h * 0.02), (x1, -4 * u), (x1, h + 4), (x0 - 4 * u, h * 0.99)])
        s += softShape(colour: "#2B3138", opacity: 0.22) { path(doorShadow, fill: "#2B3138", opacity: $0, extra: $1) }
        s += path(polygon([(x0, h * 0.03), (x1, 0), (x1, h), (x0, h * 0.985)]), fill: "url(#liner)")
        s += path(polygon([(x0, h * 0.03), (x0 + 12 * u, h * 0.028), (x0 + 12 * u, h * 0.987), (x0, h * 0.985)]), fill: "#B7C0C9")
        for (index, top) in fr.doorBins(h: h).enumerated() {
            let rise = h * 0.02, height = h * 0.06, bx = x0 + 18 * u
            s += tidy ? doorBottles(from: bx, to: w - 6 * u, floor: top + height * 0.85, rise: rise, row: index)
                      : messyDoor(from: bx, to: w - 6 * u, floor: top + height * 0.85, rise: rise, row: index)
            let shelfShadow = polygon([(bx, top + height), (x1, top - rise + height), (x1, top - rise + height + 8 * u), (bx, top + height + 8 * u)])
            s += softShape(colour: "#2B3138", opacity: 0.12) { path(shelfShadow, fill: "#2B3138", opacity: $0, extra: $1) }
            s += path(polygon([(bx, top), (x1, top - rise), (x1, top - rise + height), (bx, top + height)]), fill: "#C9DEEA", opacity: 0.82,
                      extra: stroke("#9DB8C8", 1.5 * u))
            s += path(polygon([(bx, top), (x1, top - rise), (x1, top - rise + 3 * u), (bx, top + 3 * u)]), fill: "#FFFFFF", opacity: 0.9)
        }
        return s
    }

    /// A cool top light and a gentle vignette over the whole frame.
    func lightWash() -> String {
        "<defs><radialGradient id=\"vig\" cx=\"0.45\" cy=\"0.4\" r=\"0.8\"><stop offset=\"0.6\" stop-color=\"#1B2530\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#1B2530\" stop-opacity=\"0.22\"/></radialGradient></defs>"
            + rect(0, 0, w, h, fill: "url(#vig)")
    }

    /// Evenly spread centres for `count` items between `from` and `to`.
    func row(_ count: Int, from: Double, to: Double) -> [Double] {
        let step = (to - from) / Double(count)
        return (0..<count).map { from + step * (Double($0) + 0.5) }
    }
}
