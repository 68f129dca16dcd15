import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// A rectangle in frame pixels.
public struct Box: Sendable, Codable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the box lies inside the frame minus the insets.
    public func inside(frameWidth: Int, frameHeight: Int, insets: (top: Int, bottom: Int, left: Int, right: Int)) -> Bool {
        x >= insets.left && y >= insets.top && x + width <= frameWidth - insets.right && y + height <= frameHeight - insets.bottom
    }
}

/// One rasterised element of a poster and where it goes.
public struct PlacedImage: Sendable {
    public var name: String
    public var image: Image
    public var left: Int
    public var top: Int
    /// The part of the image that is visible ink, for safe-zone checks (frame coordinates).
    public var inkBox: Box
    /// Text whose contrast is measured: its colour and the size it was set at.
    public var text: TextMark? = nil
}

/// Lays a poster out: graded background, legibility scrim, series label, quote, attribution and
/// brand handle, each set once with libvips; the still and the video are both made from these.
public struct PosterLayout: Sendable {
    public var width: Int
    public var height: Int
    public var background: Image
    public var scrim: PlacedImage
    public var label: PlacedImage
    public var quote: PlacedImage
    public var attribution: PlacedImage?
    public var handle: PlacedImage?
    public var watermark: PlacedImage?
    /// Plates behind text elements that measured under the contrast target, by name: their opacity.
    public var plates: [String: Double] = [:]

    public var textElements: [PlacedImage] { [label, quote] + [attribution, handle, watermark].compactMap { $0 } }

    /// Builds the layout for `format` from a generated (or local) image.
    public static func make(image: Image, format: Format, series: Series, quote: String, attribution: String,
                            brand: Brand) throws -> PosterLayout {
        let (w, h) = format.size
        let insets = format.safeInsets
        let background = try graded(image, format: format)

        let safeWidth = w - insets.left - insets.right
        let textWidth = safeWidth - 48
        let unit = Double(min(w, h)) / 1080.0

        let labelStyle = TextStyle(font: "Inter SemiBold", size: 34 * unit, colour: "#FFFFFF", shadowRadius: 4, shadowOpacity: 0.5)
        let labelText = "<span letter_spacing=\"\(Int(5 * 1024 * unit))\">\(TextRenderer.escape(series.title.uppercased()))</span>"
        let label = try TextRenderer.render(markup: labelText, style: labelStyle, width: textWidth).image
        let labelMark = TextMark("label", colour: labelStyle.colour, size: labelStyle.size)

        let quoteStyle = TextStyle(font: "Inter Bold", size: (format == .landscape ? 72 : 84) * unit, colour: "#FFFFFF",
                                   lineSpacing: Int(10 * unit), shadowRadius: 8 * unit, shadowOpacity: 0.55)
        let maxQuoteHeight = Int(Double(h - insets.top - insets.bottom) * (format == .story ? 0.42 : 0.5))
        let quoteMarkup = "\u{201C}\(TextRenderer.escape(quote))\u{201D}"
        let (quoteImage, quoteSize) = try TextRenderer.render(markup: quoteMarkup, style: quoteStyle, width: textWidth, fitHeight: maxQuoteHeight)

        var attributionImage: Image?
        let attributionStyle = TextStyle(font: "Inter Medium", size: 40 * unit, colour: "#F2F2F2", shadowRadius: 5 * unit, shadowOpacity: 0.5)
        if !attribution.isEmpty {
            let style = attributionStyle
            attributionImage = try TextRenderer.render(markup: "\u{2014} " + TextRenderer.escape(attribution), style: style, width: textWidth).image
        }

        // Quote block centred in the safe area, attribution under it.
        let gap = Int(28 * unit)
        let blockHeight = quoteImage.height + (attributionImage.map { gap + $0.height } ?? 0)
        let safeTop = insets.top, safeBottom = h - insets.bottom
        let blockTop = max(safeTop + label.height + Int(40 * unit), (safeTop + safeBottom - blockHeight) / 2)
        var quotePlaced = place("quote", quoteImage, centreX: w / 2, top: blockTop)
        quotePlaced.text = TextMark("quote", colour: quoteStyle.colour, size: quoteSize)
        let attributionPlaced = attributionImage.map {
            var placed = place("attribution", $0, centreX: w / 2, top: blockTop + quoteImage.height + gap)
            placed.text = TextMark("attribution", colour: attributionStyle.colour, size: attributionStyle.size)
            return placed
        }
        var labelPlaced = place("label", label, centreX: w / 2, top: safeTop)
        labelPlaced.text = labelMark

        // Scrim: a soft dark band behind the text block, full width, fading out at both ends.
        let scrimHeight = min(h, blockHeight + Int(360 * unit))
        let scrimTop = max(0, blockTop + blockHeight / 2 - scrimHeight / 2)
        let scrimImage = try Shapes.verticalScrim(width: w, height: scrimHeight, colour: "#000000",
                                                  stops: [(0, 0), (0.12, 0.05), (0.25, 0.18), (0.38, 0.32), (0.5, 0.36),
                                                          (0.62, 0.32), (0.75, 0.18), (0.88, 0.05), (1, 0)])
        let scrim = PlacedImage(name: "scrim", image: scrimImage, left: 0, top: scrimTop,
                                inkBox: Box(x: 0, y: scrimTop, width: w, height: scrimHeight))

        var handlePlaced: PlacedImage?
        var watermarkPlaced: PlacedImage?
        if !brand.handle.isEmpty {
            let style = TextStyle(font: "Inter SemiBold", size: 36 * unit, colour: "#FFFFFF", shadowRadius: 4 * unit, shadowOpacity: 0.5)
            let image = try TextRenderer.render(markup: TextRenderer.escape(brand.handle), style: style, width: textWidth).image
            handlePlaced = place("handle", image, centreX: w / 2, top: safeBottom - image.height)
            handlePlaced?.text = TextMark("handle", colour: style.colour, size: style.size)
            if brand.watermark {
                let mark = try TextRenderer.render(markup: TextRenderer.escape(brand.handle),
                                                   style: TextStyle(font: "Inter Bold", size: 26 * unit, colour: "#FFFFFF"), width: textWidth).image
                let faint = try mark.withAlpha().scaledAlpha(0.35)
                watermarkPlaced = PlacedImage(name: "watermark", image: faint, left: w - insets.right - mark.width,
                                              top: safeTop, inkBox: Box(x: w - insets.right - mark.width, y: safeTop, width: mark.width, height: mark.height))
            }
        }
        return PosterLayout(width: w, height: h, background: background, scrim: scrim, label: labelPlaced, quote: quotePlaced,
                            attribution: attributionPlaced, handle: handlePlaced, watermark: watermarkPlaced)
    }

