import Foundation

/// Chat app looks.
public enum ChatTheme: String, ManifestWord {
    case imessage, whatsapp, messenger, discord
    static let noun = "chat theme"
}

/// Light or dark appearance.
public enum Appearance: String, ManifestWord {
    case light, dark
    static let noun = "appearance"
}

/// Story genres the writer knows.
public enum Genre: String, ManifestWord {
    case drama, comedy, romance, horror, mystery
    static let noun = "genre"
}

/// The mood of a chat story.
public enum Mood: String, ManifestWord {
    case funny, dramatic, scary, romantic
    static let noun = "mood"
}

/// How many messages: short 5–10, medium 10–20, long 20–30.
public enum ChatLength: String, ManifestWord {
    case short, medium, long
    static let noun = "length"
    public var messageRange: ClosedRange<Int> {
        switch self {
        case .short: 5...10
        case .medium: 10...20
        case .long: 20...30
        }
    }
}

/// Typing speed of "me" messages, in seconds per character.
public enum TypingSpeed: String, ManifestWord {
    case slow, normal, fast
    static let noun = "typing speed"
    public var secondsPerCharacter: Double {
        switch self {
        case .slow: 0.08
        case .normal: 0.05
        case .fast: 0.02
        }
    }
}

/// The six personalities that can be cast as characters.
public enum Personality: String, ManifestWord {
    case sparkifire, alexPro = "alex-pro", lunaCreative = "luna-creative", codeMaster = "code-master",
         jokeBot = "joke-bot", buddy
    static let noun = "personality"
}

/// Which side of the chat a character writes from.
public enum ChatSide: String, ManifestWord {
    case me, other
    static let noun = "side"
}

/// A character given in the manifest.
public struct ChatCharacter: Sendable, Equatable, Decodable {
    public var name: String
    public var colour: String?
    public var side: ChatSide
    public var avatar: String?
    public var personality: Personality?

    public init(name: String, colour: String? = nil, side: ChatSide = .other, avatar: String? = nil, personality: Personality? = nil) {
        self.name = name
        self.colour = colour
        self.side = side
        self.avatar = avatar
        self.personality = personality
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["name", "colour", "color", "side", "avatar", "personality"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        func key(_ s: String) -> AnyKey { AnyKey(stringValue: s) }
        personality = try c.decodeIfPresent(Personality.self, forKey: key("personality"))
        // A cast personality brings its name, colour and avatar unless the manifest overrides them.
        let cast = personality.map(ChatPersonality.of)
        guard let name = try c.decodeIfPresent(String.self, forKey: key("name")) ?? cast?.name else {
            throw DecodingError.keyNotFound(key("name"), .init(codingPath: decoder.codingPath,
                debugDescription: "a character needs a `name:` (or a `personality:` to cast, e.g. luna-creative)"))
        }
        self.name = name
        colour = try c.decodeIfPresent(String.self, forKey: key("colour")) ?? c.decodeIfPresent(String.self, forKey: key("color")) ?? cast?.colour
        side = try c.decodeIfPresent(ChatSide.self, forKey: key("side")) ?? .other
        avatar = try c.decodeIfPresent(String.self, forKey: key("avatar")) ?? cast?.avatar
        if let colour, !ConversationCheck.isHexColour(colour) {
            throw DecodingError.dataCorruptedError(forKey: key(c.contains(key("colour")) ? "colour" : "color"), in: c,
                debugDescription: "\"\(colour)\" is not a colour; write it as #RRGGBB")
        }
    }
}

/// A message written by hand in the manifest.
public struct ChatMessage: Sendable, Equatable, Decodable {
    public var from: String
    public var text: String
    public var pause: Double?
    public var reaction: String?

    public init(from: String, text: String, pause: Double? = nil, reaction: String? = nil) {
        self.from = from
        self.text = text
        self.pause = pause
        self.reaction = reaction
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["from", "text", "pause", "reaction"])
        let c = try decoder.container(keyedBy: AnyKey.self)
        from = try c.decode(String.self, forKey: AnyKey(stringValue: "from"))
        text = try c.decode(String.self, forKey: AnyKey(stringValue: "text"))
        pause = try c.decodeIfPresent(Double.self, forKey: AnyKey(stringValue: "pause"))
        reaction = try c.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "reaction"))
    }
}

