import FactoryCore

/// Keeps the dramatic timing sparse: one or two pauses and one or two reactions per story,
/// the latest ones the script marked (they sit on the twist); a story that kept none gets a
/// pause before its last message and the mood's reaction on it.
enum TimingNormaliser {
    static func normalise(_ lines: [ScriptLine], mood: Mood) -> [ScriptLine] {
        guard !lines.isEmpty else { return lines }
        var out = lines
        let pauses = out.indices.filter { out[$0].pause != nil }
        for index in pauses.dropLast(2) { out[index].pause = nil }
        if pauses.isEmpty, out.count >= 2 { out[out.count - 2].pause = 1.5 }
        let reactions = out.indices.filter { out[$0].reaction != nil }
        for index in reactions.dropLast(2) { out[index].reaction = nil }
        if reactions.isEmpty { out[out.count - 1].reaction = reaction(mood) }
        return out
    }

    static func reaction(_ mood: Mood) -> String {
        switch mood {
        case .funny: "😂"
        case .dramatic: "😳"
        case .scary: "😱"
        case .romantic: "❤️"
        }
    }
}
