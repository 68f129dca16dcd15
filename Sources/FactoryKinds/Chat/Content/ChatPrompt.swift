import FactoryCore
import Foundation

/// The writer's instructions and JSON schema for a chat story.
public enum ChatPrompt {
    /// Longest message the renderer is asked to show (a phone thread, not an essay).
    public static let maxMessageCharacters = 220

    public static let system = """
        You write short fictional text-message conversations for vertical-video chat stories. \
        Reply only with the JSON asked for. Every message is one text as it would be typed on a phone: \
        natural texting, short lines, the occasional emoji, abbreviation or typo where it fits the character, \
        no narration, no stage directions, no names inside the text. \
        Structure: the first two messages are a hook that makes a viewer stop scrolling; the middle escalates; \
        the last messages land a twist or a payoff that pays the hook off. \
        Keep every message under \(maxMessageCharacters) characters. Keep it suitable for a general audience \
        (horror is eerie, not gory). Use `pause` (seconds, 0.5–3) only for a dramatic beat before the next \
        message, and `reaction` (one emoji) only where a character would react to that message; otherwise null.
        """

    public static func user(_ brief: ConversationBrief) -> String {
        var lines = [
            "Write a \(brief.mood.rawValue) \(brief.genre.rawValue) chat story about: \(brief.prompt.isEmpty ? "a surprising text exchange" : brief.prompt)",
            "Exactly \(brief.messageCount) messages (\(brief.length.rawValue) story).",
        ]
        if brief.cast.isEmpty {
            lines.append("Invent two characters: one with side \"me\" (the phone's owner) and one with side \"other\"; "
                         + "give each a first name, a colour as #RRGGBB and one emoji as avatar.")
        } else {
            lines.append("Characters (use exactly these names, sides, colours and avatars):")
            for c in brief.cast {
                var line = "- \(c.name): side \(c.side), colour \(c.colour), avatar \(c.avatar)"
                if let p = brief.personalities[c.name] { line += "; writes like this: \(p.voice)" }
                lines.append(line)
            }
            lines.append("Every character speaks at least once.")
        }
        lines.append("Variation \(brief.seed % 10_000).")
        if !brief.recent.isEmpty { lines.append(brief.recent.promptSection) }
        return lines.joined(separator: "\n")
    }

    /// The same request again, told what was wrong with the previous answer.
    public static func retry(_ brief: ConversationBrief, problem: String) -> String {
        user(brief) + "\n\nYour previous answer was rejected: \(problem). Write the whole conversation again and fix that."
    }

    /// JSON Schema of `Conversation` in the subset both structured-output APIs accept (every object
    /// closed, every property required, optional values as null). Counts are asked for in words and
    /// checked afterwards: array length limits are not accepted everywhere.
    public static func schema(_ brief: ConversationBrief) -> [String: Any] {
        var sender: [String: Any] = ["type": "string", "description": "the name of the character who sends this message"]
        if !brief.cast.isEmpty { sender["enum"] = brief.cast.map(\.name) }
        var character: [String: Any] = [
            "type": "object",
            "properties": [
                "name": ["type": "string", "description": "first name"],
                "colour": ["type": "string", "description": "#RRGGBB"],
                "side": ["type": "string", "enum": ["me", "other"]],
                "avatar": ["type": "string", "description": "one emoji"],
            ],
            "required": ["name", "colour", "side", "avatar"],
            "additionalProperties": false,
        ]
        if !brief.cast.isEmpty {
            var props = character["properties"] as! [String: Any]
            props["name"] = ["type": "string", "enum": brief.cast.map(\.name)]
            character["properties"] = props
        }
        return [
            "type": "object",
            "properties": [
                "title": ["type": "string", "description": "a hooky title of at most 8 words"],
                "characters": ["type": "array", "items": character, "description": "everyone who sends a message"],
                "messages": [
                    "type": "array",
                    "description": "exactly \(brief.messageCount) messages in order",
                    "items": [
                        "type": "object",
                        "properties": [
                            "sender": sender,
                            "text": ["type": "string"],
                            "pause": ["type": ["number", "null"], "description": "seconds of silence after this message, or null"],
                            "reaction": ["type": ["string", "null"], "description": "one emoji reaction to this message, or null"],
                        ],
                        "required": ["sender", "text", "pause", "reaction"],
                        "additionalProperties": false,
                    ] as [String: Any],
                ] as [String: Any],
            ],
            "required": ["title", "characters", "messages"],
            "additionalProperties": false,
        ]
    }

    /// The full request: first attempt, or a retry stating the problem.
    public static func request(_ brief: ConversationBrief, problem: String? = nil) -> TextRequest {
        let schema = CanonicalJSON.data(schema(brief))
        // About 30 output tokens a message plus the cast; the cap leaves room for a model's preamble.
        let expected = 120 + brief.messageCount * 30
        return TextRequest(purpose: TextPurpose(kind: .chatStory, brief: brief), system: system,
                           user: problem.map { retry(brief, problem: $0) } ?? user(brief),
                           schemaName: "chat_story", schema: schema, seed: brief.seed,
                           expectedOutputTokens: expected, maxOutputTokens: max(1500, expected * 3))
    }
}
