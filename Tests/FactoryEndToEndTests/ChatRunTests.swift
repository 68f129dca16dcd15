import FactoryCore
import FactoryKinds
import FactoryFakeProviders
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// Chat-story items through the built `factory` binary: a whole bundle offline, and the writer's
/// retry and failure against fake-providers over real HTTP.
@Suite(.serialized) struct ChatRunTests {
    static let handWritten = """
          - id: thread
            kind: chat-story
            day: friday
            theme: whatsapp
            appearance: dark
            format: square
            quality: draft
            characters: [{ name: Kim, side: me, avatar: "🎧" }, { name: Lee, colour: "#FF9500" }]
            messages:
              - { from: Lee, text: "you up?? something is scratching at my window 😳" }
              - { from: Kim, text: "it's the tree. it's always the tree" }
              - { from: Lee, text: "there's no tree on the 4th floor", pause: 1 }
              - { from: Kim, text: "ok I'm coming over 🔦", reaction: "🙏" }

        """

    struct SRTCue { var start: Double; var text: String }

    static func cues(_ srt: String) -> [SRTCue] {
        srt.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.count >= 3, let arrow = lines[1].range(of: " --> ") else { return nil }
            let stamp = lines[1][..<arrow.lowerBound].replacingOccurrences(of: ",", with: ".").split(separator: ":")
            guard stamp.count == 3, let h = Double(stamp[0]), let m = Double(stamp[1]), let s = Double(stamp[2]) else { return nil }
            return SRTCue(start: h * 3600 + m * 60 + s, text: lines[2...].joined(separator: "\n"))
        }
    }

    @Test func aHandWrittenChatMakesAWholeBundle() throws {
        let folder = try TemporaryFolder("chat-e2e")
        try folder.write("version: 1\nweek: 2026-W48\nbrand: { handle: \"@chats\" }\nitems:\n" + Self.handWritten, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url)
        #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/thread")
        for name in ["video.mp4", "conversation.json", "caption.txt", "captions.srt", "captions.vtt", "cover.jpg", "metadata.json"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(name).path), "\(name) is missing")
        }
        let probe = try MediaProbe.probe(path: bundle.appendingPathComponent("video.mp4").path)
        #expect(probe.video?.width == 1080 && probe.video?.height == 1080)
        #expect(probe.video?.fps == "30/1" && probe.video?.codec == "h264")
        #expect(probe.audio?.codec == "aac")
        #expect(probe.faststart == true)
        // A cue per message, each starting on a frame, the first after the title card.
        let cues = Self.cues(try String(contentsOf: bundle.appendingPathComponent("captions.srt"), encoding: .utf8))
        #expect(cues.count == 4)
        #expect(cues.first?.text == "Lee: you up?? something is scratching at my window 😳")
        for cue in cues { #expect(abs(cue.start * 30 - (cue.start * 30).rounded()) < 0.04, "cue at \(cue.start) s is not on a frame") }
        #expect((cues.first?.start ?? 0) > 2.5)
        // The encoded sound is there when messages land, and quiet between them at the start.
        let audio = try AudioDecoder.decode(path: bundle.appendingPathComponent("video.mp4").path)
        for cue in cues { #expect(audio.rmsDecibels(from: cue.start, length: 0.2) > -40, "silent at \(cue.start) s") }
        #expect(audio.rmsDecibels(from: 0.5, length: 1) < -60, "the title card is silent")
        let caption = try String(contentsOf: bundle.appendingPathComponent("caption.txt"), encoding: .utf8)
        #expect(caption.contains("#chatstory") && caption.contains("@chats"))
        let metadata = try String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8)
        #expect(!metadata.contains("\"passed\" : false"))
        #expect(metadata.contains("\"written_by\" : \"manifest\""))
        // The render record says what libx264 was told the picture holds (make bench encodes alike).
        #expect(metadata.contains("\"content\" : \"screen\""))
    }

    static func liveManifest(_ extra: String = "") -> String {
        """
        version: 1
        week: 2026-W48
        providers: { text: anthropic, image: offline }
        items:
          - id: written
            kind: chat-story
            day: monday
            format: square
            quality: draft
            genre: comedy
            mood: funny
            length: short
            prompt: "my cat ordered pizza with my card"
            keyboard: false

        """ + extra
    }

    @Test func aMalformedAnswerTwiceFailsOnlyThatItemAndKeepsTheRawText() async throws {
        let folder = try TemporaryFolder("chat-live")
        var config = FakeProviderConfig()
        config.faults = [try FakeFault(spec: "anthropic:badContent:count=2")]
        try await FakeProviderServer.withRunning(config) { server in
            try folder.write(Self.liveManifest(Self.handWritten), to: "week.yaml")
            let env = ["ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? ""]
            let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
            #expect(out.status == 1, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
            #expect(out.stdout.contains("failed written") && out.stdout.contains("rejected twice"), "\(out.stdout)")
            #expect(out.stdout.contains("done thread"), "the hand-written item is unaffected: \(out.stdout)")
            let stats = await server.stats()
            #expect(stats.billed == 2, "the first answer and one retry, both billed")
            let kept = folder.url.appendingPathComponent("out/2026-W48/.quarantine/written")
            let raw = try String(contentsOf: kept.appendingPathComponent("writer-answer-1.txt"), encoding: .utf8)
            #expect(raw.contains("{") && !raw.isEmpty, "the raw answer text is kept")
            #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("writer-answer-2.txt").path))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/written")), "nothing is published for it")
        }
    }

    @Test func aWrongCountIsRetriedOnceAndTheItemIsMade() async throws {
        let folder = try TemporaryFolder("chat-live")
        var config = FakeProviderConfig()
        config.faults = [try FakeFault(spec: "anthropic:wrongCount:count=1")]
        try await FakeProviderServer.withRunning(config) { server in
            try folder.write(Self.liveManifest(), to: "week.yaml")
            let env = ["ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? ""]
            let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
            #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
            #expect(await server.stats().billed == 2)
            let json = try Data(contentsOf: folder.url.appendingPathComponent("out/2026-W48/written/conversation.json"))
            let conversation = try JSONDecoder().decode(Conversation.self, from: json)
            #expect((5...10).contains(conversation.messages.count))
            let metadata = try String(contentsOf: folder.url.appendingPathComponent("out/2026-W48/written/metadata.json"), encoding: .utf8)
            #expect(metadata.contains("text-retry"), "the retry is recorded with its cost")
            // Made again without its bundle, it pays nothing: both answers come from the cache.
            try FileManager.default.removeItem(atPath: folder.path("out/2026-W48/written"))
            let again = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: env)
            #expect(again.status == 0)
            #expect(await server.stats().billed == 2)
        }
    }
}
