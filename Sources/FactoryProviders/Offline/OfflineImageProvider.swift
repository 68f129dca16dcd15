import FactoryCore
import FactoryKinds
import FactoryImaging
import Foundation

/// The embedded image provider: a kind's own offline art when the request's `kind` hint names a
/// kind that has some (`KindDescriptor.offlineArt`: a recipe's fridge and plate, a bedtime
/// story's storybook scene), else seeded procedural landscapes, different per series, style and week.
public struct OfflineImageProvider: ImageProvider {
    public let name = OfflineWriter.provider.rawValue
    /// The kinds whose offline art paints their requests.
    let kinds: KindRegistry

    public init(kinds: KindRegistry) {
        self.kinds = kinds
    }

    public func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage {
        // librsvg makes a canvas-sized surface for each group and filter step (80 for a poster's
        // two pictures; a recipe's art, 650 when its shadows were blurred, now draws them without
        // a filter: 2.4 MB each at 576x1024). They come from malloc's
        // arenas (`Vips.defaultMmapThreshold`), reused one after another instead of each mapped
        // and zeroed afresh; what is free there is given back once the picture is painted, so a
        // week's fetches keep none of it while the voice reads or another item renders.
        defer { Vips.trimHeap() }
        if let kind = request.hints.kind, let paint = kinds[kind]?.offlineArt { return try paint(request) }
        let series = request.hints[.series].flatMap(Series.init(rawValue:)) ?? .mindfulMoment
        let style = request.hints[.style].flatMap(PosterStyle.init(rawValue:)) ?? series.defaultStyle
        let week = request.hints.week ?? ""
        var rng = SeededRandom(seed: Seed.from(series.rawValue, style.rawValue, week, String(request.seed)))
        let palettes = Palettes.options(for: series)
        let palette = palettes[Int(rng.next() % UInt64(palettes.count))]
        var painter = ProceduralPainter(width: request.width, height: request.height, palette: palette, style: style,
                                        prompt: request.hints.prompt ?? request.positivePrompt, rng: rng)
        let grain = style == .photographic || style == .cinematic ? 6.0 : 3.5
        let image = try Shapes.svg(painter.svg()).flatten().grained(sigma: grain)
        let data = try image.jpegData(quality: 92)
        let record = GenerationRecord(stage: "image", provider: identity, model: "procedural-\(style.rawValue)-v1",
                                      parameters: ["width": "\(request.width)", "height": "\(request.height)", "style": style.rawValue,
                                                   "series": series.rawValue],
                                      seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                      units: ["images": 1], costUSD: 0)
        return GeneratedImage(data: data, record: record)
    }
}
