import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Makes one bedtime bundle: the story (writer or the override file) → its narration, one speech
/// call per chunk (each cached on its own, so an edit re-pays only the chunks it touched) and the
/// cover illustration → joined, loudness-normalised narration → story.mp3, captions, and a
/// read-along video whose memory stays flat however long the story is.
struct BedtimeJob: Sendable {
    let item: Item
    let spec: BedtimeSpec
    let manifest: Manifest
    let providers: ProviderSet
    let weekFolder: URL
    /// The series' memory (nil: repeats are not checked).
    var memory: SeriesGuard? = nil
    /// The render knobs the command layer resolved (`.standard` in a run).
    var tuning: RenderTuning = .standard

    /// One chunk's narration, kept in a work file between the paid stage and the render.
    struct Spoken: Sendable {
        var chunk: NarrationChunk
        var file: URL
        var sampleRate: Int
        var seconds: Double
        var reused: Bool
        /// Word timings in the chunk's own audio, when the voice reports them (Piper).
        var words: [SpokenWord] = []
    }

    struct Assets: Sendable {
        var story: Story
        var source: String
        var spoken: [Spoken]
        var cover: Data
    }

    /// The hash of the story override file beside the manifest ("none" without one), so editing
    /// it makes the bundle out of date; nil for other kinds.
    static func inputsSha256(item: Item, manifest: Manifest) -> String? {
        guard item.spec(BedtimeSpec.self) != nil else { return nil }
        let path = StoryWriter.overridePath(manifest: manifest.file, itemId: item.id)
        guard let data = FileManager.default.contents(atPath: path.path) else { return "none" }
        return Digest.sha256(data)
    }

    var quarantine: URL { QuarantineFolder.item(item.id, in: weekFolder) }
    var work: URL { weekFolder.appendingPathComponent(".work/\(item.id)", isDirectory: true) }
    var seed: UInt64 { item.seed ?? Seed.from(item.id, manifest.week.description, "bedtime") }

    var storyWriter: StoryWriter {
        StoryWriter(item: item, spec: spec, week: manifest.week, provider: providers.text, quarantine: quarantine, manifest: manifest.file,
                    memory: memory)
    }

    /// The title, premise and hero (fixed when the override file wrote the story), and the cover's prompt and seed.
    func remembered(_ assets: Assets) -> [Remembered] {
        let cover = illustrationRequest(assets.story)
        return StoryWriter.remembered(assets.story, hero: spec.hero.name, fixed: assets.source == StoryWriter.overrideSource)
            + [Remembered(.imagePrompt, cover.positivePrompt, seed: cover.seed)]
    }

