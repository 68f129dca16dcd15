import FactoryCore
import FactoryImaging
import Foundation

/// What one generated image looks like: enough to render it again, byte for byte.
struct FakeImageSpec: Sendable, Hashable {
    var prompt: String
    var seed: Int64
    var width: Int
    var height: Int
    /// "jpg", "png" or "webp".
    var format: String
}

/// Renders deterministic, real images (a gradient sky and soft shapes) from a prompt and a seed.
enum FakeImageMaker {
    static func render(_ spec: FakeImageSpec) throws -> Data {
        try Vips.start()
        let image = try Shapes.svg(svg(for: spec)).flatten(r: 255, g: 255, b: 255)
        switch spec.format {
        case "png": return try image.pngData()
        case "webp": return try image.webpData(lossless: true)
        default: return try image.jpegData(quality: 88)
        }
    }

    /// The SVG drawn for a spec: colours and positions come from the prompt and the seed only.
    static func svg(for spec: FakeImageSpec) -> String {
        var random = SeededRandom(seed: Seed.from(spec.prompt, String(spec.seed)))
        let w = Double(spec.width), h = Double(spec.height)
        let hue = random.double(0, 360)
        let top = hsl(hue, 0.55, 0.72), bottom = hsl(hue + random.double(30, 90), 0.5, 0.38)
        var body = """
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">\
        <stop offset="0" stop-color="\(top)"/><stop offset="1" stop-color="\(bottom)"/></linearGradient>
        """
        var shapes = ""
        let count = 3 + Int(random.next() % 5)
        for index in 0..<count {
            let colour = hsl(hue + random.double(-120, 120), random.double(0.4, 0.8), random.double(0.35, 0.8))
            body += """
            <radialGradient id="s\(index)"><stop offset="0" stop-color="\(colour)" stop-opacity="0.9"/>\
            <stop offset="0.7" stop-color="\(colour)" stop-opacity="0.5"/>\
            <stop offset="1" stop-color="\(colour)" stop-opacity="0"/></radialGradient>
            """
            let r = random.double(0.08, 0.3) * min(w, h)
            shapes += "<ellipse cx=\"\(f(random.double(0, w)))\" cy=\"\(f(random.double(0, h)))\" rx=\"\(f(r * random.double(0.8, 1.6)))\" ry=\"\(f(r))\" fill=\"url(#s\(index))\"/>"
        }
        body += "</defs><rect width=\"\(spec.width)\" height=\"\(spec.height)\" fill=\"url(#sky)\"/>" + shapes
        // A horizon: a darker band across the lower third, so images are not all blobs.
        let horizon = h * random.double(0.6, 0.8)
        body += "<path d=\"M0 \(f(horizon)) Q \(f(w / 2)) \(f(horizon - h * 0.08)) \(f(w)) \(f(horizon)) L \(f(w)) \(f(h)) L 0 \(f(h)) Z\" fill=\"\(hsl(hue + 180, 0.3, 0.25))\" fill-opacity=\"0.8\"/>"
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(spec.width)\" height=\"\(spec.height)\">\(body)</svg>"
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> String {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let x = c * (1 - abs((h / 60).truncatingRemainder(dividingBy: 2) - 1))
        let m = lightness - c / 2
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<60: (r, g, b) = (c, x, 0)
        case ..<120: (r, g, b) = (x, c, 0)
        case ..<180: (r, g, b) = (0, c, x)
        case ..<240: (r, g, b) = (0, x, c)
        case ..<300: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let hex = { (v: Double) in String(format: "%02x", Int(((v + m) * 255).rounded()).clamped(0, 255)) }
        return "#" + hex(r) + hex(g) + hex(b)
    }

    /// PNG through libvips (it only saves PNG to a file): a private temporary file, read back.
}

extension Int {
    func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
