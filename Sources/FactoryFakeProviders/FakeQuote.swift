import FactoryCore

/// A poster quote picked from a configured list (`--quote-list FILE`, scenario `quotes:`), to
/// rehearse a model that keeps coming back to the same few lines. The answer is the JSON object
/// the request's schema asks for, as structured outputs guarantee ("Structured outputs",
/// platform.claude.com/docs/en/build-with-claude/structured-outputs; OpenAI "Structured Outputs",
/// platform.openai.com/docs/guides/structured-outputs). Those pages promise the shape, not the
/// content: nothing binds a model to the prompt's "do not repeat" list, so the pick does not read
/// it (the worst case the factory must survive). A re-ask differs only by its request, whose hash
/// seeds the pick.
enum FakeQuote {
    /// Whether `schema` asks for a poster quote: object properties `quote` and `attribution`.
    static func isQuote(_ schema: FakeJSON) -> Bool { FakeAnswerWriter.schema(schema, has: ["quote", "attribution"]) }

    /// `{"attribution": …, "quote": …}` for one line of the list, picked by `seed`. A line
    /// "text — Author" has its attribution after the em dash; otherwise it is the brand's own line.
    static func answer(from quotes: [String], seed: UInt64) -> String {
        let line = quotes[Int(seed % UInt64(quotes.count))]
        let parts = line.components(separatedBy: " \u{2014} ")
        let text = parts.count > 1 ? parts.dropLast().joined(separator: " \u{2014} ") : line
        let author = parts.count > 1 ? parts.last ?? "" : ""
        return String(decoding: FakeJSON.object(["quote": .string(text), "attribution": .string(author)]).encoded(), as: UTF8.self)
    }
}
