import FactoryImaging
import FactoryTesting
import Foundation
import Testing

/// A small week made once (two posters, one with a music bed, a four-message chat, an item that
/// fails) and shared: each test reviews its own copy, so breaking a bundle stays local.
enum ReviewWeek {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("factory-review-week-\(getpid())")
    static let made: Result<URL, any Error> = Result { try make() }

    static let manifest = """
    version: 1
    week: 2026-W48
    brand: { handle: "@review" }
    items:
      - { id: calm-poster, kind: poster, day: monday, series: mindful-moment, format: square, quality: draft, duration: 6,
          music: music/tone.wav, quote: "Breathe in & let <go> 🌿" }
      - { id: plain-poster, kind: poster, day: wednesday, series: wednesday-wisdom, format: square, quality: draft, duration: 6,
          quote: "Quiet is a skill." }
      - { id: broken, kind: poster, day: tuesday, series: mindful-moment, music: music/missing.mp3 }
      - id: thread
        kind: chat-story
        day: friday
        theme: whatsapp
        format: square
        quality: draft
        characters: [{ name: Kim, side: me, avatar: "🎧" }, { name: Lee, colour: "#FF9500" }]
        messages:
          - { from: Lee, text: "you up?? something is scratching at my window 😳" }
          - { from: Kim, text: "it's the tree. it's always the tree" }
          - { from: Lee, text: "there's no tree on the 4th floor" }
          - { from: Kim, text: "ok I'm coming over 🔦" }
    """

    static func make() throws -> URL {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("music"), withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ReviewWeek.root) }
        try ToneFile.wav(path: root.appendingPathComponent("music/tone.wav").path, frequency: 220, seconds: 3)
        try Data(manifest.utf8).write(to: root.appendingPathComponent("week.yaml"))
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: root)
        guard out.status == 1, out.stdout.contains("broken") else {
            throw TestWeekError(description: "the test week did not come out as planned (exit \(out.status)):\n\(out.stdout)\n\(out.stderr)")
        }
        return root.appendingPathComponent("out")
    }

    /// A private copy of the week's output folder (`out/2026-W48/…`) in a temporary folder.
    static func copy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("review-e2e")
        try FileManager.default.copyItem(at: try made.get(), to: folder.url.appendingPathComponent("out"))
        return folder
    }

    struct TestWeekError: Error, CustomStringConvertible { var description: String }
}

@Suite(.serialized) struct ReviewRunTests {
    static let bundles = ["calm-poster", "plain-poster", "thread"]

    static func failLines(_ stdout: String) -> [String] { stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL ") } }

    @Test func theTableAndGalleryOfTheNewestWeek() throws {
        let folder = try ReviewWeek.copy()
        let out = try TestSupport.runFactory(["review", "--output", "out"], in: folder.url)
        #expect(out.status == 0, "\(out.stdout)\n\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ITEM") && $0.contains("STATUS") && $0.contains("FAILED CHECKS") })
        for id in Self.bundles {
            let row = try #require(lines.first { $0.hasPrefix(id + " ") }, "no row for \(id)")
            #expect(row.contains("done") && row.hasSuffix("none") && row.contains("$0.0000"), "\(row)")
        }
        let broken = try #require(lines.first { $0.hasPrefix("broken ") })
        #expect(broken.contains("failed") && broken.contains("music/missing.mp3"), "\(broken)")
        #expect(lines.contains { $0.hasPrefix("total") && $0.contains("3/4 done") })
        #expect(lines.contains { $0.hasPrefix("3/4 done, 1 failed · spent $0.0000") })
        let week = folder.url.appendingPathComponent("out/2026-W48")
        #expect(out.stdout.contains("wrote \(week.path)/index.html and contact-sheet.png"))
        let sheet = try Image.load(path: week.appendingPathComponent("contact-sheet.png").path)
        #expect(sheet.width > 500 && sheet.height > 400)

        // The same week named directly, and by its name under --output.
        #expect(try TestSupport.runFactory(["review", "out/2026-W48"], in: folder.url).status == 0)
        #expect(try TestSupport.runFactory(["review", "2026-W48", "--output", "out"], in: folder.url).status == 0)
    }

    @Test func checkPassesOnAHealthyWeek() throws {
        let folder = try ReviewWeek.copy()
        let out = try TestSupport.runFactory(["review", "out/2026-W48", "--check"], in: folder.url)
        #expect(out.status == 0, "\(out.stdout)\n\(out.stderr)")
        #expect(Self.failLines(out.stdout).isEmpty)
        #expect(out.stdout.contains("checked 3 bundles: ") && out.stdout.contains("checks, all passed in "), "\(out.stdout)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("out/2026-W48/index.html"), encoding: .utf8)
        // The re-checks are on the page, the music bed's sound and the chat's among them.
        #expect(html.contains("Re-checked now (factory review --check)"))
        #expect(html.components(separatedBy: "<span class=\"name\">audio:not-silent</span>").count == 3)
        #expect(html.components(separatedBy: "<span class=\"name\">video:black-frames</span>").count == 4)
    }

    @Test func checkNamesTheItemAndChecksOfATruncatedVideo() throws {
        let folder = try ReviewWeek.copy()
        let video = folder.url.appendingPathComponent("out/2026-W48/thread/video.mp4")
        let bytes = try Data(contentsOf: video)
        try bytes.prefix(bytes.count * 6 / 10).write(to: video)
        let out = try TestSupport.runFactory(["review", "out/2026-W48", "--check"], in: folder.url)
        #expect(out.status == 1, "\(out.stdout)\n\(out.stderr)")
        let fails = Self.failLines(out.stdout)
        #expect(fails.contains { $0.hasPrefix("FAIL thread file:video.mp4: ") && $0.contains("bytes, metadata.json says \(bytes.count)") }, "\(fails)")
        #expect(fails.contains { $0.hasPrefix("FAIL thread mp4:boxes: the mdat box") }, "\(fails)")
        #expect(fails.contains { $0.hasPrefix("FAIL thread video:frames: ") }, "\(fails)")
        #expect(fails.allSatisfy { $0.hasPrefix("FAIL thread ") }, "\(fails)")
        let row = try #require(out.stdout.split(separator: "\n").first { $0.hasPrefix("thread ") })
        #expect(row.contains("file:video.mp4") && row.contains("mp4:boxes"))
    }

    @Test func checkNamesAnEditedFile() throws {
        let folder = try ReviewWeek.copy()
        let caption = folder.url.appendingPathComponent("out/2026-W48/calm-poster/caption.txt")
        let text = try String(contentsOf: caption, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Breathe", with: "Breathy").utf8).write(to: caption)
        let out = try TestSupport.runFactory(["review", "out/2026-W48", "--check"], in: folder.url)
        #expect(out.status == 1, "\(out.stdout)\n\(out.stderr)")
        #expect(Self.failLines(out.stdout).count == 1)
        #expect(Self.failLines(out.stdout).first?.hasPrefix("FAIL calm-poster file:caption.txt: sha256 ") == true, "\(out.stdout)")
        #expect(out.stdout.contains("checks, 1 failed in "))
    }

    @Test func noWeekFolderExitsTwo() throws {
        let folder = try TemporaryFolder("review-e2e")
        let out = try TestSupport.runFactory(["review"], in: folder.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains("no week folder (like 2026-W48)"), "\(out.stderr)")
        #expect(try TestSupport.runFactory(["review", "no/such/week"], in: folder.url).status == 2)
    }
}
