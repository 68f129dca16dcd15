import FactoryCore
@testable import FactoryKinds
import FactoryProviders
import Testing

/// A story's title agrees with its plot: each trouble carries the titles that tell it, every word
/// of such a title that names something is in the trouble's own text, and the setting's titles
/// (the fallback) name only what every story of the setting has. "Mia Mends a Mushroom Roof" over
/// a woodpecker's tune fails on "mends", "mushroom" and "roof".
@Suite("Offline story titles")
struct StoryTitleTests {
    /// Words that name nothing: articles, prepositions, pronouns, and the bedtime frame every story has.
    static let frameWords: Set<String> = [
        "a", "an", "the", "and", "of", "for", "to", "in", "on", "at", "with", "by", "from", "up", "out", "its", "their", "who",
        "that", "be", "is", "night", "evening", "little", "back", "first",
    ]

    /// A title's words that must be found, lowercased, without `{hero}` and a possessive 's.
    static func namingWords(_ title: String) -> [String] {
        title.replacingOccurrences(of: "{hero}", with: " ").lowercased()
            .replacingOccurrences(of: "'s", with: "").replacingOccurrences(of: "s'", with: "s")
            .split { !$0.isLetter }.map(String.init).filter { !frameWords.contains($0) }
    }

    /// The word's stem: "mends" → "mend", "tapping" → "tapp".
    static func stem(_ word: String) -> String {
        for suffix in ["ing", "ed", "es", "s"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    /// True when some word of `text` shares the word's stem (as a whole word, or the start of one: "station" in "stationmaster").
    static func found(_ word: String, in text: String) -> Bool {
        let stemmed = stem(word)
        return text.lowercased().split { !$0.isLetter }.contains { $0.hasPrefix(stemmed) || stem(String($0)) == stemmed }
    }

    static func text(_ parts: [StoryPart]) -> String {
        parts.flatMap { $0.core + $0.extras + $0.ending }.joined(separator: " ")
    }

    @Test("every trouble's titles name only what its problem, resolution and summary tell")
    func troubleTitlesTellThePlot() throws {
        for family in try ContentLibrary.bundled(StandardKinds.registry).families {
            for trouble in family.troubles {
                let plot = Self.text([trouble.problem, trouble.resolution]) + " " + trouble.summary
                for title in trouble.titles {
                    let missing = Self.namingWords(title).filter { !Self.found($0, in: plot) }
                    #expect(missing.isEmpty, "\(trouble.problem.id): \"\(title)\" names \(missing), which its plot does not tell")
                }
            }
        }
    }

    @Test("a setting's own titles name only the setting and the bedtime walk, never one trouble's plot")
    func settingTitlesFitEveryPlot() throws {
        let library = try ContentLibrary.bundled(StandardKinds.registry)
        let anySetting = Self.text(library.sharedEpisodes + library.goodnights)
        for family in library.families {
            let setting = ([family.scene, anySetting] + family.words.values + family.keywords
                           + [Self.text(family.setups + family.episodes)]).joined(separator: " ")
            for title in family.titles {
                let missing = Self.namingWords(title).filter { !Self.found($0, in: setting) }
                #expect(missing.isEmpty, "\(family.id): \"\(title)\" names \(missing), which is not in every story of the setting")
            }
        }
    }

    @Test("the check catches a title over another plot")
    func theCheckCatchesAMismatch() throws {
        let forest = try #require(try ContentLibrary.bundled(StandardKinds.registry).families.first { $0.id == "forest" })
        let woodpecker = try #require(forest.troubles.first { $0.problem.id == "forest-problem-woodpecker" })
        let plot = Self.text([woodpecker.problem, woodpecker.resolution]) + " " + woodpecker.summary
        #expect(Self.namingWords("{hero} Mends a Mushroom Roof").filter { !Self.found($0, in: plot) } == ["mends", "mushroom", "roof"])
    }

    @Test("a written story's title is one of its trouble's", arguments: [UInt64(1), 2, 3, 5, 8, 13, 21])
    func writtenTitleIsTheTroubles(seed: UInt64) throws {
        let library = try ContentLibrary.bundled(StandardKinds.registry)
        for theme in ["forest", "the sea", "the stars", "town", "snow", ""] {
            let brief = StoryBrief(name: "Mia", age: 5, theme: theme, minutes: 3, seed: seed)
            let written = try #require(OfflineStoryWriter.write(brief, library: library))
            let family = try #require(library.families.first { $0.id == written.family })
            let cast = StoryCast(brief: brief, family: family, seed: seed)
            let trouble = try #require(family.troubles.first { cast.fill($0.summary) == written.story.summary })
            #expect(trouble.titles.map(cast.fill).contains(written.story.title), "\(written.story.title) over \(trouble.problem.id)")
        }
    }
}
