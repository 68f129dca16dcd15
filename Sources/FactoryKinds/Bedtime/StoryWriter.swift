import FactoryCore
import Foundation

/// Gets the story of a bedtime item: from the override file next to the manifest
/// (`<item-id>.story.md`, no call at all), or from the text provider, validated, retried once with
/// the problem stated, and on a second bad answer failed with both raw answers kept in the week's
/// `.quarantine/<item>/`.
struct StoryWriter {
    let item: Item
    let spec: BedtimeSpec
    let week: ISOWeek
    let provider: any TextProvider
    /// Where rejected answers are kept.
    let quarantine: URL
    /// The manifest file; the override file is looked for beside it.
    let manifest: URL

    static let overrideSource = "override file"

    var seed: UInt64 { item.seed(.text, default: item.seed ?? Seed.from(item.id, week.description, "bedtime")) }

    func brief() -> StoryBrief { StoryBrief(spec: spec, seed: seed) }

    /// `<manifest folder>/<item-id>.story.md`; a folder URL (ending in "/") is taken as the folder itself.
    static func overridePath(manifest: URL, itemId: String) -> URL {
        let folder = manifest.hasDirectoryPath ? manifest : manifest.deletingLastPathComponent()
        return folder.appendingPathComponent("\(itemId).story.md")
    }

    /// The story, the records of the calls that wrote it (none from the override file), and its
    /// source: the provider's name or "override file".
    func story(context: CallContext) async throws -> (Story, [GenerationRecord], source: String) {
        let brief = brief()
        if let edited = try overridden(brief) { return (edited, [], Self.overrideSource) }
        let edit = Self.overridePath(manifest: manifest, itemId: item.id).lastPathComponent
        let writing = StructuredWriting(item: item.id, what: "bedtime-story", provider: provider, quarantine: quarantine, reasoning: item.reasoning)
        let (story, records) = try await writing.ask(
            context: context, request: { StoryPrompt.request(brief, problem: $0) },
            check: { StoryCheck.validate($0, brief: brief) },
            fix: "change the theme or length, or write the story yourself in \(edit) next to the manifest")
        return (story, records, provider.name)
    }

    /// The override file's title and paragraphs, with a summary and an illustration prompt made
    /// from the brief; nil when there is no file.
    func overridden(_ brief: StoryBrief) throws -> Story? {
        let url = Self.overridePath(manifest: manifest, itemId: item.id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FactoryError(.missingFile, "item \(item.id): the story override \(url.path) cannot be read; check its permissions or remove it")
        }
        let parsed: (title: String, paragraphs: [String])
        do { parsed = try Story.parse(markdown: String(decoding: data, as: UTF8.self)) } catch {
            throw FactoryError(.manifest, "item \(item.id): the story override \(url.path) cannot be used: \(error); fix the file or remove it",
                               underlying: error)
        }
        return Story(title: parsed.title, paragraphs: parsed.paragraphs,
                     summary: "A bedtime story about \(brief.name): \(parsed.title).",
                     illustrationPrompt: Self.illustrationPrompt(brief, title: parsed.title))
    }

    /// A calm cover picture of the hero, for stories that bring none (the override file).
    static func illustrationPrompt(_ brief: StoryBrief, title: String) -> String {
        var hero = "\(brief.name), a \(brief.age)-year-old child"
        if let looks = StoryPrompt.clean(brief.appearance) { hero += " with \(looks)" }
        var scene = "A gentle picture-book illustration for the bedtime story \"\(title)\": \(hero)"
        if let companion = StoryPrompt.clean(brief.companion) { scene += " and \(companion)" }
        if let theme = StoryPrompt.clean(brief.theme) { scene += ", \(theme)" }
        return scene + ". Soft evening light, warm calm colours, cosy and safe, no text."
    }
}
