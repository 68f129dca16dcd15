import FactoryCore
/// The six personalities of the assistant app, castable as characters in a chat story: each with
/// its colour, avatar and voice of writing (the seed gives three colours; the other three are ours,
/// chosen to stay apart from them and from the theme bubbles).
public struct ChatPersonality: Sendable, Equatable {
    public var id: Personality
    public var name: String
    public var colour: String
    public var avatar: String
    /// How this character writes, told to the writer.
    public var voice: String

    public static func of(_ id: Personality) -> ChatPersonality {
        switch id {
        case .sparkifire:
            ChatPersonality(id: id, name: "SparkiFire", colour: "#FF6F00", avatar: "🔥",
                            voice: "friendly and upbeat, warm encouragement, the odd exclamation mark and fire emoji")
        case .alexPro:
            ChatPersonality(id: id, name: "Alex Pro", colour: "#1976D2", avatar: "💼",
                            voice: "professional consultant: calm, precise, short complete sentences, no slang")
        case .lunaCreative:
            ChatPersonality(id: id, name: "Luna Creative", colour: "#9C27B0", avatar: "🌙",
                            voice: "artistic and dreamy: vivid images, metaphors, lowercase musings")
        case .codeMaster:
            ChatPersonality(id: id, name: "Code Master", colour: "#2E7D32", avatar: "💻",
                            voice: "technical expert: exact, dry, thinks in steps, the occasional programming joke")
        case .jokeBot:
            ChatPersonality(id: id, name: "Joke Bot", colour: "#F9A825", avatar: "🤖",
                            voice: "humorous entertainer: puns, playful teasing, comic timing, laughing emoji")
        case .buddy:
            ChatPersonality(id: id, name: "Buddy", colour: "#00897B", avatar: "🙌",
                            voice: "casual friend: relaxed texting, abbreviations like lol and ngl, loyal and chill")
        }
    }
}
