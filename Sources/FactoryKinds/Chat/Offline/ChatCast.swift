import FactoryCore

/// Who plays the script's roles: the manifest's cast as given, or two invented characters.
struct ChatCast: Sendable {
    var characters: [Conversation.Character]
    var me: String
    var other: String
    /// Everyone else, in cast order: the group thread's extra members.
    var extras: [String]

    func name(_ role: ScriptLine.Role) -> String {
        switch role {
        case .me: me
        case .other: other
        case .extra(let i): extras.indices.contains(i) ? extras[i] : other
        }
    }

    /// The brief's cast, or (when it is empty) two characters from the seeded name lists.
    static func resolve(_ brief: ConversationBrief, script: ChatScript, random: inout SeededRandom) -> ChatCast {
        if !brief.cast.isEmpty {
            let me = brief.cast.first(where: \.isMe) ?? brief.cast[0]
            let rest = brief.cast.filter { $0.name != me.name }
            let other = rest.first?.name ?? me.name
            return ChatCast(characters: brief.cast, me: me.name, other: other, extras: rest.dropFirst().map(\.name))
        }
        let meName = firstNames.randomElement(using: &random) ?? "Maya"
        let otherName = script.stranger ?? firstNames.filter { $0 != meName }.randomElement(using: &random) ?? "Leo"
        var colours = palette
        colours.shuffle(using: &random)
        var faces = avatars
        faces.shuffle(using: &random)
        let characters = [
            Conversation.Character(name: meName, colour: colours[0], side: "me", avatar: faces[0]),
            Conversation.Character(name: otherName, colour: colours[1], side: "other",
                                   avatar: script.stranger == nil ? faces[1] : "👤"),
        ]
        return ChatCast(characters: characters, me: meName, other: otherName, extras: [])
    }

    static let firstNames = [
        "Maya", "Jordan", "Priya", "Leo", "Sofia", "Kenji", "Amara", "Noah", "Zoe", "Mateo", "Aisha", "Ethan",
        "Chloe", "Omar", "Lucia", "Ben", "Nia", "Sam", "Hana", "Diego", "Ruby", "Theo", "Ines", "Kai",
        "Freya", "Tariq", "Elena", "Jonah", "Mei", "Oscar",
    ]

    /// Bright accents that stay apart from each other and read on light and dark themes.
    static let palette = [
        "#4F8EF7", "#34C759", "#FF9F0A", "#AF52DE", "#FF375F", "#30B0C7", "#E0B400", "#5E5CE6", "#FF6B6B", "#2EC4B6",
    ]

    static let avatars = ["😎", "🙂", "🦊", "🐼", "🌸", "⭐", "🎧", "🍕", "🐸", "🌈", "🐱", "🍀", "🌻", "🎮"]
}
