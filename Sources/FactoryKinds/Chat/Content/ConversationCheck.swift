import FactoryCore
import Foundation

/// Reads a writer's answer and decides whether it is a chat story we can render: the JSON shape,
/// the cast, the message count, every text, and the story arc. Each problem is said in words the
/// writer can act on (it is sent back with the one retry).
public enum ConversationCheck {
    /// The answer as a conversation, or every problem found.
    public static func validate(_ text: String, brief: ConversationBrief) -> Result<Conversation, Problems> {
        guard let data = jsonObjectText(text).data(using: .utf8),
              var conversation = try? JSONDecoder().decode(Conversation.self, from: data) else {
            return .failure(Problems(["the answer is not the JSON object asked for (title, characters, messages)"]))
        }
        var problems: [String] = []
        // The manifest's cast is authoritative: its colours and avatars win over the writer's.
        if !brief.cast.isEmpty {
            let written = Set(conversation.characters.map(\.name))
            let missing = brief.cast.map(\.name).filter { name in
                !written.contains(name) && !conversation.messages.contains { $0.sender == name }
            }
            if !missing.isEmpty { problems.append("the characters \(missing.joined(separator: ", ")) never appear") }
            conversation.characters = brief.cast
        }
        problems += castProblems(conversation.characters)
        let names = Set(conversation.characters.map(\.name))
        let range = brief.length.messageRange
        let count = conversation.messages.count
        if !range.contains(count) {
            problems.append("there are \(count) messages; a \(brief.length.rawValue) story has \(range.lowerBound)–\(range.upperBound) (\(brief.messageCount) were asked for)")
        }
        for (index, message) in conversation.messages.enumerated() {
            let n = index + 1
            if !names.contains(message.sender) {
                problems.append("message \(n) is from \"\(message.sender)\", who is not a character (\(names.sorted().joined(separator: ", ")))")
            }
            let trimmed = message.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { problems.append("message \(n) has no text") }
            if trimmed.count > ChatPrompt.maxMessageCharacters {
                problems.append("message \(n) has \(trimmed.count) characters; keep each under \(ChatPrompt.maxMessageCharacters)")
            }
            if let pause = message.pause, !(0...5).contains(pause) {
                problems.append("message \(n) has a pause of \(pause) s; use 0–5 or null")
            }
            if let reaction = message.reaction, reaction.count > 2 || (!reaction.isEmpty && !isEmoji(reaction)) {
                problems.append("message \(n) has the reaction \"\(reaction)\"; use one emoji or null")
            }
        }
        let sides = Set(conversation.messages.compactMap { conversation.character(named: $0.sender)?.isMe })
        if count > 0, sides.count < 2 {
            problems.append("only one side of the chat speaks; both \"me\" and the other side must send messages")
        }
        if count >= 3 {
            let texts = conversation.messages.map(\.text)
            if texts.prefix(2).allSatisfy(isSmallTalk) {
                problems.append("the first two messages are small talk (\(texts.prefix(2).map { "\"\($0)\"" }.joined(separator: ", "))); open with a hook")
            }
            if texts.suffix(2).allSatisfy(isSmallTalk) {
                problems.append("the story ends on small talk (\(texts.suffix(2).map { "\"\($0)\"" }.joined(separator: ", "))); end on the twist or payoff")
            }
        }
        if problems.isEmpty {
            conversation.title = conversation.title.trimmingCharacters(in: .whitespacesAndNewlines)
            if conversation.title.isEmpty { conversation.title = brief.prompt.isEmpty ? "A chat story" : brief.prompt }
            conversation.messages = conversation.messages.map {
                var m = $0
                m.text = m.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if m.reaction?.isEmpty == true { m.reaction = nil }
                return m
            }
            return .success(conversation)
        }
        return .failure(Problems(problems))
    }

    /// Problems of a cast (also used for hand-written conversations).
    public static func castProblems(_ characters: [Conversation.Character]) -> [String] {
        var problems: [String] = []
        if characters.count < 2 { problems.append("a chat story needs at least 2 characters, not \(characters.count)") }
        if characters.count > 6 { problems.append("\(characters.count) characters are too many for one thread; use 2–6") }
        var seen = Set<String>()
        for c in characters {
            let name = c.name.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { problems.append("a character has no name") }
            if !seen.insert(name).inserted { problems.append("two characters are both called \"\(name)\"") }
            if !isHexColour(c.colour) { problems.append("\(name)'s colour \"\(c.colour)\" is not #RRGGBB") }
            if !["me", "other"].contains(c.side) { problems.append("\(name)'s side \"\(c.side)\" is not me or other") }
        }
        if !characters.isEmpty, characters.filter(\.isMe).count != 1 {
            problems.append("exactly one character must have side \"me\" (the phone's owner); found \(characters.filter(\.isMe).count)")
        }
        return problems
    }

    /// Everything wrong with an answer (the checks of every kind share the type).
    public typealias Problems = AnswerProblems

    /// Models sometimes wrap JSON in a code fence or a sentence: take the outermost object.
    package static func jsonObjectText(_ text: String) -> String {
        guard let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}"), open < close else { return text }
        return String(text[open...close])
    }

    static func isHexColour(_ s: String) -> Bool {
        s.count == 7 && s.hasPrefix("#") && s.dropFirst().allSatisfy(\.isHexDigit)
    }

    static func isEmoji(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0xFF) }
    }

    /// Greetings and sign-offs that carry no story: short, no question, no exclamation, no emoji.
    static func isSmallTalk(_ text: String) -> Bool {
        let t = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if t.contains("?") || t.contains("!") || t.contains("…") || t.contains("...") || isEmoji(t) { return false }
        let words = t.split { !$0.isLetter && !$0.isNumber && $0 != "'" }.map(String.init)
        let bland: Set<String> = ["hi", "hey", "hello", "yo", "sup", "ok", "okay", "k", "kk", "bye", "cya", "night", "gn", "lol",
                                  "haha", "thanks", "thx", "ty", "cool", "nice", "sure", "yeah", "yes", "no", "fine", "good",
                                  "morning", "ttyl", "later", "see", "you", "u", "how", "are", "r", "what's", "whats", "up",
                                  "there", "hiya", "np", "alright", "great", "mm", "hmm", "same", "wbu", "and", "doing", "goodnight"]
        return words.count <= 4 && words.allSatisfy { bland.contains($0) }
    }
}
