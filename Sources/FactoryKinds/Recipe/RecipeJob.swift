import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Makes one recipe-video bundle: recipe (manifest or writer) → BEFORE, AFTER and meal pictures
/// (image provider or local photos) → the template's plan → checks → video → captions, caption,
/// cover, recipe.json, metadata. A failed check is reported; the runner quarantines the item with the reason.
struct RecipeJob: Sendable {
    let item: Item
    let spec: RecipeSpec
    let manifest: Manifest
    let providers: ProviderSet
    let weekFolder: URL
    /// The series' memory (nil: repeats are not checked).
    var memory: SeriesGuard? = nil
    /// The render knobs the command layer resolved (`.standard` in a run).
    var tuning: RenderTuning = .standard

    struct Assets: Sendable {
        var recipe: Recipe
        var source: String
        /// Encoded pictures by role: before, after, meal.
        var pictures: [String: Data]
    }

    var quarantine: URL { QuarantineFolder.item(item.id, in: weekFolder) }
    var seed: UInt64 { item.seed ?? Seed.from(item.id, manifest.week.description, "recipe") }

    var recipeWriter: RecipeWriter {
        RecipeWriter(item: item, spec: spec, week: manifest.week, provider: providers.text, quarantine: quarantine, memory: memory)
    }

    /// The title and dish (fixed when the manifest wrote the recipe), and each generated picture's prompt and seed.
    func remembered(_ assets: Assets) -> [Remembered] {
        RecipeWriter.remembered(assets.recipe, fixed: spec.recipe != nil)
            + imageRequests(assets.recipe).map { Remembered(.imagePrompt, $0.1.positivePrompt, seed: $0.1.seed) }
    }

    /// The pictures to generate (the roles without a local photo), by role.
    func imageRequests(_ recipe: Recipe) -> [(String, ImageRequest)] {
        let local = Set((spec.photos?.all ?? []).map(\.0))
        return ["before", "after", "meal"].filter { !local.contains($0) }.map { role in
            (role, RecipeImages.request(role: role, recipe: recipe, seed: item.seed(.image, default: seed), week: manifest.week))
        }
    }