    /// The background: the image scaled and smart-cropped to the format, with a gentle grade (a
    /// touch of contrast and chroma). The grade and the resampling are both linear, so their order
    /// changes only rounding and clipping: the grade goes on whichever has fewer pixels, a
    /// generated picture before it is upscaled (576x1024: 0.20 -> 0.12 s), a photo after it is
    /// scaled down.
    public static func graded(_ image: Image, format: Format) throws -> Image {
        let (w, h) = format.size
        let flat = try image.srgb().flatten()
        func grade(_ image: Image) throws -> Image { try image.saturated(1.06).adjusted(brightness: -6, contrast: 1.04) }
        if flat.width * flat.height < w * h { return try grade(flat).cover(width: w, height: h).materialised() }
        return try grade(flat.cover(width: w, height: h)).materialised()
    }

    /// The same layout over another picture: a variant's text is the main layout's, set once.
    public func over(_ image: Image, format: Format) throws -> PosterLayout {
        over(graded: try Self.graded(image, format: format))
    }

    /// The same layout over a background already `graded` for its format.
    public func over(graded background: Image) -> PosterLayout {
        var layout = self
        layout.background = background
        return layout
    }

    static func place(_ name: String, _ image: Image, centreX: Int, top: Int) -> PlacedImage {
        let left = centreX - image.width / 2
        // The shadow padding is transparent; the ink box is what must stay inside the safe zone.
        let ink = (try? image.pixels().opaqueBounds(threshold: 40)) ?? (0, 0, image.width, image.height)
        return PlacedImage(name: name, image: image, left: left, top: top,
                           inkBox: Box(x: left + ink.x, y: top + ink.y, width: ink.width, height: ink.height))
    }

    /// What a still draws over its background, in order: the scrim, then each text element over
    /// its plate if it has one, each rendered to memory. Rendered once and shared by every
    /// variant's still: left lazy, each still rendered them again (50 ms a variant on the sample
    /// poster, half of it the quote's plate, blurred by librsvg).
    public func overlays() throws -> [(image: Image, x: Int, y: Int)] {
        var overlays: [(image: Image, x: Int, y: Int)] = [(scrim.image, scrim.left, scrim.top)]
        for element in textElements {
            if let opacity = plates[element.name], let mark = element.text {
                let p = TextBacking.padding(size: mark.size)
                let plate = try TextBacking.plate(width: element.image.width, height: element.image.height, size: mark.size, opacity: opacity)
                overlays.append((plate, element.left - p, element.top - p))
            }
            overlays.append((element.image, element.left, element.top))
        }
        return try overlays.map { (try $0.image.materialised(), $0.x, $0.y) }
    }

    /// The finished still: every element composited onto the background, over its plate if it has
    /// one (`overlays`, this layout's own when not given). Computed once and kept (about 6 MB): the
    /// poster and its cover are both saved from it.
    public func still(overlays shared: [(image: Image, x: Int, y: Int)]? = nil) throws -> Image {
        try background.composited(try shared ?? overlays()).flatten().materialised()
    }
}
