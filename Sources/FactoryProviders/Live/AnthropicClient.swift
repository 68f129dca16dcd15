import FactoryCore
import Foundation

/// Anthropic Messages (`POST /v1/messages`) with structured JSON output (`output_config.format`),
/// each request shaped for its model by `AnthropicRequest` from models.json.
public struct AnthropicClient: TextProvider {
    public let name = ProviderID.anthropic.rawValue
    public var isPaid: Bool { true }
    public let client: LiveClient
    public let model: String

    public init(client: LiveClient, model: String) {
        self.client = client
        self.model = model
    }

    /// The call as the ledger, the cache and `estimate` see it, the body that is sent, and its shape.
    func call(system: String, user: String, schema: Any, seed: UInt64, expectedOutput: Int, answerTokens: Int,
              reasoning: Reasoning, item: String, maxTokens: Int? = nil) throws -> (PaidCall, body: Data, spec: ModelSpec, shape: AnthropicRequest) {
        let spec = try client.spec(model, role: .text)
        var shape = try AnthropicRequest.plan(spec: spec, reasoning: reasoning, answerTokens: answerTokens, item: item)
        if let maxTokens { shape = shape.resized(maxTokens) }
        let body = LiveClient.json(shape.body(model: model, system: system, user: user, schema: schema))
        var canonical = body
        canonical.append(Data("\nseed=\(seed)".utf8))
        let input = LiveClient.tokens(system: system, user: user, schema: schema)
        let call = PaidCall(provider: .anthropic, endpoint: "messages", model: model, canonical: canonical,
                            estimate: spec.tokens(input: input, expectedOutput: expectedOutput, maxOutput: shape.maxTokens,
                                                  expectedThinking: shape.expectedThinking))
        return (call, body, spec, shape)
    }

    public func plannedCall(write request: TextRequest) throws -> PaidCall? {
        try call(system: request.system, user: request.user, schema: request.rawSchema, seed: request.seed,
                 expectedOutput: request.expectedOutputTokens, answerTokens: request.maxOutputTokens, reasoning: request.reasoning, item: "").0
    }

    /// Asks for JSON matching `schema`; `check` reads the text (a rejected answer is quarantined).
    /// An answer cut at `max_tokens` is asked once more with a larger budget.
    public func structured(system: String, user: String, schema: Any, seed: UInt64, expectedOutput: Int, answerTokens: Int,
                           reasoning: Reasoning, context: CallContext,
                           check: @escaping @Sendable (String) throws -> Void = { _ in }) async throws -> (PaidResult, maxTokens: Int) {
        let first = try call(system: system, user: user, schema: schema, seed: seed, expectedOutput: expectedOutput,
                             answerTokens: answerTokens, reasoning: reasoning, item: context.item)
        // The schema is only read (serialised into each attempt's body).
        let unchecked = Unchecked(schema)
        let build: @Sendable (Int) throws -> (PaidCall, body: Data, spec: ModelSpec, shape: AnthropicRequest) = { budget in
            try self.call(system: system, user: user, schema: unchecked.value, seed: seed, expectedOutput: expectedOutput,
                          answerTokens: answerTokens, reasoning: reasoning, item: context.item, maxTokens: budget)
        }
        let used = UsedBudget(first.shape.maxTokens)
        let result = try await client.growing(budget: first.shape.maxTokens, modelLimit: first.spec.maxOutputTokens ?? first.shape.maxTokens,
                                              context: context, key: { try build($0).0 }) { budget in
            let (call, body, spec, shape) = try build(budget)
            used.value = budget
            return try await self.send(call, body: body, spec: spec, shape: shape, context: context, check: check)
        }
        return (result, used.value)
    }

