import FactoryImaging
import FactoryMedia
import Foundation

/// Makes one poster bundle: quote → image variants → stills → video → captions → metadata.
struct PosterJob: Sendable {
    let item: Item
    let spec: PosterSpec
    let manifest: Manifest
    let providers: ProviderSet
    /// Where the render writes; nil for the paid stages, which write nothing.
    let writer: BundleWriter?

    /// What the paid stages produced: everything the render needs.
    struct Assets: Sendable {
        var quote: String
        var attribution: String
        var images: [GeneratedImage]
    }

    var baseSeed: UInt64 { item.seed ?? Seed.from(item.id, manifest.week.description, spec.series.rawValue) }

    /// The quote request; nil when the manifest gives the quote.
    var quoteRequest: QuoteRequest? {
        spec.quote == nil ? QuoteRequest(series: spec.series, theme: spec.prompt, week: manifest.week,
                                         seed: item.seed(.text, default: baseSeed), reasoning: item.reasoning) : nil
    }

    /// One image request per variant, with consecutive seeds, and the stage each is recorded as.
    var imageRequests: [(stage: String, request: ImageRequest)] {
        let style = spec.style ?? spec.series.defaultStyle
        let size = item.format.generationSize
        let prompt = [spec.series.promptPrefix, spec.prompt, style.promptSuffix].filter { !$0.isEmpty }.joined(separator: ", ")
        let seed = item.seed(.image, default: baseSeed)
        return (0..<spec.variants).map { variant in
            (spec.variants == 1 ? "image" : "image-\(variant + 1)",
             ImageRequest(positivePrompt: prompt, negativePrompt: spec.negativePrompt ?? Series.negativePrompt,
                          model: spec.model, width: size.width, height: size.height, steps: spec.steps,
                          cfgScale: spec.cfgScale, seed: seed &+ UInt64(variant),
                          hints: ["series": spec.series.rawValue, "style": style.rawValue,
                                  "week": manifest.week.description, "prompt": spec.prompt]))
        }
    }

    /// Stage 1 and 2: the quote (text provider), then every variant's image at once (image provider).
    func assets(context: CallContext, priority: Int) async throws -> (Assets, [GenerationRecord]) {
        var records: [GenerationRecord] = []

        // Text: the manifest's quote, or one from the text provider.
        let quote: String, attribution: String
        if let request = quoteRequest {
            let answer = try await providers.text.quote(request, context: context.with(stage: "text"))
            records.append(answer.record)
            quote = answer.text
            attribution = spec.attribution ?? answer.attribution
        } else {
            quote = spec.quote ?? ""
            attribution = spec.attribution ?? ""
        }
        try Task.checkCancellation()

        // Images: one generation per variant, requested together.
        let requests = imageRequests
        let provider = providers.image
        let images = try await withThrowingTaskGroup(of: (Int, GeneratedImage).self) { group in
            for (index, (stage, request)) in requests.enumerated() {
                group.addTask { (index, try await provider.generate(request, context: context.with(stage: stage))) }
            }
            var made: [Int: GeneratedImage] = [:]
            for try await (index, image) in group { made[index] = image }
            return (0..<requests.count).compactMap { made[$0] }
        }
        records += images.map(\.record)
        return (Assets(quote: quote, attribution: attribution, images: images), records)
    }

    /// Stage 3 and 4: stills, video, captions, metadata, checks (the bundle is published by the caller).
    func render(_ assets: Assets, records: [GenerationRecord]) async throws {
        guard let writer else { throw FactoryError(.render, "item \(item.id): no bundle to render into") }
        let quote = assets.quote, attribution = assets.attribution
        // The stills and the other variants' layouts are released before the video is rendered.
        let main = try { () throws -> PosterLayout in
            var main: PosterLayout?
            for (variant, generated) in assets.images.enumerated() {
                let image = try Image.decode(generated.data)
                let layout = try PosterLayout.make(image: image, format: item.format, series: spec.series, quote: quote,
                                                   attribution: attribution, brand: manifest.brand)
                let name = variant == 0 ? "poster.jpg" : "poster-\(variant + 1).jpg"
                let still = try layout.still()
                try still.saveJPEG(to: writer.path(name), quality: 92)
                if main == nil {
                    main = layout
                    try still.resized(scale: 720.0 / Double(layout.width)).saveJPEG(to: writer.path("cover.jpg"), quality: 85)
                }
                try Task.checkCancellation()
            }
            guard let main else { throw FactoryError(.render, "item \(item.id): no poster variant was made") }
            return main
        }()

        // Video: Ken Burns over the first variant, optional music bed.
        Vips.releaseMemory()
        let scene = try PosterVideo.scene(main, duration: spec.duration)
        let music = try item.music.map { path -> AudioBuffer in
            try AudioDecoder.decode(path: path, maxSeconds: spec.duration + 1)
                .looped(toAtLeast: spec.duration).trimmed(length: spec.duration)
                .faded(in: 0.5, out: 1.5).gained(Float(item.musicVolume))
        }
        let settings = VideoSettings(width: main.width, height: main.height, fps: 30, bitrate: PosterVideo.bitrate, preset: item.quality.preset)
        let stats = try SceneRenderer.render(scene, audio: music, to: writer.path("video.mp4"), settings: settings)

        // Words: caption with hashtags, and the quote as timed captions.
        let spoken = attribution.isEmpty ? "\u{201C}\(quote)\u{201D}" : "\u{201C}\(quote)\u{201D} \u{2014} \(attribution)"
        let captions = Captions([.init(start: PosterVideo.timing.quoteIn, end: spec.duration, text: spoken)])
        try writer.write(captions.srt, to: "captions.srt")
        try writer.write(captions.vtt, to: "captions.vtt")
        try writer.write(PosterCaption.text(item: item, spec: spec, quote: quote, attribution: attribution, brand: manifest.brand), to: "caption.txt")

        let checks = try PosterChecks.run(layout: main, format: item.format, writer: writer, variants: spec.variants)
        try writeMetadata(writer: writer, records: records, layout: main, stats: stats, settings: settings, checks: checks, title: quote)
        if let failed = checks.first(where: { !$0.passed }) {
            throw FactoryError(.quality, "item \(item.id): check \(failed.name) failed: \(failed.detail)")
        }
    }

    func writeMetadata(writer: BundleWriter, records: [GenerationRecord], layout: PosterLayout, stats: SceneRenderer.Stats,
                       settings: VideoSettings, checks: [BundleMetadata.Check], title: String) throws {
        var boxes: [String: Box] = [:]
        for element in layout.textElements { boxes[element.name] = element.inkBox }
        let metadata = BundleMetadata(
            itemId: item.id, kind: item.kind.rawValue, week: manifest.week.description, scheduledDate: item.date,
            title: item.title ?? "\(spec.series.title): \(title)", files: try writer.describeFiles(), generation: records,
            totalCostUSD: records.reduce(0) { $0 + $1.costUSD },
            render: .init(width: settings.width, height: settings.height, fps: settings.fps, bitrate: settings.bitrate,
                          preset: item.quality.rawValue, x264Preset: settings.preset.x264, seconds: stats.seconds, frames: stats.frames),
            layout: boxes, checks: checks, details: item.music.map { ["music": ($0 as NSString).lastPathComponent] },
            manifestSha256: manifest.sha256, toolVersion: ToolVersion.current,
            createdAt: ISO8601DateFormatter().string(from: Date()))
        try writer.writeMetadata(metadata)
    }
}
