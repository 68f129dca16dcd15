import FactoryCore
/// Where a bedtime story happens, as far as its picture is concerned: the five settings of the
/// offline story library. The bedtime kind names it in the illustration request (`hints[.setting]`)
/// so the offline painter draws the right landmarks; a live image model reads the prompt instead.
public enum StorySetting: String, Sendable, CaseIterable {
    case forest, sea, sky, snow, town

    /// Words of a scene or a theme that point at each setting (lowercase, as written and as plural).
    static let words: [StorySetting: Set<String>] = [
        .forest: ["forest", "wood", "woods", "woodland", "tree", "trees", "oak", "fern", "ferns", "firefly", "fireflies", "moss",
                  "mossy", "owl", "fox", "deer", "badger", "hedgehog", "mushroom", "mushrooms", "jungle", "leaf", "leaves", "garden",
                  "park", "camping", "fairy", "fairies"],
        .sea: ["sea", "ocean", "beach", "boat", "ship", "sail", "sailing", "island", "fish", "whale", "dolphin", "mermaid",
               "pirate", "shell", "shells", "lighthouse", "harbour", "harbor", "wave", "waves", "seal", "turtle", "sand",
               "water", "lake", "river", "seaside", "coral", "bay", "tide"],
        .sky: ["sky", "star", "stars", "moon", "space", "rocket", "planet", "planets", "cloud", "clouds", "fly", "flying",
               "floating", "dragon", "dream", "dreams", "balloon", "comet", "astronaut", "galaxy", "rainbow", "wings", "unicorn"],
        .snow: ["snow", "snowy", "snowflake", "snowflakes", "winter", "ice", "icy", "frost", "christmas", "penguin", "polar",
                "reindeer", "mountain", "mountains", "sledge", "sled", "snowman", "north", "northern", "arctic", "igloo", "cold",
                "skating", "pine", "pines", "cabin"],
        .town: ["town", "city", "village", "street", "streets", "square", "cobbled", "lantern", "lanterns", "clock", "tower",
                "bakery", "baker", "shop", "market", "train", "bus", "library", "school", "house", "houses", "home"],
    ]

    /// The setting a scene description and a theme speak of most (a word of the scene counts
    /// twice, a word of the theme once; ties go to the earlier setting); nil when neither names one.
    public static func guess(scene: String, theme: String = "") -> StorySetting? {
        let sceneWords = tokens(scene), themeWords = tokens(theme)
        var best: (setting: StorySetting, score: Int)?
        for setting in allCases {
            let keys = words[setting] ?? []
            let score = 2 * sceneWords.filter(keys.contains).count + themeWords.filter(keys.contains).count
            if score > 0, score > best?.score ?? 0 { best = (setting, score) }
        }
        return best?.setting
    }

    /// The lowercase words of a text, in order (repeats count again).
    package static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }
}
