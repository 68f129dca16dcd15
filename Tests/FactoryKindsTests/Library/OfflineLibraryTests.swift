import FactoryCore
@testable import FactoryKinds
import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// The content library as data: the bundled files read strictly and hold what the writers assume;
/// a manifest's own folder merges with ours or replaces it, and its mistakes are located.
@Suite("Offline content library")
struct OfflineLibraryTests {
    static let calmQuote = "Sit with the kettle until it sings."

    static func folder(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("library")
        for (name, text) in files { try folder.write(text, to: "lib/" + name) }
        return folder
    }

    static let oneQuote = """
    {
      "series": "monday-motivation",
      "quotes": [ { "text": "\(calmQuote)", "author": "Nobody in Particular" } ]
    }
    """

    @Test("the bundled files read strictly, with no problem, and fill every section the writers use")
    func bundledReads() throws {
        let library = try ContentLibrary.bundled(StandardKinds.registry)
        for series in Series.allCases { #expect(library.quotes(for: series).count == 60, "\(series)") }
        #expect(library.families.map(\.id) == ["forest", "sea", "sky", "town", "snow"])
        #expect(library.goodnights.count >= 3 && library.sharedEpisodes.count >= 5)
        for genre in Genre.allCases { #expect(library.scripts(for: genre).count >= 3, "\(genre)") }
        #expect(library.recipes.count >= 12)
        #expect(library[QuoteShelf.self].duplicates(in: "Content/").isEmpty && library[StoryShelf.self].duplicates(in: "Content/").isEmpty)
        #expect(library[ChatScriptShelf.self].duplicates(in: "Content/").isEmpty && library[RecipeShelf.self].duplicates(in: "Content/").isEmpty)
    }

    @Test("the bundled files read the located way (as a user's are) exactly as at run time")
    func bundledReadsLocated() throws {
        let located = try ContentLibrary.readStandard(.located)
        let fast = try ContentLibrary.bundled(StandardKinds.registry)
        for series in Series.allCases { #expect(located.quotes(for: series) == fast.quotes(for: series)) }
        #expect(located.families.map(\.id) == fast.families.map(\.id))
        #expect(located.families.flatMap(\.troubles).map(\.titles) == fast.families.flatMap(\.troubles).map(\.titles))
        #expect(Genre.allCases.flatMap(located.scripts(for:)).map(\.id) == Genre.allCases.flatMap(fast.scripts(for:)).map(\.id))
        #expect(located.recipes.map(\.recipe) == fast.recipes.map(\.recipe))
    }

    @Test("every bundled quote keeps to the poster's length and each series has no repeat")
    func quotesKeepTheRules() throws {
        let library = try ContentLibrary.bundled(StandardKinds.registry)
        for series in Series.allCases {
            let texts = library.quotes(for: series).map(\.text)
            #expect(Set(texts).count == texts.count, "\(series)")
            #expect(texts.allSatisfy { (1...QuoteFile.maxCharacters).contains($0.count) && $0 == $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    @Test("every story part is whole: a core, and only placeholders the cast fills; every goodnight ends in sleep")
    func storiesAreWhole() throws {
        let library = try ContentLibrary.bundled(StandardKinds.registry)
        for family in library.families {
            #expect(!family.setups.isEmpty && !family.troubles.isEmpty && !family.titles.isEmpty, "\(family.id)")
            #expect(Set(StoryFamily.wordKeys) == Set(family.words.keys), "\(family.id)")
            let parts = family.setups + family.episodes + family.troubles.flatMap { [$0.problem, $0.resolution] }
            for part in parts {
                #expect(!part.core.isEmpty, "\(part.id)")
                let unknown = (part.core + part.extras + part.ending).flatMap(StoryCast.placeholders).filter { !StoryCast.knownPlaceholders.contains($0) }
                #expect(unknown.isEmpty, "\(part.id): \(unknown)")
            }
            #expect(family.troubles.allSatisfy { !$0.titles.isEmpty && !$0.summary.isEmpty })
        }
        #expect(library.goodnights.allSatisfy { $0.ending.last.map { $0.contains("sleep") } == true })
    }

    @Test("an unknown key in a library file is an error at its line and column")
    func unknownKeyIsLocated() throws {
        let text = "{\n  \"series\": \"monday-motivation\",\n  \"quotes\": [ { \"text\": \"Hello.\", \"autor\": \"Me\" } ]\n}\n"
        #expect(throws: ManifestError.self) { try DataFileDecoder.decode(QuoteFile.self, text: text, display: "q.json") }
        do {
            _ = try DataFileDecoder.decode(QuoteFile.self, text: text, display: "q.json")
        } catch {
            #expect(error.description == "q.json:3:35: quotes[0].autor: unknown key \"autor\"; did you mean \"author\"?", "\(error)")
        }
    }

    @Test("merge adds the folder's quote to ours; replace leaves only it; the writer then picks it")
    func mergeAndReplace() throws {
        let folder = try Self.folder(["quotes/calm.json": Self.oneQuote])
        let merged = try ContentLibrary.load(LibrarySetting(path: "lib"), manifestFolder: folder.url, kinds: StandardKinds.registry)
        #expect(merged.quotes(for: .mondayMotivation).count == 61)
        #expect(merged.quotes(for: .mondayMotivation).last?.text == Self.calmQuote)
        #expect(merged.quotes(for: .fridayReflection).count == 60)

        let replaced = try ContentLibrary.load(LibrarySetting(path: "lib/", mode: .replace), manifestFolder: folder.url, kinds: StandardKinds.registry)
        #expect(replaced.quotes(for: .mondayMotivation).map(\.text) == [Self.calmQuote])
        #expect(replaced.quotes(for: .fridayReflection).count == 60, "a series the folder leaves empty stays ours")
        for week in 1...10 {
            let quote = QuoteLibrary.pick(series: .mondayMotivation, week: ISOWeek(year: 2026, week: week), in: replaced)
            #expect(quote == Quote(Self.calmQuote, "Nobody in Particular"))
        }
    }

    @Test("a folder's entry with one of our ids takes its place")
    func mergeReplacesById() throws {
        let ours = try ContentLibrary.bundled(StandardKinds.registry)
        var recipe = try #require(ours.recipes.first)
        recipe.recipe.title = "Our Own Eggs"
        let merged = ours[RecipeShelf.self].combined(with: RecipeShelf(recipes: [recipe]), mode: .merge)
        #expect(merged.recipes.count == ours.recipes.count)
        #expect(merged.recipes.first?.recipe.title == "Our Own Eggs")
    }

    @Test("a malformed file, a wrong value and a stray folder are each reported with file, line and column")
    func problemsAreLocated() throws {
        let folder = try Self.folder([
            "quotes/broken.json": "{ \"series\": \"monday-motivation\",\n  \"quotes\": [ { \"text\": \"Hi\" ]\n}\n",
            "quotes/series.json": "{\n  \"series\": \"munday-motivation\",\n  \"quotes\": []\n}\n",
            "chats/short.json": "{\n  \"genre\": \"comedy\",\n  \"scripts\": [ { \"id\": \"x\", \"title\": \"t\", \"hook\": [ { \"me\": \"a\" } ] } ]\n}\n",
            "quote/stray.json": "{}",
        ])
        #expect(throws: ManifestError.self) { try ContentLibrary.load(LibrarySetting(path: "lib"), manifestFolder: folder.url, kinds: StandardKinds.registry) }
        do {
            _ = try ContentLibrary.load(LibrarySetting(path: "lib"), manifestFolder: folder.url, kinds: StandardKinds.registry)
        } catch {
            let lines = error.problems.map(\.description)
            #expect(lines.contains { $0.hasPrefix("lib/quotes/broken.json:2:") && $0.contains("YAML syntax") }, "\(lines)")
            #expect(lines.contains("lib/quotes/series.json:2:13: series: \"munday-motivation\" is not a series; did you mean \"monday-motivation\"?"), "\(lines)")
            #expect(lines.contains { $0.hasPrefix("lib/chats/short.json:3:") && $0.contains("scripts[0].hook: the hook is two texts") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("lib/quote: is not a library section; did you mean quotes/?") }, "\(lines)")
        }
    }

    @Test("a library folder that is not there is a problem that says where it looked")
    func missingFolder() throws {
        let folder = try TemporaryFolder("library")
        #expect(throws: ManifestError.self) { try ContentLibrary.load(LibrarySetting(path: "nowhere"), manifestFolder: folder.url, kinds: StandardKinds.registry) }
    }

    @Test("the offline provider given a library writes from it")
    func providerUsesTheLibrary() async throws {
        let folder = try Self.folder(["quotes/calm.json": Self.oneQuote])
        let library = try ContentLibrary.load(LibrarySetting(path: "lib", mode: .replace), manifestFolder: folder.url, kinds: StandardKinds.registry)
        let brief = QuoteBrief(series: .mondayMotivation, theme: "", week: ISOWeek(year: 2026, week: 48), seed: 1)
        let written = try await OfflineTextProvider(library: library, kinds: StandardKinds.registry).write(QuotePrompt.request(brief), context: CallContext(item: "q", stage: "text", gateway: nil))
        let quote = try QuotePrompt.quote(written, provider: "offline")
        #expect(quote.text == Self.calmQuote && quote.attribution == "Nobody in Particular")
    }
}