/// A chat-story item, fully resolved.
public struct ChatSpec: Sendable, Equatable {
    public var theme: ChatTheme
    public var appearance: Appearance
    public var genre: Genre
    public var mood: Mood
    public var length: ChatLength
    public var prompt: String
    public var characters: [ChatCharacter]
    public var messages: [ChatMessage]
    /// A conversation file next to the manifest (YAML or JSON), instead of inline messages.
    public var conversation: String?
    public var typingSpeed: TypingSpeed
    public var keyboard: Bool
    public var readReceipts: Bool
    public var timestamps: Bool
    public var fps: Int

    static let keys = ["theme", "appearance", "genre", "mood", "length", "prompt", "characters", "messages",
                       "conversation", "typing_speed", "keyboard", "read_receipts", "timestamps", "fps"]
    enum Keys: String, CodingKey {
        case theme, appearance, genre, mood, length, prompt, characters, messages, conversation, keyboard, timestamps, fps
        case typingSpeed = "typing_speed", readReceipts = "read_receipts"
    }

    /// A chat item with the defaults a manifest gets (for code and tests; manifests are decoded).
    public init(theme: ChatTheme = .imessage, appearance: Appearance = .light, genre: Genre = .drama, mood: Mood = .dramatic,
                length: ChatLength = .short, prompt: String = "", characters: [ChatCharacter] = [], messages: [ChatMessage] = [],
                conversation: String? = nil, typingSpeed: TypingSpeed = .normal, keyboard: Bool = true,
                readReceipts: Bool = true, timestamps: Bool = false, fps: Int = 30) {
        self.theme = theme
        self.appearance = appearance
        self.genre = genre
        self.mood = mood
        self.length = length
        self.prompt = prompt
        self.characters = characters
        self.messages = messages
        self.conversation = conversation
        self.typingSpeed = typingSpeed
        self.keyboard = keyboard
        self.readReceipts = readReceipts
        self.timestamps = timestamps
        self.fps = fps
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        theme = try c.decodeIfPresent(ChatTheme.self, forKey: .theme) ?? .imessage
        appearance = try c.decodeIfPresent(Appearance.self, forKey: .appearance) ?? .light
        genre = try c.decodeIfPresent(Genre.self, forKey: .genre) ?? .drama
        mood = try c.decodeIfPresent(Mood.self, forKey: .mood) ?? .dramatic
        length = try c.decodeIfPresent(ChatLength.self, forKey: .length) ?? .short
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt) ?? ""
        characters = try c.decodeIfPresent([ChatCharacter].self, forKey: .characters) ?? []
        messages = try c.decodeIfPresent([ChatMessage].self, forKey: .messages) ?? []
        conversation = try c.decodeIfPresent(String.self, forKey: .conversation)
        typingSpeed = try c.decodeIfPresent(TypingSpeed.self, forKey: .typingSpeed) ?? .normal
        keyboard = try c.decodeIfPresent(Bool.self, forKey: .keyboard) ?? true
        readReceipts = try c.decodeIfPresent(Bool.self, forKey: .readReceipts) ?? true
        timestamps = try c.decodeIfPresent(Bool.self, forKey: .timestamps) ?? false
        fps = try c.decodeIfPresent(Int.self, forKey: .fps) ?? 30
        guard fps == 30 || fps == 60 else {
            throw DecodingError.dataCorruptedError(forKey: .fps, in: c, debugDescription: "fps must be 30 or 60")
        }
        if prompt.isEmpty && messages.isEmpty && conversation == nil {
            throw DecodingError.keyNotFound(Keys.prompt, .init(codingPath: decoder.codingPath,
                debugDescription: "a chat story needs a `prompt:` for the writer, or `messages:` / `conversation:` written by hand"))
        }
        let names = Set(characters.map(\.name))
        if !characters.isEmpty, let stray = messages.first(where: { !names.contains($0.from) }) {
            throw DecodingError.dataCorruptedError(forKey: .messages, in: c,
                debugDescription: "message from \"\(stray.from)\" but no character has that name (characters: \(names.sorted().joined(separator: ", ")))")
        }
    }
}
