import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Makes one poster bundle: quote → image variants → main layout → stills → video → captions →
/// checks → metadata.
package struct PosterJob: Sendable {
    package let item: Item
    let spec: PosterSpec
    let manifest: Manifest
    let providers: ProviderSet
    /// The series' memory (nil: repeats are not checked).
    var memory: SeriesGuard? = nil
    /// The render knobs the command layer resolved (`.standard` in a run).
    var tuning: RenderTuning = .standard

    package init(item: Item, spec: PosterSpec, manifest: Manifest, providers: ProviderSet, memory: SeriesGuard? = nil,
                 tuning: RenderTuning = .standard) {
        self.item = item
        self.spec = spec
        self.manifest = manifest
        self.providers = providers
        self.memory = memory
        self.tuning = tuning
    }

    /// What the paid stages produced: everything the render needs.
    package struct Assets: Sendable {
        package var quote: String
        package var attribution: String
        package var images: [GeneratedImage]
    }

    var baseSeed: UInt64 { item.seed ?? Seed.from(item.id, manifest.week.description, spec.series.rawValue) }

    /// The quote's brief; nil when the manifest gives the quote. It lists the quotes the series
    /// published in other weeks of the memory's window.
    var quoteBrief: QuoteBrief? {
        spec.quote == nil ? QuoteBrief(series: spec.series, theme: spec.prompt, week: manifest.week,
                                       seed: item.seed(.text, default: baseSeed), reasoning: item.reasoning,
                                       recent: memory?.recentWork([.quote]) ?? RecentWork()) : nil
    }

    /// The quote and attribution (fixed when the manifest gives the quote), and each variant's prompt and seed.
    package func remembered(_ assets: Assets) -> [Remembered] {
        let fixed = spec.quote != nil
        var out = [Remembered(.quote, assets.quote, fixed: fixed)]
        if !assets.attribution.isEmpty { out.append(Remembered(.attribution, assets.attribution, fixed: fixed || spec.attribution != nil)) }
        return out + imageRequests.map { Remembered(.imagePrompt, $0.request.positivePrompt, seed: $0.request.seed) }
    }

    /// One image request per variant, with consecutive seeds, and the stage each is recorded as.
    var imageRequests: [(stage: StageName, request: ImageRequest)] {
        let style = spec.style ?? spec.series.defaultStyle
        let size = item.format.generationSize
        let prompt = [spec.series.promptPrefix, spec.prompt, style.promptSuffix].filter { !$0.isEmpty }.joined(separator: ", ")
        let seed = item.seed(.image, default: baseSeed)
        return (0..<spec.variants).map { variant in
            (spec.variants == 1 ? StageName.image : .image("\(variant + 1)"),
             ImageRequest(positivePrompt: prompt, negativePrompt: spec.negativePrompt ?? Series.negativePrompt,
                          model: spec.model, width: size.width, height: size.height, steps: spec.steps,
                          cfgScale: spec.cfgScale, seed: seed &+ UInt64(variant),
                          hints: ImageHints(week: manifest.week.description, prompt: spec.prompt,
                                            own: [.series: spec.series.rawValue, .style: style.rawValue])))
        }
    }

    /// Stage 1 and 2: the quote (text provider), then every variant's image at once (image provider).
    func assets(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        var records: [GenerationRecord] = []

        // Text: the manifest's quote, or one from the text provider.
        let quote: String, attribution: String
        if let request = quoteBrief {
            let answer = try await PosterQuote(item: item.id, provider: providers.text, memory: memory)
                .ask(request, context: context, records: &records)
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

    /// A variant's picture laid out with the quote, the series and the brand.
    package func layout(_ generated: GeneratedImage, quote: String, attribution: String) throws -> PosterLayout {
        try PosterLayout.make(image: try Image.decode(generated.data), format: item.format, series: spec.series, quote: quote,
                              attribution: attribution, brand: manifest.brand)
    }

    /// The music bed decoded, fitted to the video, faded and levelled (nil without music).
    func musicBed() throws -> AudioBuffer? {
        try item.music.map { path -> AudioBuffer in
            try AudioDecoder.decode(path: path, maxSeconds: spec.duration + 1)
                .looped(toAtLeast: spec.duration).trimmed(length: spec.duration)
                .faded(in: 0.5, out: 1.5).gained(Float(item.musicVolume))
        }.flatMap { SoundtrackLevel.levelled($0, for: item) }
    }

    /// The video: Ken Burns over the laid-out poster's layers, with the optional music bed
    /// (`PosterBench` times this).
    package func video(_ scene: Scene, to path: String) throws -> (VideoSettings, SceneRenderer.Stats) {
        try video(scene, music: try musicBed().map(PackedAudioSource.packed), to: path)
    }

    /// `music`: the bed at 16 bits (half the memory of its samples as `Float`, held through the render).
    func video(_ scene: Scene, music: [Int16]?, to path: String) throws -> (VideoSettings, SceneRenderer.Stats) {
        let settings = VideoSettings(width: scene.width, height: scene.height, fps: PosterVideo.fps, bitrate: PosterVideo.bitrate, preset: item.quality.preset,
                                     tuning: tuning)
        return (settings, try SceneRenderer.render(scene, source: music.map { PackedAudioSource(packed: $0) }, to: path, settings: settings))
    }

    /// poster.jpg (the main layout), poster-2.jpg, … (each other variant's picture under the main
    /// layout's text) and cover.jpg (the main still at 720 px wide). `backgrounds` are the other
    /// variants' graded pictures, in order. The caller releases libvips' memory afterwards.
    func stills(main: PosterLayout, backgrounds: [Image], writer: BundleWriter) throws {
        try Task.checkCancellation()
        // One variant at a time: made side by side they peaked at 198–202 MB (the item's highest,
        // over the 200 MB goal), one by one at 176–185 MB, in the same time (8.1 s either way).
        // A variant differs from the main layout by its picture alone: its text (set with the
        // same words, fonts and frame, so the same images) and its plates are not made again.
        let overlays = try main.overlays()
        for (variant, layout) in ([main] + backgrounds.map { main.over(graded: $0) }).enumerated() {
            let still = try layout.still(overlays: overlays)
            try still.saveJPEG(to: writer.path(variant == 0 ? "poster.jpg" : "poster-\(variant + 1).jpg"), quality: 92)
            if variant == 0 {
                try still.resized(scale: 720.0 / Double(layout.width)).saveJPEG(to: writer.path("cover.jpg"), quality: 85)
            }
        }
    }

    /// The main layout with its text's contrast ensured, and every variant's still. The layouts'
    /// images go with the return; the checks and the metadata keep where the text sits.
    func laidOut(_ first: GeneratedImage, others: [GeneratedImage], quote: String, attribution: String,
                 writer: BundleWriter) async throws -> (TextLegibility, PosterChecks.Geometry) {
        // The other variants' pictures are decoded and graded meanwhile (0.1 s each, libvips),
        // beside the contrast pass, which leaves a core part idle; not beside the main layout,
        // whose own grade waits for nothing else (0.20-0.23 s when they shared the cores, 0.12-0.15 s alone).
        let format = item.format
        var main = try layout(first, quote: quote, attribution: attribution)
        // (`start`: an `async let` child would wait for the render's own thread, `BlockingIO.start`.)
        let backgrounds = BlockingIO.start { try others.map { try PosterLayout.graded(try Image.decode($0.data), format: format) } }
        let legibility = try TextLegibility.ensure(try PosterVideo.scene(main, duration: spec.duration), fps: PosterVideo.fps)
        main.plates = legibility.raised.plates
        try stills(main: main, backgrounds: try await backgrounds.value, writer: writer)
        return (legibility, PosterChecks.Geometry(main))
    }

    /// Stage 3 and 4: stills, video, captions, metadata, checks (the bundle is published by the caller).
    /// metadata.json's details: the sound's level, the music's file and the text's contrast.
    func measured(level: SoundtrackLevel, legibility: TextLegibility) -> Measurements {
        var measurements = Measurements()
        measurements.loudness = level.measurements
        measurements.music = item.music.map { ($0 as NSString).lastPathComponent }
        measurements.contrast = legibility.measurements
        return measurements
    }

    public func render(_ assets: Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
        let quote = assets.quote, attribution = assets.attribution
        guard let first = assets.images.first else { throw FactoryError(.render, "item \(item.id): no poster variant was made") }
        // The text's contrast is measured on the video's frames first, across the Ken Burns; what
        // falls short gets a plate, which the stills carry too. The stills next, then the video
        // from the main layout's layers alone, after libvips' memory is let go. Made beside the
        // video on a thread of their own, the stills peaked at 227–230 MB (against 176–184 MB)
        // and the item was no faster on 2 cores: the encoder leaves too little idle.
        // The checks and the metadata need only where the text sits.
        // The music bed is decoded and levelled on a core of its own meanwhile (0.1 s on one core,
        // which the render waited for after the stills).
        // The start-up's and the art's file pages (about 90 MB, touched once) go first: under the
        // layout's and the stills' libvips buffers they took the item's peak (175 MB, the render 168).
        Vips.releaseFilePages()
        let job = self
        let music = BlockingIO.start { try job.musicBed().map(PackedAudioSource.packed) }
        let (legibility, geometry) = try await laidOut(first, others: Array(assets.images.dropFirst()), quote: quote,
                                                       attribution: attribution, writer: writer)
        let scene = legibility.raised.scene
        Vips.releaseMemory()
        try Task.checkCancellation()
        let (settings, stats) = try video(scene, music: try await music.value, to: writer.path("video.mp4"))
        // The sound's level is read from the file (its AAC decoded) on a core of its own while the
        // captions are written and the video probed.
        let level = SoundtrackLevel.measuring(video: writer.path("video.mp4"), target: item.loudness, hasSound: item.music != nil)

        // Words: caption with hashtags, and the quote as timed captions.
        let spoken = attribution.isEmpty ? "\u{201C}\(quote)\u{201D}" : "\u{201C}\(quote)\u{201D} \u{2014} \(attribution)"
        let captions = Captions([.init(start: PosterVideo.timing.quoteIn, end: spec.duration, text: spoken)])
        try writer.write(captions.srt, to: "captions.srt")
        try writer.write(captions.vtt, to: "captions.vtt")
        try writer.write(PosterCaption.text(item: item, spec: spec, quote: quote, attribution: attribution, brand: manifest.brand), to: "caption.txt")

        let checks = try PosterChecks.run(geometry, format: item.format, writer: writer, variants: spec.variants) + [try await level.value.check, legibility.check]
        var boxes: [String: Box] = [:]
        for (name, box) in geometry.inkBoxes { boxes[name] = box }
        try writer.writeMetadata(item: item, manifest: manifest, title: "\(spec.series.title): \(quote)", records: records,
                                 settings: settings, stats: stats, layout: boxes, checks: checks,
                                 measurements: measured(level: try await level.value, legibility: legibility), textContrast: legibility.record)
        return checks
    }
}

extension PosterJob: KindJob {
    public func fetch(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }
}
