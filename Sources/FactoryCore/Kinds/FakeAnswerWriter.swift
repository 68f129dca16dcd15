/// How the fake provider server answers a kind's structured text request the way a live model
/// does (an answer that passes the kind's own check), so rehearsals and tests
/// run the kind's whole path offline. Requests no kind claims get generic schema filler. The
/// providers' documents promise the schema's shape, not this content (see `FakeAnswer`).
public struct FakeAnswerWriter: Sendable {
    /// Fills a schema (or part of one) with plausible values, for properties the kind does not
    /// write itself; the fake server supplies it.
    public typealias Filler = @Sendable (_ schema: JSONValue, _ seed: UInt64) -> JSONValue

    /// What one answer is written from.
    public struct Request: Sendable {
        /// The JSON Schema the request asks the answer to follow.
        public let schema: JSONValue
        /// The last user message's text: the kind's prompt.
        public let prompt: String
        public let seed: UInt64
        /// The fake's wrongCount fault: a count the prompt asked for is missed.
        public let miscount: Bool
        public let fill: Filler

        public init(schema: JSONValue, prompt: String, seed: UInt64, miscount: Bool, fill: @escaping Filler) {
            self.schema = schema
            self.prompt = prompt
            self.seed = seed
            self.miscount = miscount
            self.fill = fill
        }

        /// The schema's properties that are not in `written`, filled generically (a kind's writer
        /// writes what it knows and leaves the rest of an unfamiliar schema to the filler).
        public func rest(besides written: Set<String>, seed: UInt64) -> [String: JSONValue] {
            var rest = schema.object ?? [:]
            rest["properties"] = .object((schema["properties"]?.object ?? [:]).filter { !written.contains($0.key) })
            rest["required"] = .array((schema["required"]?.array ?? []).filter { !written.contains($0.string ?? "") })
            return fill(.object(rest), seed).object ?? [:]
        }
    }

    /// Whether a request's schema asks for this kind's answer (by the properties it names).
    public let claims: @Sendable (JSONValue) -> Bool
    /// The answer, as the JSON object the schema asks for.
    public let write: @Sendable (Request) -> JSONValue

    public init(claims: @escaping @Sendable (JSONValue) -> Bool, write: @escaping @Sendable (Request) -> JSONValue) {
        self.claims = claims
        self.write = write
    }

    /// A writer that claims the schemas whose properties include each of `properties`.
    public init(claimingSchemasWith properties: [String], write: @escaping @Sendable (Request) -> JSONValue) {
        self.init(claims: { Self.schema($0, has: properties) }, write: write)
    }

    /// Whether `schema` declares each of `properties` (as a property schema object).
    public static func schema(_ schema: JSONValue, has properties: [String]) -> Bool {
        let declared = schema["properties"]
        return properties.allSatisfy { declared?[$0]?.object != nil }
    }
}
