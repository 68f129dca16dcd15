import FactoryCore
import FactoryKinds
import FactoryImaging
import Foundation

/// The embedded image provider: seeded procedural art, different per series, style and week.
public struct OfflineImageProvider: ImageProvider {
    public let name = "offline"
    public init() {}

    public func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage {
        if request.hints["kind"] == "recipe" { return try recipePicture(request) }
        if request.hints["kind"] == "bedtime" { return try storybookPicture(request) }
        let series = request.hints["series"].flatMap(Series.init(rawValue:)) ?? .mindfulMoment
        let style = request.hints["style"].flatMap(PosterStyle.init(rawValue:)) ?? series.defaultStyle
        let week = request.hints["week"] ?? ""
        var rng = SeededRandom(seed: Seed.from(series.rawValue, style.rawValue, week, String(request.seed)))
        let palettes = Palettes.options(for: series)
        let palette = palettes[Int(rng.next() % UInt64(palettes.count))]
        var painter = ProceduralPainter(width: request.width, height: request.height, palette: palette, style: style,
                                        prompt: request.hints["prompt"] ?? request.positivePrompt, rng: rng)
        let grain = style == .photographic || style == .cinematic ? 6.0 : 3.5
        let image = try Shapes.svg(painter.svg()).flatten().grained(sigma: grain)
        let data = try image.jpegData(quality: 92)
        let record = GenerationRecord(stage: "image", provider: name, model: "procedural-\(style.rawValue)-v1",
                                      parameters: ["width": "\(request.width)", "height": "\(request.height)", "style": style.rawValue,
                                                   "series": series.rawValue],
                                      seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                      units: ["images": 1], costUSD: 0)
        return GeneratedImage(data: data, record: record)
    }

    /// A recipe's fridge before, fridge after or plated meal, painted by role instead of a landscape.
    func recipePicture(_ request: ImageRequest) throws -> GeneratedImage {
        let role = request.hints["role"].flatMap(RecipePainter.Role.init(rawValue:)) ?? .meal
        var painter = RecipePainter(width: request.width, height: request.height, role: role,
                                    prompt: request.hints["prompt"] ?? request.positivePrompt, seed: request.seed)
        let image = try Shapes.svg(painter.svg()).flatten().grained(sigma: 3)
        let data = try image.jpegData(quality: 92)
        let record = GenerationRecord(stage: "image", provider: name, model: "procedural-recipe-\(role.rawValue)-v1",
                                      parameters: ["width": "\(request.width)", "height": "\(request.height)", "role": role.rawValue],
                                      seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                      units: ["images": 1], costUSD: 0)
        return GeneratedImage(data: data, record: record)
    }
}
