import CVipsShim

/// How a block of text is set: font, box, alignment and effects.
public struct TextStyle: Sendable {
    /// Horizontal alignment of the lines inside the box.
    public enum Alignment: Int32, Sendable { case left = 0, centre = 1, right = 2 }

    /// A Pango font description without size, e.g. "Inter Bold".
    public var font: String
    /// Point size at 72 dpi, i.e. pixels; the largest size tried when auto-fitting.
    public var size: Double
    public var colour: String
    public var alignment: Alignment
    /// Extra space between lines, in pixels (0: the font's own).
    public var lineSpacing: Int
    /// Soft drop shadow under the glyphs (0 for none), and its darkness 0–1.
    public var shadowRadius: Double
    public var shadowOpacity: Double

    public init(font: String = "Inter Bold", size: Double = 64, colour: String = "#FFFFFF",
                alignment: Alignment = .centre, lineSpacing: Int = 0,
                shadowRadius: Double = 0, shadowOpacity: Double = 0.6) {
        self.font = font
        self.size = size
        self.colour = colour
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.shadowRadius = shadowRadius
        self.shadowOpacity = shadowOpacity
    }
}

/// Sets Pango markup into RGBA images with libvips: wrapping, alignment, auto-fit, colour emoji.
public enum TextRenderer {
    /// Escapes text so it can be placed inside Pango markup.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Renders markup wrapped at `width`; with `fitHeight`, shrinks the size until the text fits
    /// `width`×`fitHeight` (never grows past `style.size`). Returns the image and the size used.
    public static func render(markup: String, style: TextStyle, width: Int, fitHeight: Int? = nil) throws -> (image: Image, size: Double) {
        let coloured = "<span foreground=\"\(style.colour)\">\(markup)</span>"
        var size = style.size
        var image = try renderOnce(coloured, style: style, size: size, width: width)
        if let fitHeight, image.height > fitHeight || image.width > width {
            // libvips' own autofit can overshoot the requested maximum: search the size ourselves
            // (bisection on the point size), keeping the largest that fits.
            var lo = 6.0, hi = size
            var best: (Image, Double)?
            for _ in 0..<9 {
                let mid = (lo + hi) / 2
                let candidate = try renderOnce(coloured, style: style, size: mid, width: width)
                if candidate.height <= fitHeight && candidate.width <= width {
                    best = (candidate, mid); lo = mid
                } else {
                    hi = mid
                }
            }
            guard let best else {
                throw ImagingError(.text, "text does not fit \(width)x\(fitHeight) even at 6 px")
            }
            (image, size) = best
        }
        if style.shadowRadius > 0 { image = try withShadow(image, radius: style.shadowRadius, opacity: style.shadowOpacity) }
        return (image, size)
    }

    static func renderOnce(_ markup: String, style: TextStyle, size: Double, width: Int) throws -> Image {
        let font = "\(style.font) \(String(format: "%.1f", size))"
        var fitted: Int32 = 0
        let image = try Vips.make("cannot set text in \(font)", .text) {
            cf_vips_text($0, markup, font, nil, Int32(width), 0, style.alignment.rawValue, 0, 72,
                         Int32(style.lineSpacing), 1, &fitted)
        }
        return try image.srgb()
    }

    /// Pads the text and puts a blurred dark copy of its alpha underneath.
    static func withShadow(_ text: Image, radius: Double, opacity: Double) throws -> Image {
        let pad = Int((radius * 2).rounded(.up)) + 2
        let padded = try text.embedded(x: pad, y: pad, width: text.width + 2 * pad, height: text.height + 2 * pad)
        let (_, alphaOrNil) = try padded.splitAlpha()
        guard let alpha = alphaOrNil else { return padded }
        let soft = try alpha.blurred(sigma: radius)
        let shifted = try soft.embedded(x: 0, y: Int(radius / 2), width: soft.width, height: soft.height)
        let black = try Image.from(pixels: [UInt8](repeating: 0, count: padded.width * padded.height * 3),
                                   width: padded.width, height: padded.height, bands: 3)
        let shadow = try black.joined(alpha: shifted.linearAlpha(opacity))
        // Rendered to memory here: left lazy, every use (the ink box, the video's layer, each
        // still) blurred and blended it again.
        return try shadow.composited(padded).materialised()
    }
}

extension Image {
    /// Scales a single-band alpha image by `factor` (0–1).
    func linearAlpha(_ factor: Double) throws -> Image {
        try Vips.make("cannot scale alpha") { cf_vips_linear(pointer, $0, [factor], [0], 1) }.uchar()
    }
}

extension Image {
    /// Multiplies the alpha band by `factor` (0–1); the image must have alpha.
    public func scaledAlpha(_ factor: Double) throws -> Image {
        let (colour, alpha) = try splitAlpha()
        guard let alpha else { return self }
        return try colour.joined(alpha: alpha.linearAlpha(factor))
    }
}
