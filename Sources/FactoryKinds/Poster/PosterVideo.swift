import FactoryCore
import FactoryMedia

/// The poster as a short video: slow Ken Burns (1.00→1.08) over the background, the quote
/// fading and rising in, the attribution after it, the brand handle at the end.
public enum PosterVideo {
    /// When each element appears, in seconds (captions and checks use the same numbers).
    public struct Timing: Sendable, Equatable {
        public var labelIn = 0.2
        public var quoteIn = 0.8
        public var quoteFade = 1.0
        public var attributionIn = 1.7
        public var handleLead = 2.2
    }

    public static let timing = Timing()
    /// Video bitrate of poster videos (bits per second).
    /// The poster video's frame rate.
    public static let fps = 30
    public static let bitrate = 8_000_000

    public static func scene(_ layout: PosterLayout, duration: Double) throws -> Scene {
        let t = timing
        let w = Double(layout.width), h = Double(layout.height)
        var layers = [
            Layer(try LayerPixels(image: layout.background), x: .constant(w / 2), y: .constant(h / 2),
                  scale: .ramp(1.0, 1.08, start: 0, duration: duration)),
            element(try pixels(layout.scrim), layout.scrim, fadeIn: t.quoteIn - 0.4, over: t.quoteFade + 0.4),
            element(try pixels(layout.label), layout.label, fadeIn: t.labelIn, over: 0.6),
        ]
        // The quote rises 24 px as it fades in, easing out.
        let quote = layout.quote
        var quoteLayer = Layer(try pixels(quote), x: .constant(Double(quote.left)),
                               y: .ramp(Double(quote.top + 24), Double(quote.top), start: t.quoteIn, duration: t.quoteFade, .easeOut),
                               opacity: .ramp(0, 1, start: t.quoteIn, duration: t.quoteFade, .easeOut), anchorX: 0, anchorY: 0)
        quoteLayer.text = quote.text
        layers.append(quoteLayer)
        if let attribution = layout.attribution {
            layers.append(element(try pixels(attribution), attribution, fadeIn: t.attributionIn, over: 0.6))
        }
        if let handle = layout.handle {
            layers.append(element(try pixels(handle), handle, fadeIn: max(0, duration - t.handleLead), over: 0.6))
        }
        if let watermark = layout.watermark {
            layers.append(.placed(try pixels(watermark), left: Double(watermark.left), top: Double(watermark.top)))
        }
        return Scene(width: layout.width, height: layout.height, duration: duration, layers: layers)
    }

    static func pixels(_ placed: PlacedImage) throws -> LayerPixels { try LayerPixels(image: placed.image) }

    /// A text element fading in where the layout placed it (its contrast measured when it is text).
    static func element(_ pixels: LayerPixels, _ placed: PlacedImage, fadeIn: Double, over: Double) -> Layer {
        var layer = Layer.placed(pixels, left: Double(placed.left), top: Double(placed.top),
                                 opacity: .ramp(0, 1, start: fadeIn, duration: over, .easeInOut))
        layer.text = placed.text
        return layer
    }
}