    func assets(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        var (recipe, records, source) = try await recipeWriter.recipe(context: context)
        var pictures: [String: Data] = [:]
        for (role, path) in spec.photos?.all ?? [] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FactoryError(.missingFile, "item \(item.id): photos.\(role): \(path) cannot be read; fix the path or remove it to have the image generated")
            }
            pictures[role] = data
        }
        let wanted = imageRequests(recipe)
        let provider = providers.image
        let made = try await withThrowingTaskGroup(of: (String, GeneratedImage).self) { group in
            for (role, request) in wanted {
                group.addTask { (role, try await provider.generate(request, context: context.with(stage: .image(role)))) }
            }
            var out: [(String, GeneratedImage)] = []
            for try await pair in group { out.append(pair) }
            return out.sorted { $0.0 < $1.0 }
        }
        for (role, image) in made { pictures[role] = image.data; records.append(image.record) }
        recipe.ingredients = recipe.ingredients.map { $0.trimmingCharacters(in: .whitespaces) }
        return (Assets(recipe: recipe, source: source, pictures: pictures), records)
    }

    public func render(_ assets: Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
        let recipe = assets.recipe
        // The start-up's and the art's file pages (about 90 MB, touched once) go first: under the
        // decoded pictures and their layers they took the item's peak (169-178 MB, the render 165).
        Vips.releaseFilePages()
        var music = try item.music.map { try AudioDecoder.decode(path: $0, maxSeconds: 20) }
        let cta = RecipeTextRules.cta(seed: seed, override: spec.cta)
        let beats = music.map { BeatDetector.beats(in: $0) } ?? []
        var plan: RecipePlan
        do {
            plan = try RecipeImagesPrepared.plan(spec.template, recipe: recipe, pictures: assets.pictures, broll: spec.broll,
                                                 beats: beats, cta: cta)
        } catch let missing as RecipeImagesPrepared.Missing {
            return [QualityCheck("media:images", false, missing.reason)]
        }
        let planChecks = RecipeChecks.plan(plan, recipe: recipe)
        // A plan that fails its checks is not rendered: the runner quarantines it as it stands.
        if planChecks.contains(where: { !$0.passed }) { return planChecks }
        try Task.checkCancellation()
        // The bed fitted to the video and levelled on a core of its own while the text's contrast
        // is measured (the render waited for it on one core), and handed back at 16 bits. The
        // decoded 20 s (7 MB as Float) must be gone before the encoder allocates its frames: the
        // work alone holds it (a local would live as long as this function).
        let packed: Eventual<[Int16]?>
        do {
            let (bed, item, duration) = (music, self.item, plan.duration)
            music = nil
            packed = BlockingIO.start {
                bed.map { $0.looped(toAtLeast: duration).trimmed(length: duration).faded(in: 0.3, out: 1.2).gained(Float(item.musicVolume)) }
                    .flatMap { SoundtrackLevel.levelled($0, for: item) }.map(PackedAudioSource.packed)
            }
        }
        let settings = VideoSettings(width: RecipeArt.width, height: RecipeArt.height, fps: RecipeArt.fps, bitrate: 10_000_000,
                                     preset: item.quality.preset, audioBitrate: 160_000, tuning: tuning)
        // The decoded pictures are gone with the plan built; only their layers remain.
        Vips.releaseMemory()
        // Every text layer measured on the composed frames across the moving photos; a plate behind what falls short.
        // The layers move into the scene, and the scene into the render, which lets each photo go
        // once its segment is over; the cover keeps only the layers it shows.
        let layers = plan.layers
        plan.layers = []
        var legibility = try TextLegibility.ensure(Scene(width: RecipeArt.width, height: RecipeArt.height, duration: plan.duration,
                                                         layers: consume layers), fps: RecipeArt.fps)
        let scene = legibility.takeScene()
        let coverTime = plan.duration - 1.0
        let coverScene = scene.showing(at: coverTime)
        let sound = try await packed.value.map { PackedAudioSource(packed: $0) }
        let scan = FrameScan.Recorder(interval: 0.5)
        let stats = try SceneRenderer.render(consume scene, source: sound, to: writer.path("video.mp4"), settings: settings, scan: scan)
        // The sound's level (its AAC decoded) and the file's checks (its keyframes decoded, 0.2 s)
        // each on a thread of their own, while this one writes the captions and the cover: after
        // the encoder they ran one after another on 1.1 cores.
        let video = writer.path("video.mp4")
        let level = SoundtrackLevel.measuring(video: video, target: item.loudness, hasSound: sound != nil)
        let composed = scan.scan
        let fileChecks = BlockingIO.start { [plan] in try RecipeChecks.video(path: video, plan: plan, settings: settings, scan: composed) }

        let captions = Captions(plan.cues)
        try writer.write(captions.srt, to: "captions.srt")
        try writer.write(captions.vtt, to: "captions.vtt")
        try writer.write(RecipeTextRules.caption(recipe, hashtags: item.hashtags, handle: manifest.brand.handle), to: "caption.txt")
        try writer.write(String(decoding: try JSONEncoder.pretty.encode(recipe), as: UTF8.self), to: "recipe.json")
        let rgb = SceneRenderer.snapshot(coverScene, at: coverTime)
        try Image.from(pixels: rgb, width: RecipeArt.width, height: RecipeArt.height, bands: 3).resized(scale: 720.0 / 1080)
            .saveJPEG(to: writer.path("cover.jpg"), quality: 86)
        let checks = planChecks + (try await fileChecks.value) + [try await level.value.check, legibility.check]
        var boxes: [String: Box] = [:]
        for t in plan.texts { boxes[t.name] = t.box }
        try writer.writeMetadata(
            item: item, manifest: manifest, title: recipe.title, records: records, settings: settings, stats: stats, layout: boxes,
            checks: checks,
            measurements: try await measurements(recipe, plan: plan, beats: beats.count, cta: cta, source: assets.source, level: level.value,
                                                  legibility: legibility),
            textContrast: legibility.record)
        return checks
    }

    /// metadata.json's details: the cut, its words and sources, the sound's level and the text's contrast.
    func measurements(_ recipe: Recipe, plan: RecipePlan, beats: Int, cta: String, source: String, level: SoundtrackLevel,
                      legibility: TextLegibility) -> Measurements {
        var measurements = Measurements()
        measurements[.template] = spec.template.rawValue
        measurements[.recipeDuration] = plan.duration
        measurements[.cuts] = plan.cuts.map { String(format: "%.2f", $0) }.joined(separator: " ")
        measurements[.beatsDetected] = beats
        measurements[.hook] = RecipeTextRules.hook(recipe)
        measurements[.cta] = cta
        measurements[.writtenBy] = source
        measurements[.broll] = spec.broll.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        measurements.music = item.music.map { ($0 as NSString).lastPathComponent }
        measurements.loudness = level.measurements
        measurements.contrast = legibility.measurements
        return measurements
    }
}

extension RecipeJob: KindJob {
    public func fetch(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }
}
