@testable import FactoryCore
@testable import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Getting the story: one retry with the problem stated, a second bad answer fails the item with
/// both raw answers kept, and an override file next to the manifest replaces the writer entirely.
@Suite struct StoryWriterTests {
    typealias Scripted = RecipeWriterTests.Scripted

    /// A bedtime item's settings, decoded the way the manifest loader does.
    struct Decoded: Decodable {
        var spec: BedtimeSpec
        init(from decoder: Decoder) throws { spec = try BedtimeSpec(from: decoder) }
    }

    static let spec = try! JSONDecoder().decode(Decoded.self, from: Data(#"""
        {"hero": {"name": "Mia", "age": 5, "traits": ["brave"]}, "companion": "Hoot the owl", "theme": "the forest",
         "length_minutes": 1}
        """#.utf8)).spec

    static func writer(_ provider: any TextProvider, _ folder: TemporaryFolder, seed: UInt64? = 11) -> StoryWriter {
        let item = Item(id: "story-1", kind: .bedtimeStory, day: .friday, date: "2026-11-27", format: .story, music: nil,
                        musicVolume: 0.6, quality: .draft, seed: seed, title: nil, caption: nil, hashtags: [], content: spec)
        return StoryWriter(item: item, spec: spec, week: ISOWeek(year: 2026, week: 48), provider: provider,
                           quarantine: folder.url.appendingPathComponent(".quarantine/story-1"),
                           manifest: folder.url.appendingPathComponent("week.yaml"))
    }

    static let context = CallContext(item: "story-1", stage: "", gateway: nil)

    @Test func aBadAnswerIsRetriedOnceWithTheProblemStated() async throws {
        let folder = try TemporaryFolder("story-writer")
        let provider = Scripted([StoryCheckTests.json(paragraphs: ["Mia slept."]), StoryCheckTests.json()])
        let (story, records, source) = try await Self.writer(provider, folder).story(context: Self.context)
        #expect(story.title == "Mia and the Moon" && story.wordCount > 100)
        #expect(records.map(\.stage) == ["text", "text-retry"] && source == "scripted")
        let asked = provider.asked
        #expect(asked.count == 2 && asked.allSatisfy { $0.schemaName == "bedtime_story" })
        #expect(asked[0].user.contains("Mia, 5 years old") && asked[0].user.contains("Hoot the owl") && asked[0].user.contains("Variation 11"))
        #expect(asked[1].user.contains("Your previous answer was rejected: the story has 2 words; a 1-minute story has 104–156"))
        if let brief = asked[0].purpose.brief as? StoryBrief {
            #expect(brief == StoryBrief(name: "Mia", age: 5, traits: ["brave"], companion: "Hoot the owl", theme: "the forest",
                                        minutes: 1, seed: 11))
        } else {
            Issue.record("the request's purpose is not .story")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".quarantine").path))
    }

    @Test func twoBadAnswersFailTheItemAndKeepTheRawText() async throws {
        let folder = try TemporaryFolder("story-writer")
        do {
            _ = try await Self.writer(Scripted([StoryCheckTests.json(summary: ""), "Once upon a time"]), folder).story(context: Self.context)
            Issue.record("two bad answers were accepted")
        } catch let error as FactoryError {
            #expect("\(error)".contains("item story-1") && "\(error)".contains("rejected twice"), "\(error)")
            #expect("\(error)".contains(".quarantine/story-1") && "\(error)".contains("story-1.story.md"))
        }
        let kept = folder.url.appendingPathComponent(".quarantine/story-1")
        #expect(try String(contentsOf: kept.appendingPathComponent("writer-answer-1.txt"), encoding: .utf8).contains("Mia and the Moon"))
        #expect(try String(contentsOf: kept.appendingPathComponent("writer-answer-2.txt"), encoding: .utf8) == "Once upon a time")
        #expect(try String(contentsOf: kept.appendingPathComponent("reason.txt"), encoding: .utf8).contains("not the JSON object"))
    }

    @Test func theOverrideFileIsUsedWithNoCall() async throws {
        let folder = try TemporaryFolder("story-writer")
        let path = StoryWriter.overridePath(manifest: folder.url.appendingPathComponent("week.yaml"), itemId: "story-1")
        #expect(path == folder.url.appendingPathComponent("story-1.story.md"))
        #expect(StoryWriter.overridePath(manifest: folder.url, itemId: "x") == folder.url.appendingPathComponent("x.story.md"))
        try "# Mia's Quiet Night\n\nMia listened to the rain.\nIt was soft.\n\nThen Mia slept.\n".write(to: path, atomically: true, encoding: .utf8)
        let provider = Scripted([])
        let (story, records, source) = try await Self.writer(provider, folder).story(context: Self.context)
        #expect(provider.asked.isEmpty && records.isEmpty && source == "override file")
        #expect(story.title == "Mia's Quiet Night" && story.paragraphs == ["Mia listened to the rain. It was soft.", "Then Mia slept."])
        #expect(story.summary.contains("Mia") && story.illustrationPrompt.contains("Mia") && story.illustrationPrompt.contains("Hoot the owl"))
    }

    @Test func anUnusableOverrideFileFailsTheItemAndSaysHow() async throws {
        let folder = try TemporaryFolder("story-writer")
        let path = StoryWriter.overridePath(manifest: folder.url.appendingPathComponent("week.yaml"), itemId: "story-1")
        try "Just some text without a title.\n".write(to: path, atomically: true, encoding: .utf8)
        let provider = Scripted([StoryCheckTests.json()])
        await #expect(throws: FactoryError.self) { try await Self.writer(provider, folder).story(context: Self.context) }
        do { _ = try await Self.writer(provider, folder).story(context: Self.context) } catch {
            #expect("\(error)".contains("story-1.story.md") && "\(error)".contains("# "), "\(error)")
        }
        #expect(provider.asked.isEmpty, "a broken override is not silently replaced by a paid call")
    }

    @Test func withoutAnItemSeedTheBriefIsSeededByItemAndWeek() throws {
        let folder = try TemporaryFolder("story-writer")
        let a = Self.writer(Scripted([]), folder, seed: nil).brief()
        #expect(a == Self.writer(Scripted([]), folder, seed: nil).brief())
        #expect(a.seed == Seed.from("story-1", "2026-W48", "bedtime") && a.minutes == 1 && a.language == "en")
    }
}
