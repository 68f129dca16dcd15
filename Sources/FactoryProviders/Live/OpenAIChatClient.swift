import FactoryCore
import Foundation

/// OpenAI chat completions (`POST /v1/chat/completions`) with a `json_schema` response format.
public struct OpenAIChatClient: TextProvider {
    public let name = "openai"
    public var isPaid: Bool { true }
    public let client: LiveClient
    public let model: String
    public var maxTokens = 400
    public var timeout = 120.0

    public init(client: LiveClient, model: String) {
        self.client = client
        self.model = model
    }

    /// The call as the ledger, the cache and `estimate` see it, and the body that is sent.
    func call(system: String, user: String, schemaName: String, schema: Any, seed: UInt64,
              expectedOutput: Int, maxTokens: Int) throws -> (PaidCall, body: Data, price: ModelPrice) {
        let price = try client.price(model)
        let body = LiveClient.json([
            "model": model, "max_completion_tokens": maxTokens, "seed": Int(seed % (1 << 31)),
            "messages": [["role": "system", "content": system], ["role": "user", "content": user]],
            "response_format": ["type": "json_schema", "json_schema": ["name": schemaName, "schema": schema, "strict": true]],
        ] as [String: Any])
        let input = LiveClient.tokens(system + user) + LiveClient.tokens(String(decoding: LiveClient.json(schema), as: UTF8.self))
        let call = PaidCall(provider: name, endpoint: "chat.completions", model: model, canonical: body,
                            estimate: price.tokens(input: input, expectedOutput: expectedOutput, maxOutput: maxTokens))
        return (call, body, price)
    }

    public func plannedCall(quote request: QuoteRequest) throws -> PaidCall? {
        try call(system: QuotePrompt.system, user: QuotePrompt.user(request), schemaName: "poster_quote", schema: QuotePrompt.schema,
                 seed: request.seed, expectedOutput: QuotePrompt.expectedOutputTokens, maxTokens: maxTokens).0
    }

    public func plannedCall(write request: TextRequest) throws -> PaidCall? {
        try call(system: request.system, user: request.user, schemaName: request.schemaName, schema: request.rawSchema,
                 seed: request.seed, expectedOutput: request.expectedOutputTokens, maxTokens: request.maxOutputTokens).0
    }

    public func structured(system: String, user: String, schemaName: String, schema: Any, seed: UInt64,
                           expectedOutput: Int, maxTokens: Int? = nil, context: CallContext) async throws -> PaidResult {
        let maxTokens = maxTokens ?? self.maxTokens
        let (call, body, price) = try call(system: system, user: user, schemaName: schemaName, schema: schema, seed: seed,
                                           expectedOutput: expectedOutput, maxTokens: maxTokens)
        let url = client.endpoint.appending("chat/completions")
        let client = self.client, timeout = self.timeout
        return try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: "openai", method: .POST, url: url,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                body: body, maxBytes: 4 << 20, timeout: timeout)
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let completion = try? JSONDecoder().decode(Completion.self, from: reply.body) else {
                throw ProviderFailure(.malformed, provider: "openai", status: 200,
                                      message: "the answer is not a chat completion: \(reply.bodyText.prefix(200))", requestId: reply.requestId)
            }
            let usage = completion.usage
            let cached = usage.prompt_tokens_details?.cached_tokens ?? 0
            let inRate = (price.inputPerMillion ?? 0) / 1e6
            let cost = Double(usage.prompt_tokens - cached) * inRate + Double(cached) * inRate / 2
                + Double(usage.completion_tokens) * (price.outputPerMillion ?? 0) / 1e6
            return ProviderAnswer(body: reply.body, requestId: reply.requestId ?? completion.id, costUSD: cost,
                                  units: ["input_tokens": Double(usage.prompt_tokens), "output_tokens": Double(usage.completion_tokens)])
        }, finish: { answer in
            let completion = try JSONDecoder().decode(Completion.self, from: answer.body)
            guard let choice = completion.choices.first else { throw FactoryError(.provider, "openai answered with no choices") }
            if let refusal = choice.message.refusal { throw FactoryError(.provider, "openai refused: \(refusal)") }
            if choice.finish_reason == "length" {
                throw FactoryError(.provider, "openai stopped at max_completion_tokens (\(maxTokens)) before the JSON was complete")
            }
            guard let content = choice.message.content else { throw FactoryError(.provider, "openai answered with no content") }
            return Data(content.utf8)
        })
    }

    public func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote {
        let result = try await structured(system: QuotePrompt.system, user: QuotePrompt.user(request), schemaName: "poster_quote",
                                          schema: QuotePrompt.schema, seed: request.seed, expectedOutput: QuotePrompt.expectedOutputTokens,
                                          context: context)
        return try QuotePrompt.quote(result, request: request, provider: name, model: model, stage: context.stage,
                                     parameters: ["max_completion_tokens": "\(maxTokens)"])
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let result = try await structured(system: request.system, user: request.user, schemaName: request.schemaName,
                                          schema: request.rawSchema, seed: request.seed,
                                          expectedOutput: request.expectedOutputTokens, maxTokens: request.maxOutputTokens,
                                          context: context)
        return WrittenText(text: String(decoding: result.payload, as: UTF8.self),
                           record: LiveClient.record(result, request: request, provider: name, model: model, stage: context.stage,
                                                     parameters: ["max_completion_tokens": "\(request.maxOutputTokens)"]))
    }

    struct Completion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String?; var refusal: String? }
            var message: Message
            var finish_reason: String?
        }
        struct Usage: Decodable {
            struct Details: Decodable { var cached_tokens: Int? }
            var prompt_tokens: Int
            var completion_tokens: Int
            var prompt_tokens_details: Details?
        }
        var id: String?
        var choices: [Choice]
        var usage: Usage
    }
}
