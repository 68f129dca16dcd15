import FactoryCore

/// A script cut to length: the lines in order, and how many stand-in lines had to be added
/// because the script ran out of beats (zero for every script in the library; a test keeps it so).
struct AssembledScript: Sendable, Equatable {
    var lines: [ScriptLine]
    var padded: Int
}

extension ChatScript {
    /// The story told in exactly `count` messages: the hook, the best-ranked middle beats that
    /// fill the room exactly (kept in story order), the group-thread `chorus` spread between
    /// beats, and the ending.
    func assemble(count: Int, mood: Mood, chorus: [ScriptLine]) -> AssembledScript {
        guard count > hook.count + ending.count else {
            // Too short for the whole frame: keep the twist, then as much of the hook as fits.
            let fromEnd = min(ending.count, max(count - hook.count, count / 2))
            return AssembledScript(lines: Array(hook.prefix(count - fromEnd)) + ending.suffix(fromEnd), padded: 0)
        }
        let room = count - hook.count - ending.count
        let chorus = Array(chorus.prefix(room))
        let beats = middleBeats(mood: mood)
        let chosen = Self.choose(sizes: beats.map(\.lines.count), ranks: beats.map(\.rank), target: room - chorus.count)
        var groups = chosen.map { beats[$0].lines }
        let filled = groups.reduce(0) { $0 + $1.count }
        let padded = room - chorus.count - filled
        // Group members chime in between beats, spread evenly through the middle.
        for (k, line) in chorus.enumerated().reversed() {
            let at = (k + 1) * groups.count / (chorus.count + 1)
            groups.insert([line], at: at)
        }
        let padding = Self.padding(padded, mood: mood)
        return AssembledScript(lines: hook + groups.flatMap { $0 } + padding + ending, padded: padded)
    }

    /// Indices (in story order) of beats whose sizes sum to `target`, or to the largest reachable
    /// sum below it: beats are taken by rank, then position, whenever taking one still leaves the
    /// rest able to fill the remaining room exactly.
    static func choose(sizes: [Int], ranks: [Int], target: Int) -> [Int] {
        let order = sizes.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        // reachable[i]: every total the beats order[i...] can make.
        var reachable = Array(repeating: Set([0]), count: order.count + 1)
        for i in order.indices.reversed() {
            reachable[i] = reachable[i + 1].union(reachable[i + 1].map { $0 + sizes[order[i]] })
        }
        var remaining = reachable[0].filter { $0 <= target }.max() ?? 0
        var taken: [Int] = []
        for (i, beat) in order.enumerated() where sizes[beat] <= remaining && reachable[i + 1].contains(remaining - sizes[beat]) {
            taken.append(beat)
            remaining -= sizes[beat]
        }
        return taken.sorted()
    }

    /// Stand-in reactions, alternating sides, for a script that has run out of beats.
    static func padding(_ count: Int, mood: Mood) -> [ScriptLine] {
        let pool = ChatChorus.padding(mood)
        return (0..<max(count, 0)).map { i in
            ScriptLine(role: i % 2 == 0 ? .me : .other, text: pool[i % pool.count])
        }
    }
}
