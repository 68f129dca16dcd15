import FactoryCore

/// A library file of chat scripts for one genre: `{ "genre": "comedy", "scripts": [ … ] }`.
struct ChatScriptFile: Decodable, Sendable {
    var genre: Genre
    var scripts: [ChatScript]

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["genre", "scripts"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        genre = try c.decode(Genre.self, forKey: "genre")
        scripts = try c.list(ChatScript.self, "scripts", what: "scripts")
    }
}

/// A script decodes only when the writer can cut it to any length: a two-text hook from both
/// sides, a 2–3 text ending, a beat for every mood, a title of at most 8 words, texts of 1–200 characters.
extension ChatScript: Decodable {
    static let maxTitleWords = 8
    static let maxTextCharacters = 200

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["id", "title", "keywords", "hook", "middle", "flavours", "ending", "flavour_at", "stranger"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let title = try c.decode(String.self, forKey: "title")
        guard title.split(separator: " ").count <= Self.maxTitleWords else {
            throw DecodingError.dataCorruptedError(forKey: "title", in: c, debugDescription: "the title has more than \(Self.maxTitleWords) words; shorten it")
        }
        let hook = try c.decode([ScriptLine].self, forKey: "hook")
        guard hook.count == 2, hook[0].role != hook[1].role else {
            throw DecodingError.dataCorruptedError(forKey: "hook", in: c, debugDescription: "the hook is two texts, one from `me` and one from `other`")
        }
        let ending = try c.decode([ScriptLine].self, forKey: "ending")
        guard (2...3).contains(ending.count) else {
            throw DecodingError.dataCorruptedError(forKey: "ending", in: c, debugDescription: "the ending has \(ending.count) texts; write 2 or 3")
        }
        let flavourMap = try c.decode([String: Beat].self, forKey: "flavours")
        var flavours: [Mood: Beat] = [:]
        for mood in Mood.allCases {
            guard let beat = flavourMap[mood.rawValue] else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("flavours")], debugDescription:
                    "flavours has no \"\(mood.rawValue)\" beat; write one for each mood: \(Mood.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            flavours[mood] = beat
        }
        if let extra = flavourMap.keys.sorted().first(where: { Mood(rawValue: $0) == nil }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [LibraryKey("flavours"), LibraryKey(extra)],
                                                    debugDescription: "\"\(extra)\" is not a mood; use: \(Mood.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        self.init(id: try c.decode(String.self, forKey: "id"), title: title,
                  keywords: try c.decodeIfPresent([String].self, forKey: "keywords") ?? [], hook: hook,
                  middle: try c.list(Beat.self, "middle", what: "beats"), flavours: flavours, ending: ending,
                  flavourAt: try c.decodeIfPresent(Int.self, forKey: "flavour_at"), stranger: try c.decodeIfPresent(String.self, forKey: "stranger"))
        if let at = flavourAt, !(0...middle.count).contains(at) {
            throw DecodingError.dataCorruptedError(forKey: "flavour_at", in: c, debugDescription: "flavour_at is \(at); write 0 to \(middle.count) (a place in the middle)")
        }
    }
}

extension Beat: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["rank", "lines"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        rank = try c.decode(Int.self, forKey: "rank")
        guard (1...3).contains(rank) else {
            throw DecodingError.dataCorruptedError(forKey: "rank", in: c, debugDescription: "rank is \(rank); write 1 (the spine), 2 (escalation) or 3 (texture)")
        }
        lines = try c.list(ScriptLine.self, "lines", what: "texts")
    }
}

/// A text as `{ "me": "…" }` or `{ "other": "…" }`, with an optional `pause` (seconds) and `reaction`.
extension ScriptLine: Decodable {
    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["me", "other", "pause", "reaction"])
        let c = try decoder.container(keyedBy: LibraryKey.self)
        let me = try c.decodeIfPresent(String.self, forKey: "me"), other = try c.decodeIfPresent(String.self, forKey: "other")
        guard let text = me ?? other, (me == nil) != (other == nil) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription:
                "a text has exactly one sender: write `\"me\": \"…\"` or `\"other\": \"…\"`"))
        }
        guard (1...ChatScript.maxTextCharacters).contains(text.count) else {
            throw DecodingError.dataCorruptedError(forKey: me == nil ? "other" : "me", in: c, debugDescription:
                "the text has \(text.count) characters; write 1 to \(ChatScript.maxTextCharacters)")
        }
        let pause = try c.decodeIfPresent(Double.self, forKey: "pause")
        if let pause, !(0...10).contains(pause) {
            throw DecodingError.dataCorruptedError(forKey: "pause", in: c, debugDescription: "pause is \(pause) seconds; write 0 to 10")
        }
        self.init(role: me == nil ? .other : .me, text: text, pause: pause, reaction: try c.decodeIfPresent(String.self, forKey: "reaction"))
    }
}
