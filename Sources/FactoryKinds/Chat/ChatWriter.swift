import FactoryCore
import Foundation
import Yams

/// Gets the conversation of a chat item: written by hand (in the manifest or a file next to it),
/// or by the text provider, validated, retried once with the problem stated, and on a second bad
/// answer failed with both raw answers kept in the week's `.quarantine/<item>/`.
struct ChatWriter {
    let item: Item
    let spec: ChatSpec
    let week: ISOWeek
    let provider: any TextProvider
    /// Where rejected answers are kept.
    let quarantine: URL

    /// Default looks for characters the manifest leaves plain.
    static let colours = Conversation.Character.colours
    static let avatars = Conversation.Character.avatars

    var seed: UInt64 { item.seed(.text, default: item.seed ?? Seed.from(item.id, week.description, "chat")) }

    /// The characters the manifest fixes (given or cast personalities), with their looks filled in.
    func cast() -> [Conversation.Character] {
        spec.characters.enumerated().map { i, c in
            Conversation.Character(name: c.name, colour: c.colour ?? Self.colours[i % Self.colours.count],
                                   side: c.side.rawValue, avatar: c.avatar ?? Self.avatars[i % Self.avatars.count])
        }
    }

    func brief() -> ConversationBrief {
        let range = spec.length.messageRange
        var random = SeededRandom(seed: seed)
        let count = range.lowerBound + Int(random.next() % UInt64(range.count))
        var personalities: [String: ChatPersonality] = [:]
        for c in spec.characters { if let p = c.personality { personalities[c.name] = .of(p) } }
        return ConversationBrief(prompt: spec.prompt, genre: spec.genre, mood: spec.mood, length: spec.length,
                                 messageCount: count, cast: cast(), personalities: personalities, seed: seed)
    }

    /// The conversation and the records of the calls that wrote it (none when written by hand).
    func conversation(context: CallContext) async throws -> (Conversation, [GenerationRecord], source: String) {
        if let written = try handWritten() { return (written.0, [], written.1) }
        let brief = brief()
        let writing = StructuredWriting(item: item.id, what: "chat-story", provider: provider, quarantine: quarantine, reasoning: item.reasoning)
        let (conversation, records) = try await writing.ask(
            context: context, request: { ChatPrompt.request(brief, problem: $0) },
            check: { ConversationCheck.validate($0, brief: brief) },
            fix: "change the prompt or length, or write `messages:` by hand")
        return (conversation, records, provider.name)
    }

    /// A conversation written in the manifest (`messages:`) or in the `conversation:` file.
    func handWritten() throws -> (Conversation, String)? {
        var characters = cast()
        var messages = spec.messages.map { Conversation.Message(sender: $0.from, text: $0.text, pause: $0.pause, reaction: $0.reaction) }
        var title = item.title ?? ""
        var source = "manifest"
        if let path = spec.conversation {
            let file = try ConversationFile.load(path: path, item: item.id)
            messages = file.messages
            if characters.isEmpty { characters = file.characters }
            if title.isEmpty { title = file.title ?? "" }
            source = "file \((path as NSString).lastPathComponent)"
        }
        guard !messages.isEmpty else { return nil }
        if characters.isEmpty { characters = Self.inferCast(messages) }
        if title.isEmpty { title = spec.prompt.isEmpty ? "A chat story" : spec.prompt }
        let conversation = Conversation(title: title, characters: characters, messages: messages)
        var problems = ConversationCheck.castProblems(characters)
        let names = Set(characters.map(\.name))
        for (i, m) in messages.enumerated() {
            if !names.contains(m.sender) { problems.append("messages[\(i)].from \"\(m.sender)\" is not a character (\(names.sorted().joined(separator: ", ")))") }
            if m.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("messages[\(i)].text is empty") }
        }
        guard problems.isEmpty else {
            throw FactoryError(.manifest, "item \(item.id): the hand-written conversation (\(source)) cannot be used: "
                               + problems.joined(separator: "; ") + "; fix the conversation and run again")
        }
        return (conversation, source)
    }

    /// Without `characters:`, a sender called "me" or "you" owns the phone; otherwise the story
    /// opens with an incoming text, so the second sender to speak is "me".
    static func inferCast(_ messages: [Conversation.Message]) -> [Conversation.Character] {
        var order: [String] = []
        for m in messages where !order.contains(m.sender) { order.append(m.sender) }
        let me = order.first { ["me", "you"].contains($0.lowercased()) } ?? (order.count > 1 ? order[1] : order.first)
        return order.enumerated().map { i, name in
            Conversation.Character(name: name, colour: colours[i % colours.count], side: name == me ? "me" : "other",
                                   avatar: avatars[i % avatars.count])
        }
    }
}
