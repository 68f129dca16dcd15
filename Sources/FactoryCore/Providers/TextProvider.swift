import Foundation

/// What a kind's text request is for: the kind, and its typed brief (a quote's series and theme, a
/// story's hero and setting…), which the offline writers and the fakes work from. Core never looks
/// inside the brief: each kind defines its own in its folder under `Sources/FactoryKinds/`.
public protocol TextBrief: Sendable {}

public struct TextPurpose: Sendable {
    public var kind: Kind
    public var brief: any TextBrief
    public init(kind: Kind, brief: any TextBrief) {
        self.kind = kind
        self.brief = brief
    }
}

/// A request for structured text (a quote, a conversation, a recipe, a story): the prompts and
/// JSON schema a live model is sent, and the kind's typed brief the offline writer works from.
/// Both answer with JSON text in the schema's shape, and the kind validates it the same way.
public struct TextRequest: Sendable {
    /// What is being written, with the typed brief.
    public var purpose: TextPurpose
    public var system: String
    public var user: String
    /// `a-zA-Z0-9_-`, at most 64 characters (OpenAI's json_schema name).
    public var schemaName: String
    /// The JSON Schema, as JSON.
    public var schema: Data
    public var seed: UInt64
    /// Expected and maximum output tokens (the estimate reserves the maximum).
    public var expectedOutputTokens: Int
    public var maxOutputTokens: Int
    /// Effort and thinking for the live model; thinking gets its own budget on top of `maxOutputTokens`.
    public var reasoning: Reasoning
    /// The kind's first reading of the answer, run inside the paid call (nil: none): an answer it
    /// refuses is not cached and is asked once more there, before the kind's own checks see it.
    public var check: (@Sendable (String) throws -> Void)?

    public init(purpose: TextPurpose, system: String, user: String, schemaName: String, schema: Data, seed: UInt64,
                expectedOutputTokens: Int, maxOutputTokens: Int, reasoning: Reasoning = Reasoning(effort: .medium),
                check: (@Sendable (String) throws -> Void)? = nil) {
        self.reasoning = reasoning
        self.check = check
        self.purpose = purpose
        self.system = system
        self.user = user
        self.schemaName = schemaName
        self.schema = schema
        self.seed = seed
        self.expectedOutputTokens = expectedOutputTokens
        self.maxOutputTokens = maxOutputTokens
    }

    /// The same request with the item's effort and thinking.
    public func with(_ reasoning: Reasoning) -> TextRequest {
        var copy = self
        copy.reasoning = reasoning
        return copy
    }

    /// The schema as a JSON object, for request bodies.
    /// The schema as it goes into a request body, without parsing it again.
    public var rawSchema: CanonicalJSON.Raw { CanonicalJSON.Raw(schema) }

    public var schemaObject: [String: Any] {
        (try? JSONSerialization.jsonObject(with: schema)) as? [String: Any] ?? [:]
    }
}

/// JSON text written for a `TextRequest`, not yet validated, and what it cost.
public struct WrittenText: Sendable, Equatable {
    public var text: String
    public var record: GenerationRecord
    /// The paid request's cache key, so a rejected answer can leave the cache (nil: offline).
    public var key: String?
    public init(text: String, record: GenerationRecord, key: String? = nil) {
        self.text = text
        self.record = record
        self.key = key
    }
}

/// Writes structured JSON text for every kind.
public protocol TextProvider: Sendable {
    /// True for a provider that bills its calls (the live ones); plans skip building requests for the others.
    var isPaid: Bool { get }
    var name: String { get }
    func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText
    /// The paid call `write` would make, built without sending it (nil: free).
    func plannedCall(write request: TextRequest) throws -> PaidCall?
}

extension TextProvider {
    public var isPaid: Bool { false }
    public func plannedCall(write request: TextRequest) throws -> PaidCall? { nil }
}

/// The providers a run uses, one per role.
public struct ProviderSet: Sendable {
    public var text: any TextProvider
    public var image: any ImageProvider
    /// Narration; nil until a kind that speaks is planned with a speech provider.
    public var speech: (any SpeechProvider)?
    /// One line per role saying which provider is used and whether it is live.
    public var description: [String]
    /// Called once every item of a run has fetched, so nothing more will be asked: lets go of what
    /// a provider keeps warm for the run (the offline voice's worker, 160–360 MB, idle otherwise
    /// for the rest of the week's renders).
    public var fetchesDone: (@Sendable () -> Void)?
    /// True when every fetch is local work on this machine's cores (all offline): renders then
    /// start once every item has fetched, so the offline voice (300-360 MB as it speaks) and the
    /// renders (150-190 MB each) never hold memory at once. The cores do the same work in either
    /// order. With a live provider a render starts as soon as its own item has fetched, since
    /// fetches then mostly wait on the network.
    public var fetchesFirst: Bool
    public init(text: any TextProvider, image: any ImageProvider, speech: (any SpeechProvider)? = nil, description: [String] = [],
                fetchesDone: (@Sendable () -> Void)? = nil, fetchesFirst: Bool = false) {
        self.text = text
        self.image = image
        self.speech = speech
        self.description = description
        self.fetchesDone = fetchesDone
        self.fetchesFirst = fetchesFirst
    }
}