    func send(_ call: PaidCall, body: Data, spec: ModelSpec, shape: AnthropicRequest, context: CallContext,
              check: @escaping @Sendable (String) throws -> Void) async throws -> PaidResult {
        let url = client.endpoint.appending("v1/messages")
        let client = self.client, model = self.model
        return try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: .anthropic, method: .POST, url: url,
                headers: [("x-api-key", client.key), ("anthropic-version", "2023-06-01"), ("content-type", "application/json")],
                body: body, maxBytes: 8 << 20, timeout: shape.timeout)
            guard reply.status == 200 else { throw client.failure(reply) }
            var answerBody = reply.body
            if shape.stream {
                do {
                    answerBody = try AnthropicStream.assemble(reply.body)
                } catch let failed as AnthropicStream.Failed {
                    // The request was taken and may have been billed: not re-sent blindly.
                    throw ProviderFailure(.uncertain, provider: .anthropic, status: 200, code: failed.type,
                                          message: "the stream broke off: \(failed.message)", requestId: reply.requestId)
                }
            }
            guard let message = try? JSONDecoder().decode(Message.self, from: answerBody) else {
                throw ProviderFailure(.malformed, provider: .anthropic, status: 200, message: "the answer is not a Messages response: \(reply.bodyText.prefix(200))",
                                      requestId: reply.requestId)
            }
            let usage = message.usage
            let cost = spec.actualTokens(input: usage.input_tokens, output: usage.output_tokens,
                                         cacheWrite: usage.cache_creation_input_tokens ?? 0, cacheRead: usage.cache_read_input_tokens ?? 0)
            return ProviderAnswer(body: answerBody, requestId: reply.requestId ?? message.id, costUSD: cost,
                                  units: ["input_tokens": Double(usage.totalInput), "output_tokens": Double(usage.output_tokens)])
        }, finish: { answer in
            let message = try JSONDecoder().decode(Message.self, from: answer.body)
            if message.stop_reason == "max_tokens" {
                throw CutShort(provider: .anthropic, model: model, limit: shape.maxTokens, outputTokens: message.usage.output_tokens,
                               costUSD: answer.replayed ? 0 : answer.costUSD)
            }
            if message.stop_reason == "refusal" {
                throw RejectedAnswer("anthropic declined the request (stop_reason refusal); change the item's prompt")
            }
            // The answer is the text block, chosen by type: thinking blocks may come first.
            let text = message.content.filter { $0.type == "text" }.compactMap(\.text).joined()
            guard !text.isEmpty else {
                throw RejectedAnswer("anthropic answered with no text (stop_reason \(message.stop_reason ?? "none")); run again to ask afresh")
            }
            do { try check(text) } catch { throw RejectedAnswer("\(error)") }
            return Data(text.utf8)
        })
    }

    public func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        let (result, used) = try await structured(system: request.system, user: request.user, schema: request.rawSchema,
                                                  seed: request.seed, expectedOutput: request.expectedOutputTokens,
                                                  answerTokens: request.maxOutputTokens, reasoning: request.reasoning, context: context,
                                                  check: request.check ?? { _ in })
        return WrittenText(text: String(decoding: result.payload, as: UTF8.self),
                           record: LiveClient.record(result, request: request, provider: identity, model: model, stage: context.stage,
                                                     parameters: parameters(used, request.reasoning)), key: result.key)
    }

    /// What the generation record says about the request's shape.
    func parameters(_ maxTokens: Int, _ reasoning: Reasoning) -> [String: String] {
        var parameters = ["max_tokens": "\(maxTokens)"]
        if let spec = try? client.spec(model, role: .text),
           let shape = try? AnthropicRequest.plan(spec: spec, reasoning: reasoning, answerTokens: 1, item: "") {
            if let effort = shape.effort { parameters["effort"] = effort }
            if let type = shape.thinking?.type { parameters["thinking"] = type }
        }
        return parameters
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

/// The budget the last attempt used, for the generation record.
final class UsedBudget: @unchecked Sendable {
    // Written by the one attempt running at a time (attempts are sequential), read after them.
    var value: Int
    init(_ value: Int) { self.value = value }
}
