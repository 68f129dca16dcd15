import Foundation

/// A request for one short poster quote.
public struct QuoteRequest: Sendable, Equatable {
    public var series: Series
    public var theme: String
    public var week: ISOWeek
    public var seed: UInt64
    /// Effort and thinking for the live model (a quote needs little: low, no thinking).
    public var reasoning: Reasoning
    /// Quotes the series published recently (and answers refused in this run): the prompt lists
    /// them; the offline library skips them.
    public var recent: RecentWork
    /// Why the previous answer was refused, for a re-ask (nil: the first ask).
    public var problem: String?
    public init(series: Series, theme: String, week: ISOWeek, seed: UInt64, reasoning: Reasoning = Reasoning(effort: .low),
                recent: RecentWork = RecentWork(), problem: String? = nil) {
        self.recent = recent
        self.problem = problem
        self.series = series
        self.theme = theme
        self.week = week
        self.seed = seed
        self.reasoning = reasoning
    }
}

/// A quote and who said it ("" when it is the brand's own line).
public struct GeneratedQuote: Sendable, Equatable {
    public var text: String
    public var attribution: String
    public var record: GenerationRecord
    /// The paid request's cache key, so a refused quote can leave the cache (nil: offline).
    public var key: String?
    public init(text: String, attribution: String, record: GenerationRecord, key: String? = nil) {
        self.key = key
        self.text = text
        self.attribution = attribution
        self.record = record
    }
}

/// A request for structured text (a conversation, a recipe, a story): the prompts and JSON schema
/// a live model is sent, and the typed brief the offline writer works from. Both answer with JSON
/// text in the schema's shape, and the caller validates it the same way.
public struct TextRequest: Sendable {
    /// What is being written, with the typed brief.
    public enum Purpose: Sendable {
        case conversation(ConversationBrief)
        case recipe(RecipeBrief)
        case story(StoryBrief)
    }

    public var purpose: Purpose
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

    public init(purpose: Purpose, system: String, user: String, schemaName: String, schema: Data, seed: UInt64,
                expectedOutputTokens: Int, maxOutputTokens: Int, reasoning: Reasoning = Reasoning(effort: .medium)) {
        self.reasoning = reasoning
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

/// Writes text: poster quotes, and structured JSON for the other kinds.
public protocol TextProvider: Sendable {
    /// True for a provider that bills its calls (the live ones); plans skip building requests for the others.
    var isPaid: Bool { get }
    var name: String { get }
    func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote
    func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText
    /// The paid call `quote` would make, built without sending it (nil: free, like the offline writer).
    func plannedCall(quote request: QuoteRequest) throws -> PaidCall?
    /// The paid call `write` would make, built without sending it (nil: free).
    func plannedCall(write request: TextRequest) throws -> PaidCall?
}

extension TextProvider {
    public func plannedCall(quote request: QuoteRequest) throws -> PaidCall? { nil }
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
    public init(text: any TextProvider, image: any ImageProvider, speech: (any SpeechProvider)? = nil, description: [String] = []) {
        self.text = text
        self.image = image
        self.speech = speech
        self.description = description
    }
}
