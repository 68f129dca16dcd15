import FactoryCore
import FactoryKinds
import Foundation

/// Paints calm procedural art as SVG (rendered by librsvg through libvips): landscapes with haze
/// and a low sun, watercolour washes, pastel light, minimal shapes, flowing bands. Every choice
/// comes from a seeded generator, so the same series, style, week and seed paint the same picture.
struct ProceduralPainter {
    let width: Int
    let height: Int
    let palette: [String]
    let style: PosterStyle
    let prompt: String
    var rng: SeededRandom

    var w: Double { Double(width) }
    var h: Double { Double(height) }

    mutating func svg() -> String {
        let body: String
        switch style {
        case .photographic: body = landscape(moody: false)
        case .cinematic: body = landscape(moody: true)
        case .watercolor: body = watercolour()
        case .pastel: body = pastel()
        case .minimalist: body = minimal()
        case .abstract: body = bands()
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\(body)</svg>"
    }

    func f(_ x: Double) -> String { String(format: "%.1f", x) }

    /// A ridge line: a few octaves of seeded sine waves around `base`.
    mutating func ridge(base: Double, amplitude: Double) -> String {
        let waves = (0..<4).map { k in (rng.double(0.5, 1.0) * amplitude / Double(k + 1), rng.double(1.5, 3.5) * Double(k + 1) / w * Double.pi, rng.double(0, 6.28)) }
        var d = "M0,\(f(h)) "
        var x = 0.0
        while x <= w + 8 {
            let y = base + waves.reduce(0) { $0 + $1.0 * sin($1.1 * x + $1.2) }
            d += "L\(f(x)),\(f(y)) "
            x += 8
        }
        return d + "L\(f(w)),\(f(h)) Z"
    }

    var wantsWater: Bool { ["sea", "ocean", "lake", "beach", "water", "river"].contains { prompt.lowercased().contains($0) } }
    var wantsNight: Bool { ["night", "star", "moon"].contains { prompt.lowercased().contains($0) } }

    mutating func landscape(moody: Bool) -> String {
        let p = palette
        let night = wantsNight
        let skyTop = night ? "#0B1D3A" : (moody ? p[5] : p[0])
        let skyBottom = night ? "#3A4F7A" : p[1]
        let sunX = rng.double(0.25, 0.75) * w, sunY = rng.double(0.36, 0.5) * h, sunR = rng.double(0.07, 0.11) * w
        var s = "<defs><linearGradient id=\"sky\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(skyTop)\"/><stop offset=\"0.62\" stop-color=\"\(skyBottom)\"/><stop offset=\"1\" stop-color=\"\(p[2])\"/></linearGradient>"
        s += "<radialGradient id=\"glow\"><stop offset=\"0\" stop-color=\"\(p[2])\" stop-opacity=\"0.9\"/><stop offset=\"0.35\" stop-color=\"\(p[2])\" stop-opacity=\"0.35\"/><stop offset=\"1\" stop-color=\"\(p[2])\" stop-opacity=\"0\"/></radialGradient>"
        s += "<filter id=\"mist\" x=\"-20%\" y=\"-50%\" width=\"140%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(f(h * 0.02))\"/></filter>"
        s += "<radialGradient id=\"vignette\" cx=\"0.5\" cy=\"0.45\" r=\"0.75\"><stop offset=\"0.55\" stop-color=\"#000\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"\(moody ? 0.55 : 0.18)\"/></radialGradient></defs>"
        s += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#sky)\"/>"
        if night {
            for _ in 0..<90 {
                s += "<circle cx=\"\(f(rng.double(0, w)))\" cy=\"\(f(rng.double(0, h * 0.5)))\" r=\"\(f(rng.double(0.4, 1.6)))\" fill=\"#FFFFFF\" fill-opacity=\"\(f(rng.double(0.3, 0.9)))\"/>"
            }
        }
        s += "<circle cx=\"\(f(sunX))\" cy=\"\(f(sunY))\" r=\"\(f(sunR * 4))\" fill=\"url(#glow)\"/>"
        s += "<circle cx=\"\(f(sunX))\" cy=\"\(f(sunY))\" r=\"\(f(sunR))\" fill=\"\(night ? "#F4F1DE" : p[2])\" fill-opacity=\"0.95\"/>"
        let tones = [p[3], p[3], p[4], p[5]]
        let layers = wantsWater ? 2 : 4
        for i in 0..<layers {
            let base = h * (0.5 + 0.09 * Double(i)) + rng.double(-0.02, 0.02) * h
            s += "<path d=\"\(ridge(base: base, amplitude: h * (0.05 - 0.008 * Double(i))))\" fill=\"\(tones[i])\" fill-opacity=\"\(f(0.55 + 0.15 * Double(i)))\"/>"
            // Haze between ridges: distance fades into the sky.
            s += "<rect x=\"-10\" y=\"\(f(base + h * 0.01))\" width=\"\(f(w + 20))\" height=\"\(f(h * 0.05))\" fill=\"#FFFFFF\" fill-opacity=\"\(f(moody ? 0.12 : 0.28))\" filter=\"url(#mist)\"/>"
        }
        if wantsWater {
            let horizon = h * 0.66
            s += "<rect y=\"\(f(horizon))\" width=\"\(width)\" height=\"\(f(h - horizon))\" fill=\"\(p[4])\" fill-opacity=\"0.85\"/>"
            for k in 0..<14 {
                let y = horizon + Double(k) * (h - horizon) / 14 + rng.double(0, 6)
                let len = rng.double(0.05, 0.2) * w
                s += "<rect x=\"\(f(sunX - len / 2 + rng.double(-10, 10)))\" y=\"\(f(y))\" width=\"\(f(len))\" height=\"\(f(rng.double(1.5, 4)))\" rx=\"2\" fill=\"\(p[2])\" fill-opacity=\"\(f(0.5 - Double(k) * 0.03))\"/>"
            }
        }
        return s + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#vignette)\"/>"
    }

    mutating func watercolour() -> String {
        let p = palette
        var s = "<defs><filter id=\"wash\" x=\"-30%\" y=\"-30%\" width=\"160%\" height=\"160%\"><feTurbulence type=\"fractalNoise\" baseFrequency=\"\(f(rng.double(0.008, 0.016)))\" numOctaves=\"3\" seed=\"\(Int(rng.next() % 1000))\"/><feDisplacementMap in=\"SourceGraphic\" scale=\"\(f(w * 0.08))\"/><feGaussianBlur stdDeviation=\"\(f(w * 0.012))\"/></filter>"
        s += "<linearGradient id=\"paper\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#FBF8F1\"/><stop offset=\"1\" stop-color=\"\(p[0])\"/></linearGradient></defs>"
        s += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#paper)\"/>"
        s += "<g filter=\"url(#wash)\">"
        // A sky wash, a sun, and hills of pigment.
        s += "<rect x=\"\(f(-w * 0.1))\" y=\"\(f(-h * 0.05))\" width=\"\(f(w * 1.2))\" height=\"\(f(h * 0.45))\" fill=\"\(p[1])\" fill-opacity=\"0.55\"/>"
        s += "<circle cx=\"\(f(rng.double(0.3, 0.7) * w))\" cy=\"\(f(rng.double(0.25, 0.38) * h))\" r=\"\(f(w * rng.double(0.1, 0.15)))\" fill=\"\(p[2])\" fill-opacity=\"0.8\"/>"
        for i in 0..<3 {
            let base = h * (0.55 + 0.12 * Double(i))
            s += "<path d=\"\(ridge(base: base, amplitude: h * 0.04))\" fill=\"\(p[3 + i])\" fill-opacity=\"\(f(0.45 + 0.12 * Double(i)))\"/>"
        }
        for _ in 0..<5 {
            s += "<ellipse cx=\"\(f(rng.double(0, w)))\" cy=\"\(f(rng.double(0.1, 0.9) * h))\" rx=\"\(f(rng.double(0.1, 0.25) * w))\" ry=\"\(f(rng.double(0.04, 0.1) * h))\" fill=\"\(p[Int(rng.next() % 3) + 3])\" fill-opacity=\"0.18\"/>"
        }
        return s + "</g>"
    }

    mutating func pastel() -> String {
        let p = palette
        var s = "<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(p[0])\"/><stop offset=\"1\" stop-color=\"\(p[1])\"/></linearGradient>"
        s += "<filter id=\"soft\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(f(w * 0.07))\"/></filter></defs>"
        s += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#bg)\"/><g filter=\"url(#soft)\">"
        for i in 0..<6 {
            s += "<circle cx=\"\(f(rng.double(-0.1, 1.1) * w))\" cy=\"\(f(rng.double(-0.05, 1.05) * h))\" r=\"\(f(rng.double(0.22, 0.42) * w))\" fill=\"\(p[2 + i % 4])\" fill-opacity=\"\(f(rng.double(0.5, 0.8)))\"/>"
        }
        return s + "</g>"
    }

    mutating func minimal() -> String {
        let p = palette
        let horizon = h * rng.double(0.6, 0.7)
        var s = "<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(p[0])\"/><stop offset=\"1\" stop-color=\"\(p[1])\"/></linearGradient></defs>"
        s += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#bg)\"/>"
        let sunR = w * rng.double(0.14, 0.2)
        s += "<circle cx=\"\(f(w * (rng.next() % 2 == 0 ? 0.382 : 0.618)))\" cy=\"\(f(horizon - sunR * rng.double(0.2, 1.2)))\" r=\"\(f(sunR))\" fill=\"\(p[2])\"/>"
        s += "<rect y=\"\(f(horizon))\" width=\"\(width)\" height=\"\(f(h - horizon))\" fill=\"\(p[3])\"/>"
        s += "<path d=\"\(ridge(base: horizon + h * 0.08, amplitude: h * 0.012))\" fill=\"\(p[4])\" fill-opacity=\"0.7\"/>"
        s += "<rect x=\"\(f(w * 0.1))\" y=\"\(f(horizon - 1))\" width=\"\(f(w * 0.8))\" height=\"2\" fill=\"\(p[5])\" fill-opacity=\"0.25\"/>"
        return s
    }

    mutating func bands() -> String {
        let p = palette
        var s = "<defs><filter id=\"edge\"><feGaussianBlur stdDeviation=\"\(f(w * 0.004))\"/></filter></defs><rect width=\"\(width)\" height=\"\(height)\" fill=\"\(p[0])\"/><g filter=\"url(#edge)\">"
        for i in 0..<5 {
            let y = h * (0.25 + 0.15 * Double(i))
            let c1 = y + rng.double(-0.15, 0.15) * h, c2 = y + rng.double(-0.15, 0.15) * h
            s += "<path d=\"M0,\(f(y)) C\(f(w * 0.33)),\(f(c1)) \(f(w * 0.66)),\(f(c2)) \(f(w)),\(f(y + rng.double(-0.05, 0.05) * h)) L\(f(w)),\(f(h)) L0,\(f(h)) Z\" fill=\"\(p[1 + i])\" fill-opacity=\"0.85\"/>"
        }
        return s + "</g>"
    }
}
