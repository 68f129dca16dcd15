import FactoryCore
import Foundation

/// OpenAI chat completions (`POST /v1/chat/completions`) with a `json_schema` response format.
public struct OpenAIChatClient: TextProvider {
    public let name = ProviderID.openai.rawValue
    public var isPaid: Bool { true }
    public let client: LiveClient
    public let model: String

    public init(client: LiveClient, model: String) {
        self.client = client
        self.model = model
    }

    /// The call as the ledger, the cache and `estimate` see it, the body that is sent, and the spec.
    /// Only what the model's row allows is sent: `max_completion_tokens`, `reasoning_effort` on
    /// reasoning models (with room for reasoning in the budget), `seed` only where it is a sampling field.
    /// (openai-openapi: `max_tokens` is deprecated and not compatible with reasoning models, `seed`
    /// deprecated; developers.openai.com/api/docs/models/gpt-6-luna: reasoning effort none…max.)
    func call(system: String, user: String, schemaName: String, schema: Any, seed: UInt64, expectedOutput: Int,
              answerTokens: Int, reasoning: Reasoning, item: String, maxTokens: Int? = nil) throws -> (PaidCall, body: Data, spec: ModelSpec, budget: Int) {
        let spec = try client.spec(model, role: .text)
        var fields: [String: Any] = [
            "model": model,
            "messages": [["role": "system", "content": system], ["role": "user", "content": user]],
            "response_format": ["type": "json_schema", "json_schema": ["name": schemaName, "schema": schema, "strict": true]],
        ]
        var reasoningBudget = 0
        if let rules = spec.thinking {
            if reasoning.thinking {
                fields["reasoning_effort"] = try AnthropicRequest.pick(reasoning.effort, from: rules.efforts ?? [], spec: spec, item: item, thinking: true)
                reasoningBudget = max(1_024, reasoning.thinkingBudget)
            } else if let off = rules.offEfforts?.first {
                fields["reasoning_effort"] = off
            }
        }
        let budget = min(spec.maxOutputTokens ?? 16_384, maxTokens ?? answerTokens + reasoningBudget)
        fields[spec.tokenField ?? "max_completion_tokens"] = budget
        if spec.sampling?.contains("seed") == true { fields["seed"] = Int(seed % (1 << 31)) }
        let body = LiveClient.json(fields)
        var canonical = body
        canonical.append(Data("\nseed=\(seed)".utf8))
        let input = LiveClient.tokens(system: system, user: user, schema: schema)
        let call = PaidCall(provider: .openai, endpoint: "chat.completions", model: model, canonical: canonical,
                            estimate: spec.tokens(input: input, expectedOutput: expectedOutput, maxOutput: budget,
                                                  expectedThinking: reasoningBudget / 2))
        return (call, body, spec, budget)
    }

    public func plannedCall(write request: TextRequest) throws -> PaidCall? {
        try call(system: request.system, user: request.user, schemaName: request.schemaName, schema: request.rawSchema,
                 seed: request.seed, expectedOutput: request.expectedOutputTokens, answerTokens: request.maxOutputTokens,
                 reasoning: request.reasoning, item: "").0
    }

    /// Asks for JSON matching `schema`; `check` reads the text (a rejected answer is quarantined).
    /// An answer cut at its limit (`finish_reason: length`) is asked once more with a larger budget.
    public func structured(system: String, user: String, schemaName: String, schema: Any, seed: UInt64, expectedOutput: Int,
                           answerTokens: Int, reasoning: Reasoning, context: CallContext,
                           check: @escaping @Sendable (String) throws -> Void = { _ in }) async throws -> (PaidResult, maxTokens: Int) {
        // The schema is only read (serialised into each attempt's body).
        let unchecked = Unchecked(schema)
        let build: @Sendable (Int?) throws -> (PaidCall, body: Data, spec: ModelSpec, budget: Int) = { budget in
            try self.call(system: system, user: user, schemaName: schemaName, schema: unchecked.value, seed: seed,
                          expectedOutput: expectedOutput, answerTokens: answerTokens, reasoning: reasoning, item: context.item, maxTokens: budget)
        }
        let first = try build(nil)
        let firstBudget = first.budget
        let used = UsedBudget(firstBudget)
        let result = try await client.growing(budget: firstBudget, modelLimit: first.spec.maxOutputTokens ?? firstBudget,
                                              context: context, key: { try build($0).0 }) { budget in
            let (call, body, spec, _) = try build(budget)
            used.value = budget
            return try await self.send(call, body: body, spec: spec, limit: budget, context: context, check: check)
        }
        return (result, used.value)
    }

    func send(_ call: PaidCall, body: Data, spec: ModelSpec, limit: Int, context: CallContext,
              check: @escaping @Sendable (String) throws -> Void) async throws -> PaidResult {
        let url = client.endpoint.appending("chat/completions")
        let client = self.client, model = self.model
        // Reasoning models can take minutes on a long answer: the same reckoning as Anthropic's.
        let timeout = max(120, 3_600 * Double(limit) / 128_000 + 60)
        return try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: .openai, method: .POST, url: url,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                body: body, maxBytes: 8 << 20, timeout: timeout)
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let completion = try? JSONDecoder().decode(Completion.self, from: reply.body) else {
                throw ProviderFailure(.malformed, provider: .openai, status: 200,
                                      message: "the answer is not a chat completion: \(reply.bodyText.prefix(200))", requestId: reply.requestId)
            }
            let usage = completion.usage
            let cached = usage.prompt_tokens_details?.cached_tokens ?? 0
            let cost = spec.actualTokens(input: usage.prompt_tokens - cached, output: usage.completion_tokens, cacheRead: cached)
            return ProviderAnswer(body: reply.body, requestId: reply.requestId ?? completion.id, costUSD: cost,
                                  units: ["input_tokens": Double(usage.prompt_tokens), "output_tokens": Double(usage.completion_tokens)])
        }, finish: { answer in
            let completion = try JSONDecoder().decode(Completion.self, from: answer.body)
            guard let choice = completion.choices.first else { throw RejectedAnswer("openai answered with no choices; run again to ask afresh") }
            if let refusal = choice.message.refusal { throw RejectedAnswer("openai refused: \(refusal); change the item's prompt") }
            if choice.finish_reason == "length" {
                throw CutShort(provider: .openai, model: model, limit: limit, outputTokens: completion.usage.completion_tokens,
                               costUSD: answer.replayed ? 0 : answer.costUSD)
            }
            guard let content = choice.message.content, !content.isEmpty else {
                throw RejectedAnswer("openai answered with no content; run again to ask afresh")
            }
            do { try check(content) } catch { throw RejectedAnswer("\(error)") }
            return Data(content.utf8)
        })
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let (result, used) = try await structured(system: request.system, user: request.user, schemaName: request.schemaName,
                                                  schema: request.rawSchema, seed: request.seed, expectedOutput: request.expectedOutputTokens,
                                                  answerTokens: request.maxOutputTokens, reasoning: request.reasoning, context: context,
                                                  check: request.check ?? { _ in })
        return WrittenText(text: String(decoding: result.payload, as: UTF8.self),
                           record: LiveClient.record(result, request: request, provider: identity, model: model, stage: context.stage,
                                                     parameters: ["max_completion_tokens": "\(used)"]), key: result.key)
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
