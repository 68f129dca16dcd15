import FactoryCore
import Foundation

/// `POST /v1/messages`: Anthropic Messages, with each model's rules from `FakeClaudeModel`
/// (thinking by default, between_tools, effort, sampling), structured outputs, `max_tokens` that
/// covers thinking plus text, and streaming (`stream: true`, server-sent events).
enum FakeMessages {
    static let retired: Set<String> = ["claude-sonnet-4-20250514", "claude-sonnet-4-0", "claude-3-5-haiku-20241022",
                                       "claude-3-5-haiku-latest", "claude-3-7-sonnet-20250219", "claude-3-opus-20240229"]

    static func handle(_ call: FakeCall, _ state: FakeState) async -> FakeReply {
        func error(_ status: Int, _ type: String, _ message: String) -> FakeReply {
            FakeErrors.anthropic(status, type: type, message: message, requestId: call.requestId)
        }
        if let denied = authenticate(call) { return denied }
        guard let json = call.json, json.object != nil else { return error(400, "invalid_request_error", "There was an error parsing the body as JSON.") }
        guard let model = json["model"]?.string else { return error(400, "invalid_request_error", "model: Field required") }
        guard !retired.contains(model), !model.hasPrefix("claude-3-5-haiku"), let rules = FakeClaudeModel.named(model) else {
            return error(404, "not_found_error", "model: \(model)")
        }
        guard let maxTokens = json["max_tokens"]?.int.map(Int.init) else { return error(400, "invalid_request_error", "max_tokens: Field required") }
        guard maxTokens >= 1 else { return error(400, "invalid_request_error", "max_tokens: Input should be greater than or equal to 1") }
        guard maxTokens <= rules.maxOutput else {
            return error(400, "invalid_request_error", "max_tokens: \(maxTokens) > \(rules.maxOutput), which is the maximum allowed number of output tokens for \(model)")
        }
        guard let messages = json["messages"]?.array else { return error(400, "invalid_request_error", "messages: Field required") }
        guard !messages.isEmpty else { return error(400, "invalid_request_error", "messages: at least one message is required") }
        for (index, message) in messages.enumerated() where !["user", "assistant"].contains(message["role"]?.string ?? "") {
            return error(400, "invalid_request_error", "messages.\(index).role: Input should be 'user' or 'assistant'")
        }
        if let problem = rules.problem(json, model: model) { return error(400, "invalid_request_error", problem) }
        if model.hasPrefix("claude-haiku-4-5"), json["temperature"] != nil, json["top_p"] != nil {
            return error(400, "invalid_request_error", "`temperature` and `top_p` cannot both be specified for this model. Please use only one.")
        }
        if !rules.sampling, messages.last?["role"]?.string == "assistant" {
            return error(400, "invalid_request_error", "This model does not support assistant message prefill. The conversation must end with a user message.")
        }
        var inputChars = messages.reduce(0) { $0 + FakeChat.textLength($1["content"]) } + FakeChat.textLength(json["system"])
        var random = SeededRandom(seed: Seed.from(call.requestHash))
        let text: String
        if let format = json["output_config"]?["format"], format["type"]?.string == "json_schema" {
            guard let schema = format["schema"], schema.object != nil else {
                return error(400, "invalid_request_error", "output_config.format.schema: Field required")
            }
            inputChars += schema.encoded().count
            text = FakeAnswer.structured(schema: schema, messages: messages, fault: call.contentFault, quotes: call.quotes, kinds: call.answers, random: &random)
        } else {
            text = FakeAnswer.unstructured(WordBank.sentences(&random, count: 3), fault: call.contentFault, random: &random)
        }
        // max_tokens covers thinking plus text (Sonnet 5.5 migration guide); thinking comes first,
        // and a small budget can end after the thinking block with no text ("Prompting Claude Haiku 5.5").
        let (thinks, effort) = rules.thinks(json)
        var thinkingTokens = thinks ? FakeClaudeModel.thinkingTokens(effort: effort, random: &random) : 0
        if let budget = json["thinking"]?["budget_tokens"]?.int { thinkingTokens = min(thinkingTokens, Int(budget)) }
        var textTokens = (text.count + 3) / 4
        var stop = "end_turn"
        var written = text
        if thinkingTokens >= maxTokens {
            thinkingTokens = maxTokens
            textTokens = 0
            written = ""
            stop = "max_tokens"
        } else if thinkingTokens + textTokens > maxTokens || call.contentFault == .maxTokens {
            // Cut where the budget ends (the maxTokens fault cuts at half the text).
            let room = call.contentFault == .maxTokens ? min(textTokens / 2, maxTokens - thinkingTokens) : maxTokens - thinkingTokens
            written = String(text.prefix(room * 4))
            textTokens = room
            stop = "max_tokens"
        }
        var content: [FakeJSON] = []
        if thinks {
            // Thinking text is omitted by default: the block arrives empty, with a signature.
            let signature = Data((0..<48).map { _ in UInt8(truncatingIfNeeded: random.next()) }).base64EncodedString()
            content.append(["type": "thinking", "thinking": "", "signature": .string(signature)])
        }
        if !written.isEmpty { content.append(["type": "text", "text": .string(written), "citations": nil]) }
        let inputTokens = (inputChars + 3) / 4, outputTokens = thinkingTokens + textTokens
        let cost = (Double(inputTokens) * rules.input + Double(outputTokens) * rules.output) / 1_000_000
        let body: FakeJSON = [
            "id": .string("msg_01" + String(call.requestId.suffix(22))), "type": "message", "role": "assistant",
            "model": .string(model), "content": .array(content), "stop_reason": .string(stop), "stop_sequence": nil,
            "usage": ["input_tokens": .int(Int64(inputTokens)), "output_tokens": .int(Int64(outputTokens)),
                      "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "service_tier": "standard"],
        ]
        let charge = FakeReply.Charge(model: model, costUSD: cost)
        if json["stream"]?.bool == true {
            return FakeReply(status: 200, headers: [("content-type", "text/event-stream"), ("cache-control", "no-cache")]
                                + rateLimitHeaders(inputTokens: inputTokens),
                             body: FakeMessageStream.events(body), charge: charge)
        }
        return .json(200, body, headers: rateLimitHeaders(inputTokens: inputTokens), charge: charge)
    }

    /// Anthropic's 401 and 400 for the key and version headers (x-api-key, anthropic-version).
    static func authenticate(_ call: FakeCall) -> FakeReply? {
        let key = call.headers["x-api-key"] ?? call.bearer
        guard let key, !key.isEmpty else {
            return FakeErrors.anthropic(401, type: "authentication_error", message: "x-api-key header is required", requestId: call.requestId)
        }
        guard call.accepts(key) else {
            return FakeErrors.anthropic(401, type: "authentication_error", message: "invalid x-api-key", requestId: call.requestId)
        }
        guard call.headers["anthropic-version"] != nil else {
            return FakeErrors.anthropic(400, type: "invalid_request_error", message: "anthropic-version: header is required", requestId: call.requestId)
        }
        return nil
    }

    static func rateLimitHeaders(inputTokens: Int) -> [(String, String)] {
        let reset = ISO8601DateFormatter().string(from: Date().addingTimeInterval(60))
        return [("anthropic-ratelimit-requests-limit", "50"), ("anthropic-ratelimit-requests-remaining", "49"),
                ("anthropic-ratelimit-requests-reset", reset),
                ("anthropic-ratelimit-input-tokens-limit", "30000"),
                ("anthropic-ratelimit-input-tokens-remaining", "\(max(0, 30000 - inputTokens) / 1000 * 1000)"),
                ("anthropic-ratelimit-input-tokens-reset", reset),
                ("anthropic-ratelimit-output-tokens-limit", "8000"), ("anthropic-ratelimit-output-tokens-remaining", "8000"),
                ("anthropic-ratelimit-output-tokens-reset", reset)]
    }
}
