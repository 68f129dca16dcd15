import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Makes one chat-story bundle: conversation (hand-written or from the writer) → scene and
/// soundtrack → video → captions timed to the messages → cover → metadata and checks.
struct ChatJob: Sendable {
    let item: Item
    let spec: ChatSpec
    let manifest: Manifest
    let providers: ProviderSet
    let weekFolder: URL
    /// The series' memory (nil: repeats are not checked).
    var memory: SeriesGuard? = nil
    /// The render knobs the command layer resolved (`.standard` in a run).
    var tuning: RenderTuning = .standard

    /// What the paid stage produced.
    struct Assets: Sendable {
        var conversation: Conversation
        var source: String
    }

    var chatWriter: ChatWriter {
        ChatWriter(item: item, spec: spec, week: manifest.week, provider: providers.text,
                   quarantine: QuarantineFolder.item(item.id, in: weekFolder), memory: memory)
    }

    /// The title, premise and cast, fixed when the thread was written by hand.
    func remembered(_ assets: Assets) -> [Remembered] {
        ChatWriter.remembered(assets.conversation, fixed: assets.source != providers.text.name)
    }

    func assets(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        let (conversation, records, source) = try await chatWriter.conversation(context: context)
        return (Assets(conversation: conversation, source: source), records)
    }

    /// The frame size: the chat formats are story, square and landscape (portrait is allowed too).
    var format: Format { item.format }

    public func render(_ assets: Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
        let conversation = assets.conversation
        let timeline = ChatTimeline(conversation: conversation, secondsPerCharacter: spec.typingSpeed.secondsPerCharacter, fps: spec.fps)
        let art = ChatArt(conversation: conversation, spec: spec, format: format, brand: manifest.brand)
        // The soundtrack is mixed and levelled on a core of its own (0.3 s for the sample chat, on
        // one core) while the scene is built and its contrast measured: the bubbles' libvips work
        // leaves a core part idle, and the render waited for the sound after them. `start`, not an
        // `async let`: a child task would wait for the render's own thread (`BlockingIO.start`).
        // It comes back packed at 16 bits, held to the end of the render as the source's samples.
        // The start-up's file pages (80 MB, touched once) go first: the mix's buffers beside the
        // bubbles' libvips work took the item's peak there (185-199 MB against 150 in the render).
        Vips.releaseFilePages()
        let (item, music, musicVolume) = (self.item, self.item.music, self.item.musicVolume)
        let packed = BlockingIO.start {
            SoundtrackLevel.levelled(
                try ChatSoundtrack.mix(timeline: timeline, conversation: conversation,
                                       music: try music.map { try AudioDecoder.decode(path: $0, maxSeconds: timeline.duration + 1) },
                                       musicVolume: musicVolume), for: item).map(PackedAudioSource.packed)
        }
        // Only the scene and the typed text are kept: the bubbles' images go before the render.
        let (built, typedText) = try { () throws -> (Scene, PixelSequence?) in
            let built = try ChatScene(art: art, timeline: timeline, insets: format.safeInsets).build()
            return (built.scene, built.typedText)
        }()
        // The bubbles' libvips work is done: its cache and the start-up's file pages go before the
        // contrast pass composes frames on both cores (the item's peak was there, not in the render).
        Vips.releaseMemory()
        Vips.releaseFilePages()
        // Every message's text and the cards measured on the composed frames as the thread scrolls.
        let legibility = try TextLegibility.ensure(built, fps: spec.fps)
        let scene = legibility.raised.scene
        try Task.checkCancellation()

        // Held as 16-bit samples through the render (half the memory of the mix; the music bed goes with the mix).
        let sound = try await packed.value.map { PackedAudioSource(packed: $0) }
        let settings = VideoSettings(width: art.metrics.width, height: art.metrics.height, fps: spec.fps,
                                     bitrate: spec.fps == 60 ? 10_000_000 : 8_000_000, preset: item.quality.preset,
                                     content: .screen, tuning: tuning)
        Vips.releaseMemory()
        let stats = try SceneRenderer.render(scene, source: sound, to: writer.path("video.mp4"), settings: settings)
        // The sound's level (its AAC decoded) on a core of its own, beside the cover and the checks.
        let level = SoundtrackLevel.measuring(video: writer.path("video.mp4"), target: item.loudness, hasSound: true)

        let cues = timeline.cues(conversation)
        let captions = Captions(cues)
        try writer.write(captions.srt, to: "captions.srt")
        try writer.write(captions.vtt, to: "captions.vtt")
        try writer.write(ChatCaption.text(item: item, spec: spec, conversation: conversation, brand: manifest.brand), to: "caption.txt")
        let json = try JSONEncoder.pretty.encode(conversation)
        try writer.write(String(decoding: json, as: UTF8.self), to: "conversation.json")

        let coverAt = ChatCover.moment(conversation: conversation, timeline: timeline)
        try ChatCover.save(scene, at: coverAt, to: writer.path("cover.jpg"))

        let checks = try ChatChecks.run(writer: writer, timeline: timeline, cues: cues, settings: settings) + [try await level.value.check, legibility.check]
        var measurements = Measurements()
        measurements[.theme] = spec.theme.rawValue
        measurements[.appearance] = spec.appearance.rawValue
        measurements[.format] = format.rawValue
        measurements[.messages] = conversation.messages.count
        measurements[.characters] = conversation.characters.map(\.name).joined(separator: ", ")
        measurements[.writtenBy] = assets.source
        measurements[.typingSpeed] = spec.typingSpeed.rawValue
        measurements[.keyboard] = spec.keyboard
        measurements[.coverAt] = coverAt
        measurements[.typedTextVersions] = typedText?.rasterised ?? 0
        measurements[.composeSeconds] = stats.composeSeconds
        measurements.loudness = try await level.value.measurements
        measurements.contrast = legibility.measurements
        try writer.writeMetadata(
            item: item, manifest: manifest, title: conversation.title, records: records, settings: settings, stats: stats, checks: checks,
            measurements: measurements, textContrast: legibility.record)
        return checks
    }
}

extension JSONEncoder {
    /// Pretty, sorted, readable JSON for files people open.
    static var pretty: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }
}

extension ChatJob: KindJob {
    public func fetch(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }
}
