import FactoryFakeProviders
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// Bedtime stories through the built `factory` binary: offline with espeak-ng, and the override
/// file against fake-providers paying only for the chunks that changed.
@Suite(.serialized) struct BedtimeRunTests {
    static let item = """
          - id: bed
            kind: bedtime-story
            day: monday
            quality: draft
            format: square
            hero: { name: Mia, age: 5, appearance: "curly red hair", ability: "talking to animals" }
            companion: "a sleepy owl named Hoot"
            length_minutes: 1

        """

    @Test func anOfflineStoryIsNarratedCaptionedAndRendered() throws {
        let folder = try TemporaryFolder("bedtime-e2e")
        try folder.write("version: 1\nweek: 2026-W48\nitems:\n" + Self.item, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out", "--offline"], in: folder.url)
        #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/bed")
        for name in ["video.mp4", "story.mp3", "story.md", "captions.srt", "captions.vtt", "cover.jpg", "caption.txt", "metadata.json"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(name).path), "\(name) is missing")
        }
        let mp3 = try MediaProbe.probe(path: bundle.appendingPathComponent("story.mp3").path)
        let video = try MediaProbe.probe(path: bundle.appendingPathComponent("video.mp4").path)
        #expect(mp3.audio?.codec == "mp3" && mp3.duration > 30, "a one-minute story reads for more than 30 s: \(mp3.duration)")
        #expect(abs(video.duration - mp3.duration) < 0.3)
        let narration = try AudioDecoder.decode(path: bundle.appendingPathComponent("story.mp3").path)
        #expect(narration.rmsDecibels(from: 5, length: 10) > -35, "someone is speaking")
        let srt = try String(contentsOf: bundle.appendingPathComponent("captions.srt"), encoding: .utf8)
        let story = try String(contentsOf: bundle.appendingPathComponent("story.md"), encoding: .utf8)
        #expect(story.hasPrefix("# ") && story.contains("Mia"))
        let stamps = srt.split(separator: "\n").filter { $0.contains(" --> ") }
        #expect(stamps.count >= 5, "a cue per sentence")
        let metadata = try String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8)
        #expect(!metadata.contains("\"passed\" : false"))
        #expect(metadata.contains("\"name\" : \"audio:loudness\"") && metadata.contains("\"name\" : \"captions:end\""))
    }

    /// A music bed far shorter than the story is looped under it all the way: the video's sound
    /// carries the bed's 60 Hz tone long after the bed's 2 s have run out, and story.mp3 (the
    /// narration alone) does not.
    @Test func aShortMusicBedIsLoopedUnderTheWholeStory() throws {
        let folder = try TemporaryFolder("bedtime-music")
        let tone = (0..<(2 * 44_100)).flatMap { i -> [Float] in
            let v = Float(0.5 * sin(2 * Double.pi * 60 * Double(i) / 44_100))
            return [v, v]
        }
        try MusicLoop.write(AudioBuffer(samples: tone), to: folder.url.appendingPathComponent("bed.wav").path)
        let item = Self.item.replacingOccurrences(of: "length_minutes: 1\n", with: "length_minutes: 1\n    music: bed.wav\n")
        try folder.write("version: 1\nweek: 2026-W48\nitems:\n" + item, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out", "--offline"], in: folder.url)
        #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/bed")
        func bedLevel(in file: String) throws -> Double {
            let sound = try AudioDecoder.decode(path: bundle.appendingPathComponent(file).path)
            let left = stride(from: 0, to: sound.samples.count, by: 2).map { sound.samples[$0] }
            let range = (20 * 44_100)..<(28 * 44_100)
            let w = 2 * Double.pi * 60 / 44_100, c = 2 * cos(w)
            var s1 = 0.0, s2 = 0.0
            for i in range { let s = Double(left[i]) + c * s1 - s2; s2 = s1; s1 = s }
            return 2 * (s1 * s1 + s2 * s2 - c * s1 * s2).squareRoot() / Double(range.count)
        }
        let under = try bedLevel(in: "video.mp4"), alone = try bedLevel(in: "story.mp3")
        #expect(under > 0.01, "the bed is heard at 20-28 s: 60 Hz at \(under)")
        #expect(under > 8 * alone, "the 60 Hz comes from the bed: \(under) in the video, \(alone) in the narration")
    }

    @Test func editingOneParagraphPaysOnlyForItsChunk() async throws {
        let folder = try TemporaryFolder("bedtime-live")
        try await FakeProviderServer.withRunning(FakeProviderConfig()) { server in
            let paragraphs = [
                "Mia and Hoot walked to the edge of the quiet wood, where the fireflies were waking up one by one.",
                "A small hedgehog was looking for his way home, so Mia asked the moon to light the path for him.",
                "The hedgehog curled up in his nest of leaves, and Hoot gave a long, sleepy hoot.",
                "Back in her warm bed, Mia closed her eyes, and soon she drifted off to sleep.",
            ]
            func override(_ p: [String]) throws {
                try folder.write("# Mia and the Firefly Path\n\n" + p.joined(separator: "\n\n") + "\n", to: "bed.story.md")
            }
            try override(paragraphs)
            try folder.write("version: 1\nweek: 2026-W48\nproviders: { text: offline, image: offline, speech: openai }\nitems:\n" + Self.item, to: "week.yaml")
            let env = ["OPENAI_API_KEY": "sk-test-openai", "OPENAI_BASE_URL": (server.baseURLs["openai"] ?? "")]
            let first = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
            #expect(first.status == 0, "stdout: \(first.stdout)\nstderr: \(first.stderr)")
            let afterFirst = await server.stats().billed
            #expect(afterFirst == 5, "the title and four paragraphs, one speech call each")
            var edited = paragraphs
            edited[1] = "A tiny hedgehog had lost his way, so Mia asked the kind moon to shine a silver path for him."
            try override(edited)
            let second = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
            #expect(second.status == 0, "stdout: \(second.stdout)\nstderr: \(second.stderr)")
            #expect(await server.stats().billed == afterFirst + 1, "only the edited paragraph is spoken again")
            let bundle = folder.url.appendingPathComponent("out/2026-W48/bed")
            let srt = try String(contentsOf: bundle.appendingPathComponent("captions.srt"), encoding: .utf8)
            #expect(srt.contains("silver path") && !srt.contains("was looking for his way home"))
            let metadata = try String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8)
            #expect(metadata.contains("\"chunks_reused\" : \"4\""), "the metadata records the four reused chunks")
            #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/.versions")), "the previous bundle is kept")
        }
    }
}
