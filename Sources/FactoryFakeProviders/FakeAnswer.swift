import FactoryCore

/// The text a model writes for a request: the answer of the kind whose fake writer claims the
/// schema (`KindDescriptor.fakeAnswer`: a chat story, a recipe, a bedtime story), generic schema
/// filler for any other schema, with a content fault (badContent, wrongCount) worked in.
/// What the providers promise is the shape: an answer that follows the request's JSON schema
/// (Anthropic "Structured outputs", platform.claude.com/docs/en/build-with-claude/structured-outputs;
/// OpenAI "Structured Outputs", platform.openai.com/docs/guides/structured-outputs). The content a kind's writer puts in that shape (a story
/// that passes the kind's check) is our assumption of a model that does as asked, not a
/// documented promise; the content faults rehearse the models that do not.
public enum FakeAnswer {
    /// A structured-output answer for `schema`, given the request's messages (the last user
    /// message carries the brief).
    static func structured(schema: FakeJSON, messages: [FakeJSON], fault: FakeFault.Kind?, quotes: [String] = [],
                           kinds: [FakeAnswerWriter], random: inout SeededRandom) -> String {
        let seed = random.next()
        let text: String
        if !quotes.isEmpty, FakeQuote.isQuote(schema) {
            text = FakeQuote.answer(from: quotes, seed: seed)
        } else if let writer = kinds.first(where: { $0.claims(schema) }) {
            text = writer.write(FakeAnswerWriter.Request(schema: schema, prompt: lastUserText(messages), seed: seed,
                                                         miscount: fault == .wrongCount, fill: filler)).text
        } else {
            var instance = SchemaInstance(schema: schema, seed: seed)
            instance.offBounds = fault == .wrongCount
            text = instance.make().text
        }
        return fault == .badContent ? spoiled(text, &random) : text
    }

    /// Generic schema filler, for the properties a kind's writer does not write itself.
    public static let filler: FakeAnswerWriter.Filler = { schema, seed in
        var instance = SchemaInstance(schema: schema, seed: seed)
        return instance.make()
    }

    /// Any other answer (plain text, a JSON object): only badContent changes it.
    static func unstructured(_ text: String, fault: FakeFault.Kind?, random: inout SeededRandom) -> String {
        fault == .badContent ? spoiled(text, &random) : text
    }

    /// What a model does when it ignores the format: a chatty preamble, then the answer cut off
    /// part-way (a JSON object is never closed, so no `{…}` in it parses).
    static func spoiled(_ text: String, _ random: inout SeededRandom) -> String {
        let preambles = ["Sure! Here is your story:\n", "Of course! Here's the conversation you asked for 😊\n\n```json\n",
                         "Absolutely, I'd love to help with that.\n\n"]
        let kept = max(12, text.count * 2 / 5)
        return WordBank.pick(preambles, &random) + String(text.prefix(min(kept, max(1, text.count - 1))))
    }

    /// The text of the last user message: a string, or its text blocks joined.
    static func lastUserText(_ messages: [FakeJSON]) -> String {
        guard let content = messages.last(where: { $0["role"]?.string == "user" })?["content"] else { return "" }
        if let text = content.string { return text }
        return content.array?.compactMap { $0["text"]?.string }.joined(separator: "\n") ?? ""
    }
}
