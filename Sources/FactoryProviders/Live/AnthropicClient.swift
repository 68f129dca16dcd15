import FactoryCore
import Foundation

/// Anthropic Messages (`POST /v1/messages`) with structured JSON output (`output_config.format`).
public struct AnthropicClient: TextProvider {
    public let name = "anthropic"
    public var isPaid: Bool { true }
    public let client: LiveClient
    public let model: String
    public var maxTokens = 400
    public var timeout = 120.0

    public init(client: LiveClient, model: String) {
        self.client = client
        self.model = model
    }

    /// The body sent to the API (also the canonical request of the cache key, with the seed).
    func body(system: String, user: String, schema: Any, maxTokens: Int) -> [String: Any] {
        ["model": model, "max_tokens": maxTokens, "system": system,
         "messages": [["role": "user", "content": user]],
         "output_config": ["format": ["type": "json_schema", "schema": schema]]]
    }

    /// Asks for JSON matching `schema`; returns the text block's JSON and the call's cost.
    /// The call as the ledger, the cache and `estimate` see it, and the body that is sent.
    func call(system: String, user: String, schema: Any, seed: UInt64, expectedOutput: Int,
              maxTokens: Int) throws -> (PaidCall, body: Data, price: ModelPrice) {
        let price = try client.price(model)
        let body = LiveClient.json(body(system: system, user: user, schema: schema, maxTokens: maxTokens))
        var canonical = body
        canonical.append(Data("\nseed=\(seed)".utf8))
        let input = LiveClient.tokens(system + user) + LiveClient.tokens(String(decoding: LiveClient.json(schema), as: UTF8.self))
        let call = PaidCall(provider: name, endpoint: "messages", model: model, canonical: canonical,
                            estimate: price.tokens(input: input, expectedOutput: expectedOutput, maxOutput: maxTokens))
        return (call, body, price)
    }

    public func plannedCall(quote request: QuoteRequest) throws -> PaidCall? {
        try call(system: QuotePrompt.system, user: QuotePrompt.user(request), schema: QuotePrompt.schema, seed: request.seed,
                 expectedOutput: QuotePrompt.expectedOutputTokens, maxTokens: maxTokens).0
    }

    public func plannedCall(write request: TextRequest) throws -> PaidCall? {
        try call(system: request.system, user: request.user, schema: request.rawSchema, seed: request.seed,
                 expectedOutput: request.expectedOutputTokens, maxTokens: request.maxOutputTokens).0
    }

    public func structured(system: String, user: String, schema: Any, seed: UInt64, expectedOutput: Int,
                           maxTokens: Int? = nil, context: CallContext) async throws -> PaidResult {
        let maxTokens = maxTokens ?? self.maxTokens
        let (call, body, price) = try call(system: system, user: user, schema: schema, seed: seed, expectedOutput: expectedOutput,
                                           maxTokens: maxTokens)
        let url = client.endpoint.appending("v1/messages")
        let client = self.client, timeout = self.timeout
        return try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: "anthropic", method: .POST, url: url,
                headers: [("x-api-key", client.key), ("anthropic-version", "2023-06-01"), ("content-type", "application/json")],
                body: body, maxBytes: 4 << 20, timeout: timeout)
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let message = try? JSONDecoder().decode(Message.self, from: reply.body) else {
                throw ProviderFailure(.malformed, provider: "anthropic", status: 200, message: "the answer is not a Messages response: \(reply.bodyText.prefix(200))",
                                      requestId: reply.requestId)
            }
            let cost = price.actualTokens(input: message.usage.totalInput, output: message.usage.output_tokens)
            return ProviderAnswer(body: reply.body, requestId: reply.requestId ?? message.id, costUSD: cost,
                                  units: ["input_tokens": Double(message.usage.totalInput), "output_tokens": Double(message.usage.output_tokens)])
        }, finish: { answer in
            let message = try JSONDecoder().decode(Message.self, from: answer.body)
            // The answer is the text block, chosen by type: a thinking block may come first.
            guard let text = message.content.first(where: { $0.type == "text" })?.text else {
                throw FactoryError(.provider, "anthropic answered with no text block (stop_reason \(message.stop_reason ?? "none"))")
            }
            if message.stop_reason == "max_tokens" {
                throw FactoryError(.provider, "anthropic stopped at max_tokens (\(maxTokens)) before the JSON was complete")
            }
            if message.stop_reason == "refusal" {
                throw FactoryError(.provider, "anthropic declined the request; change the item's prompt")
            }
            return Data(text.utf8)
        })
    }

    public func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote {
        let result = try await structured(system: QuotePrompt.system, user: QuotePrompt.user(request), schema: QuotePrompt.schema,
                                          seed: request.seed, expectedOutput: QuotePrompt.expectedOutputTokens, context: context)
        return try QuotePrompt.quote(result, request: request, provider: name, model: model, stage: context.stage,
                                     parameters: ["max_tokens": "\(maxTokens)"])
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let result = try await structured(system: request.system, user: request.user, schema: request.rawSchema,
                                          seed: request.seed, expectedOutput: request.expectedOutputTokens,
                                          maxTokens: request.maxOutputTokens, context: context)
        return WrittenText(text: String(decoding: result.payload, as: UTF8.self),
                           record: LiveClient.record(result, request: request, provider: name, model: model, stage: context.stage,
                                                     parameters: ["max_tokens": "\(request.maxOutputTokens)"]))
    }

    struct Message: Decodable {
        struct Block: Decodable { var type: String; var text: String? }
        struct Usage: Decodable {
            var input_tokens: Int
            var output_tokens: Int
            var cache_creation_input_tokens: Int?
            var cache_read_input_tokens: Int?
            var totalInput: Int { input_tokens + (cache_creation_input_tokens ?? 0) + (cache_read_input_tokens ?? 0) }
        }
        var id: String?
        var content: [Block]
        var stop_reason: String?
        var usage: Usage
    }
}
