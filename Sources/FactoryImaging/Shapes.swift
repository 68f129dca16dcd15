import CVipsShim
import Foundation

/// Vector shapes drawn by libvips' SVG loader (librsvg): anti-aliased and resolution-exact.
public enum Shapes {
    /// Renders an SVG document to an RGBA image.
    public static func svg(_ document: String) throws -> Image {
        let utf8 = Array(document.utf8)
        return try utf8.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                try Vips.make("cannot draw SVG shape") { cf_vips_svg(chars, buffer.count, 1.0, $0) }
            }
        }.srgb()
    }

    static func document(_ width: Int, _ height: Int, _ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\(body)</svg>"
    }

    public static func roundedRect(width: Int, height: Int, radius: Double, fill: String, opacity: Double = 1,
                                   stroke: String? = nil, strokeWidth: Double = 0) throws -> Image {
        let inset = strokeWidth / 2
        let strokeAttr = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(strokeWidth)\"" } ?? ""
        return try svg(document(width, height,
            "<rect x=\"\(inset)\" y=\"\(inset)\" width=\"\(Double(width) - strokeWidth)\" height=\"\(Double(height) - strokeWidth)\" rx=\"\(radius)\" ry=\"\(radius)\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\"\(strokeAttr)/>"))
    }

    public static func circle(diameter: Int, fill: String, opacity: Double = 1) throws -> Image {
        let r = Double(diameter) / 2
        return try svg(document(diameter, diameter,
            "<circle cx=\"\(r)\" cy=\"\(r)\" r=\"\(r)\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\"/>"))
    }

    /// A vertical band of `colour` whose opacity follows `stops` (offset 0–1, opacity 0–1):
    /// the legibility scrim behind text.
    public static func verticalScrim(width: Int, height: Int, colour: String, stops: [(Double, Double)]) throws -> Image {
        let stopTags = stops.map { "<stop offset=\"\($0.0)\" stop-color=\"\(colour)\" stop-opacity=\"\($0.1)\"/>" }.joined()
        return try svg(document(width, height,
            "<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\(stopTags)</linearGradient></defs><rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#g)\"/>"))
    }

    /// A solid opaque canvas.
    public static func canvas(width: Int, height: Int, colour: String) throws -> Image {
        try svg(document(width, height, "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour)\"/>")).flatten()
    }
}
