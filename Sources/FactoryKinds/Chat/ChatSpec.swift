import FactoryCore
import Foundation

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

    public static let keys = ["theme", "appearance", "genre", "mood", "length", "prompt", "characters", "messages",
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

    public init(from decoder: Decoder) throws {
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
