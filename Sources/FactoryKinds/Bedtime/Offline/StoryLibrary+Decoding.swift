import FactoryCore

/// How the story library's files decode: a setting per file under `stories/`, the parts for any
/// setting under `story-parts/`. Every list a writer picks from must hold something.
extension StoryPart: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["id", "core", "extras", "ending"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let id = try c.decode(String.self, forKey: "id")
        let core = try c.list(String.self, "core", what: "sentences")
        try Self.checkPlaceholders(core, key: "core", in: c)
        let extras = try c.decodeIfPresent([String].self, forKey: "extras") ?? []
        try Self.checkPlaceholders(extras, key: "extras", in: c)
        let ending = try c.decodeIfPresent([String].self, forKey: "ending") ?? []
        try Self.checkPlaceholders(ending, key: "ending", in: c)
        self.init(id, core: core, extras: extras, ending: ending)
    }

    /// Every `{name}` in a sentence must be one the cast fills; an unknown one would vanish from the story.
    static func checkPlaceholders(_ sentences: [String], key: String, in c: KeyedDecodingContainer<LibraryKey>) throws {
        for (index, sentence) in sentences.enumerated() {
            if let unknown = StoryCast.placeholders(in: sentence).first(where: { !StoryCast.knownPlaceholders.contains($0) }) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey(key), LibraryKey(index: index)],
                    debugDescription: "{\(unknown)} is not a placeholder; use one of \(StoryCast.knownPlaceholders.sorted().map { "{\($0)}" }.joined(separator: ", "))"))
            }
        }
    }
}

extension StoryTrouble: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["titles", "problem", "resolution", "summary"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        self.init(titles: try c.list(String.self, "titles", what: "titles"), problem: try c.decode(StoryPart.self, forKey: "problem"),
                  resolution: try c.decode(StoryPart.self, forKey: "resolution"), summary: try c.decode(String.self, forKey: "summary"))
        try StoryPart.checkPlaceholders(titles, key: "titles", in: c)
        try StoryPart.checkPlaceholders([summary], key: "summary", in: c)
    }
}

extension StoryFamily: Decodable {
    static let wordKeys = ["place", "path", "lights", "sound", "soft", "home", "creature", "smell", "colour", "treasure"]

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["id", "keywords", "titles", "setups", "troubles", "episodes", "words", "friend", "scene"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let words = try c.decode([String: String].self, forKey: "words")
        if let missing = Self.wordKeys.first(where: { words[$0] == nil }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("words")], debugDescription:
                "words has no \"\(missing)\"; the shared episodes need all of: \(Self.wordKeys.joined(separator: ", "))"))
        }
        if let extra = words.keys.sorted().first(where: { !Self.wordKeys.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("words"), LibraryKey(extra)], debugDescription:
                "\"\(extra)\" is not a setting word; use: \(Self.wordKeys.joined(separator: ", "))"))
        }
        let friend = try c.decode(StoryFriend.self, forKey: "friend")
        self.init(id: try c.decode(String.self, forKey: "id"),
                  keywords: Set(try c.list(String.self, "keywords", what: "keywords").map { $0.lowercased() }),
                  titles: try c.decodeIfPresent([String].self, forKey: "titles") ?? [],
                  setups: try c.list(StoryPart.self, "setups", what: "beginnings"),
                  troubles: try c.list(StoryTrouble.self, "troubles", what: "troubles"),
                  episodes: try c.decodeIfPresent([StoryPart].self, forKey: "episodes") ?? [],
                  words: words, defaultFriend: (friend.name, friend.intro), scene: try c.decode(String.self, forKey: "scene"))
        try StoryPart.checkPlaceholders(titles, key: "titles", in: c)
    }

    /// The friend a story of the setting has when the item names none.
    struct StoryFriend: Decodable {
        var name: String
        var intro: String
        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(["name", "intro"])
            let c = try decoder.container(keyedBy: LibraryKey.self)
            name = try c.decode(String.self, forKey: "name")
            intro = try c.decode(String.self, forKey: "intro")
        }
    }
}

/// A `story-parts/` file: journey episodes and goodnights that fit any setting through its words.
struct StoryPartsFile: Decodable, Sendable {
    var episodes: [StoryPart]
    var goodnights: [StoryPart]

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["episodes", "goodnights"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        episodes = try c.decodeIfPresent([StoryPart].self, forKey: "episodes") ?? []
        goodnights = try c.decodeIfPresent([StoryPart].self, forKey: "goodnights") ?? []
        for (index, goodnight) in goodnights.enumerated() where goodnight.ending.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("goodnights"), LibraryKey(index: index)],
                                                    debugDescription: "a goodnight needs an `ending`: the sentence the hero falls asleep in"))
        }
    }
}