    static func tidy(_ paragraphs: [String]) -> [String] {
        paragraphs.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The title is read first, as its own chunk; then one chunk per paragraph (cut further only
    /// when a paragraph passes a limit), so editing a paragraph changes only its own chunks.
    static func chunks(_ story: Story) -> [NarrationChunk] {
        var chunks = StoryChunker.chunks([story.title.hasSuffix(".") ? story.title : story.title + "."])
        for paragraph in story.paragraphs { chunks += StoryChunker.chunks([paragraph]) }
        return chunks
    }

    func speechRequest(_ chunk: NarrationChunk) -> SpeechRequest {
        SpeechRequest(text: chunk.text, voice: spec.voice.rawValue, instructions: BedtimeVoices.instructions(for: spec.voice),
                      speed: spec.speed, language: spec.language, acceptReworded: manifest.providers.speechReworded == .accept)
    }

    func illustrationRequest(_ story: Story) -> ImageRequest {
        BedtimeArt.illustrationRequest(story: story, spec: spec, seed: item.seed(.image, default: seed), week: manifest.week)
    }

    func assets(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        guard let speech = providers.speech else {
            throw FactoryError(.provider, "item \(item.id): no speech provider is configured; set `providers: { speech: auto }`")
        }
        var (story, records, source) = try await storyWriter.story(context: context)
        story.paragraphs = Self.tidy(story.paragraphs)
        let chunks = Self.chunks(story)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let work = self.work
        let requests = chunks.map(speechRequest)
        // The illustration needs only the story: made while the voice speaks (offline it fills the
        // second or so that one core would sit idle while the other ends the last paragraph).
        let image = providers.image, illustrationRequest = illustrationRequest(story)
        async let illustrated = image.generate(illustrationRequest, context: context.with(stage: .image))
        let spoken = try await withThrowingTaskGroup(of: (Int, Spoken, GenerationRecord).self) { group in
            // Longest first: the voice's processes (one a core) then finish nearly together, instead
            // of one core idle while the other speaks a long paragraph that was queued last.
            for (index, chunk) in chunks.enumerated().sorted(by: { $0.element.text.count > $1.element.text.count }) {
                group.addTask {
                    let audio = try await speech.speak(requests[index], context: context.with(stage: .speech(chunk: index)))
                    let file = work.appendingPathComponent(String(format: "chunk-%02d.pcm", index + 1))
                    try audio.pcm.write(to: file)
                    return (index, Spoken(chunk: chunk, file: file, sampleRate: audio.sampleRate, seconds: audio.duration,
                                          reused: audio.record.cached, words: audio.words), audio.record)
                }
            }
            var made: [(Int, Spoken, GenerationRecord)] = []
            for try await result in group { made.append(result) }
            return made.sorted { $0.0 < $1.0 }
        }
        records += spoken.map(\.2)
        let illustration = try await illustrated
        records.append(illustration.record)
        return (Assets(story: story, source: source, spoken: spoken.map(\.1), cover: illustration.data), records)
    }

    /// Where the word timings came from: the voice's own alignment, or a forced alignment of each
    /// chunk's text to a live voice's audio (and how many chunks it was trusted for).
    static func wordTimingsDetail(words: Int, records: [GenerationRecord]) -> String {
        let forced = records.compactMap { $0.parameters["word_timings"] }.filter { $0.hasPrefix("forced alignment") }
        guard !forced.isEmpty else {
            return words == 0 ? "none (the voice reports none)" : "\(words) words in words.json (the voice's own alignment)"
        }
        let used = forced.filter { $0.hasSuffix("; used") }.count
        return words == 0 ? "none (forced alignment: the audio of none of the \(forced.count) chunks sounded like its text)"
            : "\(words) words in words.json (forced alignment of the text to the voice's audio, trusted for \(used) of \(forced.count) chunks)"
    }

    public func render(_ assets: Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
        defer { try? FileManager.default.removeItem(at: work) }
        let story = assets.story
        // Narration: chunks joined with a pause after each (longer after a paragraph), then normalised.
        let raw = work.appendingPathComponent("narration-raw.wav").path
        let narration = work.appendingPathComponent("narration.wav").path
        let joiner = try NarrationWriter(path: raw)
        var timings: [(start: Double, duration: Double)] = []
        var chunkWords: [[SpokenWord]] = []
        for (i, spoken) in assets.spoken.enumerated() {
            let last = i == assets.spoken.count - 1
            let pause = last ? 0 : (i == 0 ? 1.2 : (spoken.chunk.endsParagraph ? 0.9 : 0.35))
            let pcm = try Data(contentsOf: spoken.file)
            let timing = try joiner.append(pcm: pcm, sampleRate: spoken.sampleRate, pauseAfter: pause)
            timings.append(timing)
            chunkWords.append(StoryWords.place(spoken.words, origin: joiner.lastOrigin, speech: timing))
        }
        let words = chunkWords.flatMap { $0 }
        let total = try joiner.finish()
        // The narration is measured once. story.mp3 (the voice alone, normalised, mono) is made from
        // it on its own thread, beside the scene, the soundtrack and the render; the soundtrack
        // starts from the same measurement rather than from the normalised file.
        let before = try Loudness.analyse(path: raw)
        guard before.integrated.isFinite else {
            throw FactoryError(.quality, "item \(item.id): the narration is silent (below −70 LUFS); check the speech provider's output")
        }

        // Decoded once for cover.jpg and the video's illustration, then let go before the render.
        var cover: Image? = try Image.decode(assets.cover)
        let coverJPEG = try cover!.resized(scale: 720.0 / Double(cover!.width)).jpegData(quality: 86)
        try coverJPEG.write(to: URL(fileURLWithPath: writer.path("cover.jpg")))
        let title = story.title, artist = manifest.brand.handle.isEmpty ? "ContentFactory" : manifest.brand.handle
        let mp3Path = writer.path("story.mp3"), loudness = item.loudness
        let narrated = BlockingIO.start {
            let measured = try Loudness.normalised(input: raw, output: narration, target: loudness.integrated, ceiling: loudness.truePeak - 0.5,
                                                   before: before)
            try StoryMP3.encode(narration: narration, to: mp3Path, title: title, artist: artist, album: "Bedtime stories", cover: coverJPEG)
            return measured
        }
        // On any error below, it ends before the work folder it reads is removed.
        defer { narrated.wait() }
        // The soundtrack is mixed and levelled on a third thread, beside the scene's legibility pass.
        // The bed (its first 2 minutes, looped) is decoded to a work file and played from there:
        // held decoded (42 MB), it would sit under the encoder's frames for the whole render.
        // The voice is read from the raw file at the gain that normalises it. In both channels it
        // reads 3 LU louder than mono, so the whole mix is brought down by as much (more if the voice's
        // peaks would reach the mix's soft limit) before it is levelled again, to a work file the encoder reads.
        let music = item.music, musicVolume = item.musicVolume, soundtrackWork = work
        let soundtrack = BlockingIO.start {
            let bed = try music.map { try MusicLoop.decode($0, maxSeconds: 120, to: soundtrackWork.appendingPathComponent("music.wav").path) }
            let voiceDB = loudness.integrated - before.integrated
            let mixDB = min(-3.01, -0.5 - (before.samplePeak + voiceDB))
            let mix = try NarrationSource(path: raw, music: bed, musicGain: Float(musicVolume) * 0.4,
                                          voiceGain: Float(pow(10, voiceDB / 20)), mixGain: Float(pow(10, mixDB / 20)))
            return try Loudness.levelled(mix, work: soundtrackWork.appendingPathComponent("soundtrack").path,
                                         target: loudness.integrated, ceiling: loudness.truePeak).path
        }
        defer { soundtrack.wait() }
        try writer.write(story.markdown, to: "story.md")
        let cues = StoryCaptions.cues(chunks: assets.spoken.map(\.chunk), timings: timings, words: chunkWords)
        let readAlong = ReadAlong(cues: cues, chunks: zip(assets.spoken, chunkWords).map { ($0.chunk.sentences.count, $1) })
        let captions = Captions(cues)
        try writer.write(captions.srt, to: "captions.srt")
        // With word timings: a cue timestamp before each word, and the karaoke .ass.
        try writer.write(readAlong.hasWords ? StoryKaraoke.vtt(readAlong) : captions.vtt, to: "captions.vtt")
        if readAlong.hasWords {
            try writer.write(StoryKaraoke.ass(readAlong, look: BedtimeArt.karaokeLook(item.format), title: story.title), to: "captions.ass")
        }
        if !words.isEmpty { try writer.write(StoryWords.json(words), to: "words.json") }
        try writer.write(BedtimeCaption.text(item: item, story: story, spec: spec, brand: manifest.brand), to: "caption.txt")

        // The read-along video: the narration streamed in as the AAC track.
        let size = item.format.size
        let art = try BedtimeArt(width: size.width, height: size.height, format: item.format)
        let hero = spec.hero.name
        // Every line of text measured on the composed frames, raised where it reads under 4.5:1.
        // The parts are held only here, and the scene only by the render, which lets the title
        // card go once it has faded (5.7 MB of planes under the encoder for the rest of the story).
        var (legibility, veil) = try { () throws -> (TextLegibility, Int) in
            let parts = try art.parts(cover: cover!, story: story, hero: hero)
            return try Self.legible(fps: BedtimeArt.fps) { step in
                try art.scene(parts, readAlong: readAlong, duration: total, veil: step)
            }
        }()
        let scene = legibility.takeScene()
        cover = nil
        Vips.releaseMemory()
        let source = try WAVAudioSource(path: try await soundtrack.value)
        let settings = VideoSettings(width: size.width, height: size.height, fps: BedtimeArt.fps, bitrate: 4_000_000,
                                     preset: item.quality.preset, content: .illustration, tuning: tuning)
        let stats = try SceneRenderer.render(consume scene, source: source, to: writer.path("video.mp4"), settings: settings)
        // The soundtrack's level, and the highlight against the speech onsets heard in the encoded
        // sound: each decodes the AAC, one a core.
        let video = writer.path("video.mp4"), target = item.loudness
        let heard = SoundtrackLevel.measuring(video: video, target: target, hasSound: true)
        let drift = try await BlockingIO.run { try ReadAlongDrift.measure(readAlong, fps: BedtimeArt.fps, video: video) }
        let level = try await heard.value
        let measured = try await narrated.value

        let checks = try BedtimeChecks.run(writer: writer, settings: settings, duration: total, cues: cues,
                                           loudness: measured.integrated, target: item.loudness.integrated, chunks: assets.spoken.map(\.chunk))
            + [level.check, drift.check, legibility.check]
        var measurements = Measurements()
        measurements.speech = .init(provider: providers.speech?.identity, voice: spec.voice.rawValue,
                               wordTimings: Self.wordTimingsDetail(words: words.count, records: records),
                               readAlong: readAlong.hasWords ? "\(readAlong.words.count) words highlighted; captions.vtt word timestamps, captions.ass karaoke"
                                   : words.isEmpty ? "sentences only (no word timings)" : "sentences only (the word timings do not match the text)")
        measurements[.writtenBy] = assets.source
        measurements[.words] = story.wordCount
        measurements[.narrationSeconds] = total
        measurements[.narrationLoudness] = measured.integrated
        measurements[.narrationTruePeak] = measured.truePeak
        measurements[.loudnessAfterNormalise] = measured.integrated
        measurements[.chunks] = assets.spoken.count
        measurements.inputsSha256 = Self.inputsSha256(item: item, manifest: manifest) ?? "none"
        measurements[.chunksReused] = assets.spoken.filter(\.reused).count
        if readAlong.hasWords { measurements.readAlong = drift.measurements }
        measurements.loudness = level.measurements
        measurements.contrast = legibility.measurements
        let strength = BedtimeArt.veils[veil]
        measurements[.subtitleVeil] = String(format: "%.2f halfway, %.2f at the bottom%@", strength.middle, strength.bottom,
                                        veil == 0 ? "" : " (darkened for the sentence's contrast)")
        for (i, s) in assets.spoken.enumerated() {
            measurements[.chunk(i + 1)] = String(format: "%d characters, %.2f s, %@", s.chunk.text.count, s.seconds, s.reused ? "reused" : "new")
        }
        try writer.writeMetadata(item: item, manifest: manifest, title: story.title, records: records, settings: settings,
                                 stats: stats, checks: checks, measurements: measurements, textContrast: legibility.record)
        return checks
    }
}

extension BedtimeJob: KindJob {
    public func fetch(context: CallContext) async throws -> (Assets, [GenerationRecord]) {
        try await assets(context: context)
    }

    public var inputsSha256: String? { Self.inputsSha256(item: item, manifest: manifest) }
}
