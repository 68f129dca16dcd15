import FactoryCore

/// Reading the brief out of the prompt and schema: how many messages, and who talks.
extension FakeConversation {
    static let names = ["Maya", "Leo", "Priya", "Sam", "Jonas", "Ava", "Theo", "Noor", "Kai", "Zoe"]
    static let colours = ["#0A84FF", "#34C759", "#FF9F0A", "#BF5AF2", "#FF375F", "#5AC8FA"]
    static let avatars = ["🦊", "🐼", "🌸", "🎧", "🍕", "🌙", "🐙", "🌵"]

    /// N from "Exactly N messages", if the prompt says so.
    static func requestedCount(_ prompt: String) -> Int? {
        guard let match = prompt.firstMatch(of: /[Ee]xactly (\d+) messages/) else { return nil }
        return Int(match.1)
    }

    /// The cast from lines such as "- Mia: side me, colour #FF2D55, avatar 🦊; writes like this: …".
    static func castLines(_ prompt: String, random: inout SeededRandom) -> [Person]? {
        var cast: [Person] = []
        for line in prompt.split(separator: "\n") where line.hasPrefix("- ") {
            guard let colon = line.range(of: ": side ") else { continue }
            let name = line[line.index(line.startIndex, offsetBy: 2)..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            let details = "side " + (line[colon.upperBound...].split(separator: ";", maxSplits: 1).first ?? "")
            var fields: [String: String] = [:]
            for part in details.components(separatedBy: ", ") {
                let pair = part.split(separator: " ", maxSplits: 1).map(String.init)
                if pair.count == 2 { fields[pair[0]] = pair[1].trimmingCharacters(in: .whitespaces) }
            }
            guard !name.isEmpty, let side = fields["side"] else { continue }
            cast.append(Person(name: name, colour: fields["colour"] ?? random.pick(colours), side: side,
                               avatar: fields["avatar"] ?? random.pick(avatars)))
        }
        return cast.isEmpty ? nil : cast
    }

    /// The cast from the schema's `enum` of names (sender, or a character's name): the first is "me".
    mutating func enumCast() -> [Person]? {
        let messageItem = schema["properties"]?["messages"]?["items"]
        let characterItem = schema["properties"]?["characters"]?["items"]
        let options = messageItem?["properties"]?["sender"]?["enum"]?.array ?? characterItem?["properties"]?["name"]?["enum"]?.array
        let names = options?.compactMap(\.string) ?? []
        guard !names.isEmpty else { return nil }
        var palette = Self.colours.shuffled(using: &random), faces = Self.avatars.shuffled(using: &random)
        return names.enumerated().map { index, name in
            Person(name: name, colour: palette.popLast() ?? "#8E8E93", side: index == 0 ? "me" : "other",
                   avatar: faces.popLast() ?? "🙂")
        }
    }

    /// Two invented characters: one "me" (the phone's owner), one "other".
    mutating func invented() -> [Person] {
        let names = Self.names.shuffled(using: &random), palette = Self.colours.shuffled(using: &random)
        let faces = Self.avatars.shuffled(using: &random)
        return [Person(name: names[0], colour: palette[0], side: "me", avatar: faces[0]),
                Person(name: names[1], colour: palette[1], side: "other", avatar: faces[1])]
    }
}
