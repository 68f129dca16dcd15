import FactoryCore
import Foundation

/// A poster item, fully resolved: series, prompt, style, generation parameters, quote, video.
public struct PosterSpec: Sendable, Equatable {
    public var series: Series
    public var prompt: String
    /// nil: the series' default style.
    public var style: PosterStyle?
    public var variants: Int
    /// nil: written by the text provider (or the offline library).
    public var quote: String?
    public var attribution: String?
    public var negativePrompt: String?
    public var model: String
    public var steps: Int
    public var cfgScale: Double
    public var duration: Double

    public static let keys = ["series", "prompt", "style", "variants", "quote", "attribution", "negative_prompt",
                       "model", "steps", "cfg_scale", "duration"]
    enum Keys: String, CodingKey {
        case series, prompt, style, variants, quote, attribution, model, steps, duration
        case negativePrompt = "negative_prompt", cfgScale = "cfg_scale"
    }

    public static let defaultModel = ModelDefaults.image

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        series = try c.decodeIfPresent(Series.self, forKey: .series) ?? .mondayMotivation
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt) ?? ""
        style = try c.decodeIfPresent(PosterStyle.self, forKey: .style)
        variants = try c.decode(Int.self, forKey: .variants, default: 1, in: 1...4)
        quote = try c.decodeIfPresent(String.self, forKey: .quote)
        attribution = try c.decodeIfPresent(String.self, forKey: .attribution)
        negativePrompt = try c.decodeIfPresent(String.self, forKey: .negativePrompt)
        model = try c.decodeIfPresent(String.self, forKey: .model) ?? Self.defaultModel
        steps = try c.decode(Int.self, forKey: .steps, default: 28, in: 1...100)
        cfgScale = try c.decode(Double.self, forKey: .cfgScale, default: 7, in: 1...30)
        duration = try c.decode(Double.self, forKey: .duration, default: 7, in: 6...8, what: "a poster video's duration in seconds")
        if let quote, quote.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .quote, in: c, debugDescription: "the quote is empty; write one or remove the key to have it written")
        }
        if let quote, quote.count > 280 {
            throw DecodingError.dataCorruptedError(forKey: .quote, in: c, debugDescription: "the quote has \(quote.count) characters; keep it under 280 so it stays legible on a poster")
        }
    }
}
