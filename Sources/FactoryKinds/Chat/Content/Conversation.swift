import FactoryCore
import Foundation

/// A chat story as written: who talks, and what they say in order. This is the JSON the text
/// provider is asked for, the shape of `conversation.json` in the bundle, and what a hand-written
/// conversation in the manifest becomes.
public struct Conversation: Sendable, Codable, Equatable {
    public struct Character: Sendable, Codable, Equatable {
        public var name: String
        /// `#RRGGBB`: the character's accent (name in group threads, avatar ring, Discord name).
        public var colour: String
        /// "me" (right side, typed into the input bar) or "other".
        public var side: String
        /// One emoji shown as the avatar.
        public var avatar: String

        public init(name: String, colour: String, side: String, avatar: String) {
            self.name = name
            self.colour = colour
            self.side = side
            self.avatar = avatar
        }

        public var isMe: Bool { side == "me" }
    }

    public struct Message: Sendable, Codable, Equatable {
        /// The character's name.
        public var sender: String
        public var text: String
        /// Extra seconds of silence after this message (dramatic beats).
        public var pause: Double?
        /// An emoji reaction added to this message shortly after it appears.
        public var reaction: String?

        public init(sender: String, text: String, pause: Double? = nil, reaction: String? = nil) {
            self.sender = sender
            self.text = text
            self.pause = pause
            self.reaction = reaction
        }
    }

    public var title: String
    public var characters: [Character]
    public var messages: [Message]

    public init(title: String, characters: [Character], messages: [Message]) {
        self.title = title
        self.characters = characters
        self.messages = messages
    }

    public func character(named name: String) -> Character? { characters.first { $0.name == name } }

    /// The character typing on this phone (the first "me"; the first character when none is).
    public var me: Character? { characters.first(where: \.isMe) ?? characters.first }

    /// The contact shown in the header: every character that is not "me".
    public var contacts: [Character] { characters.filter { $0.name != me?.name } }

    /// The story's premise as the memory keeps it: the two-message hook that opens it.
    public var premise: String { messages.prefix(2).map(\.text).joined(separator: " / ") }
}

/// What the writer is asked for: the item's brief, with the cast fixed when the manifest gives it.
public struct ConversationBrief: TextBrief, Equatable {
    public var prompt: String
    public var genre: Genre
    public var mood: Mood
    public var length: ChatLength
    /// The exact number of messages asked for (inside the length's range, chosen by seed).
    public var messageCount: Int
    /// Characters fixed by the manifest (given or cast personalities); empty: the writer invents two.
    public var cast: [Conversation.Character]
    /// Personalities cast, for their voice of writing.
    public var personalities: [String: ChatPersonality]
    public var seed: UInt64
    /// Titles and premises the series published recently: the prompt lists them, the offline writer skips them.
    public var recent: RecentWork

    public init(prompt: String, genre: Genre, mood: Mood, length: ChatLength, messageCount: Int,
                cast: [Conversation.Character], personalities: [String: ChatPersonality], seed: UInt64, recent: RecentWork = RecentWork()) {
        self.recent = recent
        self.prompt = prompt
        self.genre = genre
        self.mood = mood
        self.length = length
        self.messageCount = messageCount
        self.cast = cast
        self.personalities = personalities
        self.seed = seed
    }
}
