import FactoryCore

/// One part of an offline story: core sentences that always come together, then optional
/// sentences that enrich it in order (every prefix reads as a whole), then any closing sentences. Text holds placeholders
/// `StoryCast` fills: {hero}, {friend}/{Friend}, {companion}, {age}, {looksLine}, {traitsLine},
/// {giftLine}, and the family's setting words ({place}, {path}, {lights}…).
struct StoryPart: Sendable {
    var id: String
    var core: [String]
    var extras: [String]
    /// Sentences that always close the part, after the extras (the goodnight's falling asleep).
    var ending: [String]

    init(_ id: String, core: [String], extras: [String] = [], ending: [String] = []) {
        self.id = id
        self.core = core
        self.extras = extras
        self.ending = ending
    }
}

/// The gentle problem of a story and how it is put right, with the titles that tell it and the
/// summary line it gives. A story takes its title from its trouble, so the title names its plot.
struct StoryTrouble: Sendable {
    /// Titles that tell this plot; a title the series used recently passes to the next, then to the setting's own.
    var titles: [String]
    var problem: StoryPart
    var resolution: StoryPart
    var summary: String
}

/// A setting the offline stories happen in: the words that pick it from a theme, the titles that
/// fit any of its plots (they name only the setting), its beginnings, troubles, journey episodes,
/// setting words for the shared episodes, the default companion and the cover picture.
struct StoryFamily: Sendable {
    var id: String
    /// Lowercase words of a theme that choose this family.
    var keywords: Set<String>
    /// Titles that fit any trouble of the setting: the fallback when a trouble's own were used recently.
    var titles: [String]
    var setups: [StoryPart]
    var troubles: [StoryTrouble]
    var episodes: [StoryPart]
    /// Setting words by placeholder name (`StoryFamily.wordKeys`).
    var words: [String: String]
    /// The friend when the item names none: a short name and how it is introduced.
    var defaultFriend: (name: String, intro: String)
    /// The cover: "{hero}… " is prepended by the writer; this is the scene.
    var scene: String
}

/// The offline story library: settings, each with its own beginnings, gentle troubles and journey
/// episodes, plus episodes and goodnights that fit any setting through its words. The content
/// is data (`StoryShelf`, from the bundled `stories/` and `story-parts/` files and a
/// manifest's own library); this is how a theme chooses from it.
enum StoryLibrary {
    /// The bundled library's settings, in file order.
    static var families: [StoryFamily] { ContentLibrary.standard.families }
    static var goodnights: [StoryPart] { ContentLibrary.standard.goodnights }
    static var sharedEpisodes: [StoryPart] { ContentLibrary.standard.sharedEpisodes }

    /// The theme's words, each also without a plural "s".
    static func words(_ theme: String) -> Set<String> {
        Set(theme.lowercased().split { !$0.isLetter }.flatMap { word -> [String] in
            let w = String(word)
            return w.count > 3 && w.hasSuffix("s") ? [w, String(w.dropLast())] : [w]
        })
    }

    /// True when the theme names a setting (a family's keyword): the story stays in it.
    static func namesFamily(theme: String, in families: [StoryFamily] = families) -> Bool {
        let words = words(theme)
        return families.contains { !$0.keywords.isDisjoint(with: words) }
    }

    /// The family whose keywords the theme uses most, else one picked by seed; nil for an empty library.
    static func family(theme: String, seed: UInt64, in all: [StoryFamily] = families) -> StoryFamily? {
        let words = words(theme)
        let scores = all.map { $0.keywords.intersection(words).count }
        let best = scores.max() ?? 0
        if best > 0, let index = scores.firstIndex(of: best) { return all[index] }
        guard !all.isEmpty else { return nil }
        return all[Int(Seed.mix(seed ^ 0x5707) % UInt64(all.count))]
    }
}
