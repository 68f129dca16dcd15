import FactoryCore
import Foundation

/// The offline chat-story writer: picks a script for the genre (by prompt keyword, then seed),
/// casts it, cuts it to exactly the message count asked for, and gives each personality its voice.
/// The same brief always gives the same conversation. A script whose title or opening the series
/// published recently (`brief.recent`) is passed over; nil when the genre has none left.
enum OfflineChatWriter {
    static let model = "chat-scripts-v1"

    static func write(_ brief: ConversationBrief, library: ContentLibrary) -> (conversation: Conversation, script: ChatScript)? {
        for script in preference(brief, library: library) {
            let written = write(brief, script: script)
            if !brief.recent.repeats(written.title, as: .title), !brief.recent.repeats(written.premise, as: .premise) {
                return (written, script)
            }
        }
        return nil
    }

    static func write(_ brief: ConversationBrief, script: ChatScript) -> Conversation {
        var random = SeededRandom(seed: Seed.from(model, script.id, brief.mood.rawValue, String(brief.seed)))
        let cast = ChatCast.resolve(brief, script: script, random: &random)
        let room = brief.messageCount - script.hook.count - script.ending.count
        let chorus = ChatChorus.lines(genre: brief.genre, extras: cast.extras.map { brief.personalities[$0]?.id },
                                      perExtra: room >= 14 ? 2 : 1, random: &random)
        var lines = script.assemble(count: brief.messageCount, mood: brief.mood, chorus: chorus).lines
        giveEveryExtraALine(&lines, extras: cast.extras.count)
        var spoken: [String: Int] = [:]
        let messages = TimingNormaliser.normalise(lines, mood: brief.mood).map { line in
            let name = cast.name(line.role)
            let count = spoken[name, default: 0]
            spoken[name] = count + 1
            let voiced = ChatVoice.speak(line.text, as: brief.personalities[name]?.id, line: count)
            let text = voiced.replacingOccurrences(of: "{me}", with: cast.me).replacingOccurrences(of: "{other}", with: cast.other)
            return Conversation.Message(sender: name, text: text, pause: line.pause, reaction: line.reaction)
        }
        return Conversation(title: script.title, characters: cast.characters, messages: messages)
    }

    /// A script whose keyword is in the prompt, if any; otherwise any script of the genre, by seed.
    static func pick(_ brief: ConversationBrief) -> ChatScript {
        preference(brief, library: .standard)[0]
    }

    /// The genre's scripts in the order they are tried: those whose keyword is in the prompt
    /// first, each group rotated to start at the seed's pick.
    static func preference(_ brief: ConversationBrief, library: ContentLibrary) -> [ChatScript] {
        let all = ChatScripts.scripts(for: brief.genre, in: library)
        let words = Set(brief.prompt.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
        let matching = all.filter { !words.isDisjoint(with: $0.keywords) }
        let others = all.filter { words.isDisjoint(with: $0.keywords) }
        let spin = Seed.from(model, brief.genre.rawValue, String(brief.seed))
        func rotated(_ list: [ChatScript]) -> [ChatScript] {
            guard !list.isEmpty else { return [] }
            let start = Int(spin % UInt64(list.count))
            return Array(list[start...] + list[..<start])
        }
        return rotated(matching) + rotated(others)
    }

    /// When the story is too short for the chorus to reach everyone, an extra member takes over
    /// one of the main contact's middle texts (never the opener or the final word).
    static func giveEveryExtraALine(_ lines: inout [ScriptLine], extras: Int) {
        let silent = (0..<extras).filter { i in !lines.contains { $0.role == .extra(i) } }
        var candidates = lines.indices.dropFirst().dropLast().reversed().filter { lines[$0].role == .other }.makeIterator()
        for extra in silent {
            guard let index = candidates.next() else { return }
            lines[index].role = .extra(extra)
        }
    }
}
