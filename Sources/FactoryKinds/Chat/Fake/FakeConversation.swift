import FactoryCore

/// Writes a chat story for a schema with `characters` and `messages`, the way a model answers
/// `ChatPrompt`: the cast from the prompt's lines or the schema's name enums (else two invented
/// characters, one "me"), exactly the number of messages asked for, a hook first, mostly
/// alternating senders, a payoff last. Deterministic for a seed; passes `ConversationCheck`.
struct FakeConversation {
    /// One character as written into the answer.
    struct Person: Equatable {
        var name: String
        var colour: String
        var side: String
        var avatar: String
    }

    let request: FakeAnswerWriter.Request
    /// Seeded by the request: the same request, the same answer.
    var random: SeededRandom

    var schema: JSONValue { request.schema }
    var prompt: String { request.prompt }

    /// The answer; `messageCount` overrides the count the prompt asks for (default 8).
    mutating func make(messageCount: Int? = nil) -> JSONValue {
        let count = max(1, min(messageCount ?? Self.requestedCount(prompt) ?? 8, 200))
        let cast = Self.castLines(prompt, random: &random) ?? enumCast() ?? invented()
        let script = Self.script(for: prompt, random: &random)
        let texts = lines(script, count: count)
        let senders = senders(cast, count: count)
        let reactions = ["😂", "😱", "😮", "🔥", "👀"]
        var messages: [JSONValue] = []
        for (index, text) in texts.enumerated() {
            let beat = index == count - 2 && count >= 3 && random.next() % 2 == 0
            let reacted = index == count - 1 && random.next() % 2 == 0
            messages.append(["sender": .string(senders[index]), "text": .string(text),
                             "pause": beat ? 1.5 : nil,
                             "reaction": reacted ? .string(random.pick(reactions)) : nil])
        }
        var fields = otherFields()
        if schema["properties"]?["title"] != nil { fields["title"] = .string(script.title) }
        fields["characters"] = .array(cast.map { ["name": .string($0.name), "colour": .string($0.colour),
                                                  "side": .string($0.side), "avatar": .string($0.avatar)] })
        fields["messages"] = .array(messages)
        return .object(fields)
    }

    /// Hook, then the story's beats in order (with reactions in between when the story runs long), then the payoff.
    private mutating func lines(_ script: Script, count: Int) -> [String] {
        let hook = random.pick(script.hooks)
        guard count > 1 else { return [hook] }
        let slots = count - 2
        // A short story tells the first beats, then jumps to the payoff.
        var middle = Array(script.beats.prefix(slots))
        if slots > script.beats.count {
            var fillers = Self.fillers.shuffled(using: &random)
            while middle.count < slots {
                if fillers.isEmpty { fillers = Self.fillers.shuffled(using: &random) }
                let at = Int(random.next() % UInt64(middle.count + 1))
                middle.insert(fillers.removeLast(), at: at)
            }
        }
        return [hook] + middle + [random.pick(script.payoffs)]
    }

    /// An "other" opens with the hook and "me" answers; then mostly alternating, now and then a double text.
    private mutating func senders(_ cast: [Person], count: Int) -> [String] {
        let others = cast.filter { $0.side != "me" }
        guard let me = cast.first(where: { $0.side == "me" }), !others.isEmpty else {
            return (0..<count).map { cast[$0 % max(1, cast.count)].name }
        }
        var result: [String] = []
        var turn = 0
        for index in 0..<count {
            let previous = result.last ?? ""
            if index > 1, random.next() % 5 == 0 {
                result.append(previous)
            } else if index > 0, previous != me.name {
                result.append(me.name)
            } else {
                result.append(others[turn % others.count].name)
                turn += 1
            }
        }
        return result
    }

    /// Top-level properties besides title, characters and messages, filled generically.
    private mutating func otherFields() -> [String: JSONValue] {
        request.rest(besides: ["title", "characters", "messages"], seed: random.next())
    }
}

extension FakeConversation {
    /// The fake provider's answer to a chat story's text request (its descriptor's `fakeAnswer`); the
    /// wrongCount fault misses the count asked for.
    static let answer = FakeAnswerWriter(claimingSchemasWith: ["characters", "messages"]) { request in
        var writer = FakeConversation(request: request, random: SeededRandom(seed: request.seed))
        return writer.make(messageCount: request.miscount ? 2 : nil)
    }
}
