import FactorySystem
import FactoryCore
import Foundation
import Yams

extension Conversation.Character {
    /// The colours and avatars characters get when nobody names theirs, in cast order.
    public static let colours = ["#34C759", "#007AFF", "#FF9500", "#AF52DE", "#FF2D55", "#5AC8FA"]
    public static let avatars = ["🙂", "😎", "🦊", "🐱", "🌸", "⚡️"]
}

/// A conversation file next to the manifest: YAML or JSON with `messages` (each `from` or
/// `sender`, `text`, optional `pause`, `reaction`), optional `title` and `characters`.
package enum ConversationFile {
    package struct Parsed {
        package var title: String?
        package var characters: [Conversation.Character]
        package var messages: [Conversation.Message]
    }

    package static func load(path: String, item: String) throws -> Parsed {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw FactoryError(.missingFile, "item \(item): conversation file \(path) cannot be read; check the `conversation:` path")
        }
        do throws(AliasBudget.Exceeded) { try AliasBudget.check(text) } catch {
            throw FactoryError(.manifest, "item \(item): conversation file \(path):\(error.line):\(error.column): \(error.message)")
        }
        let node: Any?
        do { node = try Yams.load(yaml: text) } catch {
            throw FactoryError(.manifest, "item \(item): conversation file \(path) is not valid YAML or JSON: \(error)")
        }
        guard let root = node as? [String: Any], let list = root["messages"] as? [[String: Any]] else {
            throw FactoryError(.manifest, "item \(item): conversation file \(path) needs a `messages:` list of {from, text}")
        }
        var messages: [Conversation.Message] = []
        for (i, m) in list.enumerated() {
            guard let from = (m["from"] ?? m["sender"]) as? String, let text = m["text"].map({ "\($0)" }) else {
                throw FactoryError(.manifest, "item \(item): \(path): messages[\(i)] needs `from:` and `text:`")
            }
            messages.append(.init(sender: from, text: text, pause: (m["pause"] as? Double) ?? (m["pause"] as? Int).map(Double.init),
                                  reaction: m["reaction"] as? String))
        }
        var characters: [Conversation.Character] = []
        for (i, c) in ((root["characters"] as? [[String: Any]]) ?? []).enumerated() {
            guard let name = c["name"] as? String else {
                throw FactoryError(.manifest, "item \(item): \(path): characters[\(i)] needs a `name:`")
            }
            characters.append(.init(name: name, colour: (c["colour"] ?? c["color"]) as? String ?? Conversation.Character.colours[i % 6],
                                    side: c["side"] as? String ?? "other", avatar: c["avatar"] as? String ?? Conversation.Character.avatars[i % 6]))
        }
        return Parsed(title: root["title"] as? String, characters: characters, messages: messages)
    }
}
