import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Defaults cascade built-in → defaults → defaults.<kind> → item, resolved once.
@Suite struct ManifestDefaultsTests {
    @Test func cascadeAndDates() throws {
        let folder = try TemporaryFolder("manifest")
        try folder.write("x", to: "assets/song.mp3")
        let yaml = """
        version: 1
        week: 2026-W48
        timezone: America/New_York
        defaults:
          format: square
          voice: nova
          poster: { duration: 8, style: pastel, music: assets/song.mp3 }
        items:
          - { id: a, kind: poster, day: monday }
          - { id: b, kind: poster, day: sunday, format: landscape, style: cinematic }
          - { id: c, kind: bedtime-story, day: tuesday, hero: { name: Luna, age: 6 } }
          - { id: d, kind: chat-story, day: thursday, prompt: "a text from an unknown number", theme: discord, appearance: dark }
          - { id: e, kind: recipe-video, day: wednesday, template: fridge-pip, prompt: "eggs and rice" }
        """
        let manifest = try ManifestLoader.load(path: try folder.write(yaml, to: "week.yaml"), kinds: StandardKinds.registry)
        let a = try #require(manifest.items.first { $0.id == "a" }), b = try #require(manifest.items.first { $0.id == "b" })
        #expect(a.format == .square)
        #expect(a.poster?.duration == 8)
        #expect(a.poster?.style == .pastel)
        #expect(a.poster?.variants == 1)
        #expect(a.poster?.model == "civitai:4384@128713")
        #expect(a.music?.hasSuffix("assets/song.mp3") == true)
        #expect(b.format == .landscape)
        #expect(b.poster?.style == .cinematic)
        #expect(a.date == "2026-11-23")
        #expect(b.date == "2026-11-29")
        guard let story = manifest.items[2].spec(BedtimeSpec.self) else { Issue.record("not a story"); return }
        #expect(story.voice == .nova)
        #expect(story.lengthMinutes == 5)
        guard let chat = manifest.items[3].spec(ChatSpec.self) else { Issue.record("not a chat"); return }
        #expect(chat.theme == .discord && chat.appearance == .dark && chat.length == .short)
        guard let recipe = manifest.items[4].spec(RecipeSpec.self) else { Issue.record("not a recipe"); return }
        #expect(recipe.template == .fridgePip)
        #expect(manifest.budget.dailyUSD == 3 && manifest.concurrency.total == 8)
    }

    @Test func sampleManifestIsValid() throws {
        let manifest = try ManifestLoader.load(path: TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path, kinds: StandardKinds.registry)
        #expect(manifest.items.filter { $0.kind == .poster }.count >= 3)
        #expect(Set(manifest.items.compactMap { $0.poster?.series }).count >= 2)
        #expect(Set(manifest.items.map(\.format)).count >= 2)
        #expect(manifest.items.contains { ($0.poster?.variants ?? 1) > 1 && $0.music != nil })
        #expect(manifest.itemProblems.isEmpty)
    }
}
