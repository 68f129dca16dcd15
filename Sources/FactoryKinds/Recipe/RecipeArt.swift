import FactoryCore
import FactoryImaging
import Foundation

/// The seed's overlays, rasterised once with libvips: text in Inter Bold with a 4 px black stroke
/// (the seed's "4 px shadow as fake stroke"), rounded stickers, the CTA sticker, the gradient
/// progress bar and the picture-in-picture face. Sizes are the seed's, in pixels at 1080×1920.
package struct RecipeArt: Sendable {
    package static let width = 1080, height = 1920
    /// The recipe video's frame rate.
    package static let fps = 30
    static let insets = (top: 192, bottom: 192, left: 72, right: 72)
    static let bold = "Inter Bold"
    /// The seed's type sizes.
    enum Size {
        static let hook = 64.0, step = 48.0, counter = 42.0, cta = 40.0, callout = 42.0, sticker = 46.0
    }
    /// Text stays this far inside the safe zone, so its stroke does too.
    static let safeWidth = width - insets.left - insets.right

    /// White (or `colour`) bold text wrapped at the seed's 28–32 characters a line, centred, with a
    /// 4 px black stroke drawn as twelve offset copies of the glyphs under them.
    func text(_ string: String, size: Double, colour: String = "#FFFFFF", limit: Int = 30, stroke: Int = 4) throws -> Image {
        let lines = RecipeTextRules.wrap(string, limit: limit).map(TextRenderer.escape).joined(separator: "\n")
        let style = TextStyle(font: Self.bold, size: size, colour: colour, alignment: .centre)
        let face = try TextRenderer.render(markup: lines, style: style, width: Self.safeWidth - 2 * stroke - 8).image
        guard stroke > 0 else { return face }
        var dark = style
        dark.colour = "#000000"
        let edge = try TextRenderer.render(markup: lines, style: dark, width: Self.safeWidth - 2 * stroke - 8).image
        let pad = stroke + 1
        var canvas = try face.embedded(x: pad, y: pad, width: face.width + 2 * pad, height: face.height + 2 * pad).scaledAlpha(0)
        for k in 0..<12 {
            let angle = Double(k) * Double.pi / 6
            canvas = try canvas.composited(edge, x: pad + Int((Double(stroke) * cos(angle)).rounded()), y: pad + Int((Double(stroke) * sin(angle)).rounded()))
        }
        return try canvas.composited(face, x: pad, y: pad).materialised()
    }

    /// A rounded sticker: text on a coloured pill with a soft drop shadow. The text is white when
    /// white reads on the pill at the contrast target, else near-black (`stickerText`).
    func sticker(_ label: String, size: Double, fill: String, textColour: String = "#FFFFFF") throws -> Image {
        let textColour = Self.stickerText(on: fill, preferred: textColour)
        let glyphs = try TextRenderer.render(markup: TextRenderer.escape(label),
                                             style: TextStyle(font: Self.bold, size: size, colour: textColour, alignment: .centre),
                                             width: Self.safeWidth - 80).image
        let w = glyphs.width + Int(size * 1.1), h = glyphs.height + Int(size * 0.6)
        let shadow = 10
        let body = try Shapes.svg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w + shadow)\" height=\"\(h + shadow)\"><rect x=\"\(shadow / 2)\" y=\"\(shadow)\" width=\"\(w)\" height=\"\(h)\" rx=\"\(h / 2)\" fill=\"#000000\" fill-opacity=\"0.35\"/><rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" rx=\"\(h / 2)\" fill=\"\(fill)\"/></svg>")
        return try body.composited(glyphs, x: (w - glyphs.width) / 2, y: (h - glyphs.height) / 2).materialised()
    }

    /// The colour a sticker's text is set in on `fill`.
    static func stickerText(on fill: String, preferred: String = "#FFFFFF") -> String { LegibleColour.text(on: fill, preferred: preferred) }

    /// The call to action: 40 px bold in a white rounded sticker.
    func cta(_ label: String) throws -> Image { try sticker(label, size: Size.cta, fill: "#FFFFFF", textColour: "#111111") }

    /// A progress bar: a dark rounded track and its gradient fill (revealed by a mask over time).
    func progressBar(width: Int, height: Int) throws -> (track: Image, fill: Image) {
        let r = Double(height) / 2
        let track = try Shapes.roundedRect(width: width, height: height, radius: r, fill: "#000000", opacity: 0.45)
        let fill = try Shapes.svg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><defs><linearGradient id=\"g\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\"><stop offset=\"0\" stop-color=\"#FF8A00\"/><stop offset=\"0.5\" stop-color=\"#FF2D7A\"/><stop offset=\"1\" stop-color=\"#7B5CFF\"/></linearGradient></defs><rect width=\"\(width)\" height=\"\(height)\" rx=\"\(r)\" fill=\"url(#g)\"/></svg>")
        return (track, fill)
    }

    /// The picture-in-picture: a 340 px circle with a white ring and a drop shadow, holding a
    /// placeholder face (drawn, not a photo) until selfie recording exists.
    func pip(diameter d: Int = 340) throws -> Image {
        let pad = 24, size = d + 2 * pad, c = Double(size) / 2, r = Double(d) / 2
        let face = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)">
            <defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#FFE3C2"/><stop offset="1" stop-color="#F4B183"/></radialGradient>
            <clipPath id="c"><circle cx="\(c)" cy="\(c)" r="\(r)"/></clipPath></defs>
            <circle cx="\(c + 4)" cy="\(c + 10)" r="\(r + 6)" fill="#000000" fill-opacity="0.35"/>
            <g clip-path="url(#c)">
              <rect x="0" y="0" width="\(size)" height="\(size)" fill="#7FB3D5"/>
              <ellipse cx="\(c)" cy="\(c + r * 0.95)" rx="\(r * 0.75)" ry="\(r * 0.5)" fill="#E8505B"/>
              <circle cx="\(c)" cy="\(c - r * 0.08)" r="\(r * 0.42)" fill="url(#bg)"/>
              <path d="M \(c - r * 0.42) \(c - r * 0.2) Q \(c) \(c - r * 0.75) \(c + r * 0.42) \(c - r * 0.2) Q \(c + r * 0.3) \(c - r * 0.5) \(c) \(c - r * 0.52) Q \(c - r * 0.3) \(c - r * 0.5) \(c - r * 0.42) \(c - r * 0.2) Z" fill="#5B3A29"/>
              <circle cx="\(c - r * 0.15)" cy="\(c - r * 0.1)" r="\(r * 0.045)" fill="#2B2B2B"/>
              <circle cx="\(c + r * 0.15)" cy="\(c - r * 0.1)" r="\(r * 0.045)" fill="#2B2B2B"/>
              <path d="M \(c - r * 0.16) \(c + r * 0.1) Q \(c) \(c + r * 0.25) \(c + r * 0.16) \(c + r * 0.1)" stroke="#8A3B2E" stroke-width="\(r * 0.04)" fill="none" stroke-linecap="round"/>
            </g>
            <circle cx="\(c)" cy="\(c)" r="\(r - 3)" fill="none" stroke="#FFFFFF" stroke-width="8"/>
            </svg>
            """
        return try Shapes.svg(face)
    }
}
