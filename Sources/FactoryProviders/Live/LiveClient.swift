import FactoryCore
import Foundation

/// What every live client shares: the transport, where the provider is, its key and its prices.
public struct LiveClient: Sendable {
    public var provider: String
    public var transport: HTTPTransport
    public var endpoint: ProviderEndpoint
    public var key: String
    public var prices: PriceTable

    public init(provider: String, transport: HTTPTransport, endpoint: ProviderEndpoint, key: String, prices: PriceTable) {
        self.provider = provider
        self.transport = transport
        self.endpoint = endpoint
        self.key = key
        self.prices = prices
    }

    /// Runs a call through the gateway when the run has one (always, in `factory run`); without
    /// one (a client test) it makes the single attempt directly.
    func perform(_ call: PaidCall, context: CallContext, send: @escaping @Sendable () async throws -> ProviderAnswer,
                 finish: @escaping @Sendable (ProviderAnswer) async throws -> Data) async throws -> PaidResult {
        if let gateway = context.gateway {
            return try await gateway.perform(call, context: context, priority: context.priority, send: send, finish: finish)
        }
        let answer = try await send()
        return PaidResult(payload: try await finish(answer), costUSD: answer.costUSD, units: answer.units,
                          requestId: answer.requestId, cached: false)
    }

    /// The model's price row; an unknown or retired model fails here, before anything is spent.
    func price(_ model: String) throws -> ModelPrice {
        try prices.check(provider: provider, model: model, on: Self.today())
    }

    /// Today as YYYY-MM-DD in the local timezone (from calendar fields: a DateFormatter per call
    /// was an eighth of a 10,000-item estimate).
    static func today() -> String {
        let day = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        let (y, m, d) = (day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }

    /// Turns an error reply into a classified failure, reading the provider's error shape.
    func failure(_ reply: HTTPTransport.Reply) -> ProviderFailure {
        let object = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]
        var code: String?, type: String?, message: String?
        if let error = object?["error"] as? [String: Any] {
            // OpenAI {"error":{message,type,code}} and Anthropic {"type":"error","error":{type,message}}
            code = error["code"] as? String
            type = error["type"] as? String
            message = error["message"] as? String
        } else if let errors = object?["errors"] as? [[String: Any]], let first = errors.first {
            // Runware {"errors":[{code,message,parameter,taskUUID}]}
            code = first["code"] as? String
            message = [first["message"] as? String, (first["parameter"] as? String).map { "(parameter \($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        } else if let text = object?["error"] as? String {
            message = text
        }
        let hasRetryAfter = reply.headers["retry-after"] != nil || reply.headers["retry-after-ms"] != nil
        let kind = StatusClass.kind(status: reply.status, code: code, type: type, hasRetryAfter: hasRetryAfter, provider: provider)
        return ProviderFailure(kind, provider: provider, status: reply.status, code: code ?? type,
                               message: message ?? (reply.body.isEmpty ? "empty answer" : reply.bodyText),
                               requestId: reply.requestId ?? object?["request_id"] as? String, retryAfter: reply.retryAfter)
    }

    static func json(_ object: Any) -> Data { CanonicalJSON.data(object) }

    /// The generation record of a structured-text call.
    static func record(_ result: PaidResult, request: TextRequest, provider: String, model: String, stage: String,
                       parameters: [String: String]) -> GenerationRecord {
        GenerationRecord(stage: stage, provider: provider, model: model,
                         parameters: parameters.merging(["cache": result.cached ? "hit" : "miss", "schema": request.schemaName]) { $1 },
                         seed: request.seed, requestId: result.requestId,
                         promptHash: Digest.sha256(request.system + request.user), units: result.units, costUSD: result.costUSD)
    }

    /// Rough token count for estimates (about 4 characters per token for English).
    static func tokens(_ text: String) -> Int { max(1, (text.utf8.count + 3) / 4) }
}

/// The JSON-schema'd quote all text providers are asked for.
enum QuotePrompt {
    /// A 20-word quote and its attribution as JSON.
    static let expectedOutputTokens = 60

    static var schema: [String: Any] { [
        "type": "object",
        "properties": [
            "quote": ["type": "string", "description": "the quote, at most 20 words"],
            "attribution": ["type": "string", "description": "who said it, or empty for an original line"],
        ],
        "required": ["quote", "attribution"],
        "additionalProperties": false,
    ] }

    static let system = """
        You write the quote for a social-media poster series. Reply only with the JSON asked for. \
        The quote is at most 20 words, warm and concrete, no hashtags, no emoji unless asked, no surrounding quotation marks. \
        Use a real, correctly attributed quote or write an original line and leave the attribution empty.
        """

    static func user(_ request: QuoteRequest) -> String {
        "Series: \(request.series.title). Theme for this week (\(request.week)): \(request.theme). Variation \(request.seed % 1000)."
    }

    /// The quote and its generation record from a finished call.
    static func quote(_ result: PaidResult, request: QuoteRequest, provider: String, model: String, stage: String,
                      parameters: [String: String]) throws -> GeneratedQuote {
        let parsed = try parse(String(decoding: result.payload, as: UTF8.self), provider: provider)
        return GeneratedQuote(text: parsed.quote, attribution: parsed.attribution,
                              record: GenerationRecord(stage: stage, provider: provider, model: model,
                                                       parameters: parameters.merging(["cache": result.cached ? "hit" : "miss"]) { $1 },
                                                       seed: request.seed, requestId: result.requestId,
                                                       promptHash: Digest.sha256(system + user(request)),
                                                       units: result.units, costUSD: result.costUSD))
    }

    /// Reads and checks the answer's JSON.
    static func parse(_ text: String, provider: String) throws -> (quote: String, attribution: String) {
        struct Answer: Decodable { var quote: String; var attribution: String? }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(text.utf8)) else {
            throw FactoryError(.provider, "\(provider) answered without the quote JSON asked for: \(Secrets.redact(String(text.prefix(200))))")
        }
        let quote = answer.quote.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"\u{201C}\u{201D}"))
        guard !quote.isEmpty, quote.count <= 240 else {
            throw FactoryError(.provider, "\(provider) answered with a quote of \(quote.count) characters (1–240 fit a poster); "
                               + "run again with --fresh to ask again")
        }
        return (quote, answer.attribution?.trimmingCharacters(in: .whitespaces) ?? "")
    }
}
