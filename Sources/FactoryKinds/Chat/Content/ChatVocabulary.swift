import FactoryCore
import Foundation

/// Chat app looks.
public enum ChatTheme: String, ManifestWord {
    case imessage, whatsapp, messenger, discord
    public static let noun = "chat theme"
}

/// Light or dark appearance.
public enum Appearance: String, ManifestWord {
    case light, dark
    public static let noun = "appearance"
}

/// Story genres the writer knows.
public enum Genre: String, ManifestWord {
    case drama, comedy, romance, horror, mystery
    public static let noun = "genre"
}

/// The mood of a chat story.
public enum Mood: String, ManifestWord {
    case funny, dramatic, scary, romantic
    public static let noun = "mood"
}

/// How many messages: short 5–10, medium 10–20, long 20–30.
public enum ChatLength: String, ManifestWord {
    case short, medium, long
    public static let noun = "length"
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
    public static let noun = "typing speed"
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
    public static let noun = "personality"
}

/// Which side of the chat a character writes from.
public enum ChatSide: String, ManifestWord {
    case me, other
    public static let noun = "side"
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
