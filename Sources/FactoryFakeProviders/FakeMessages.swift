import FactoryCore
import Foundation

/// `POST /v1/messages`: Anthropic Messages, with the 5.x models' rules and structured outputs.
enum FakeMessages {
    /// USD per 1M input and output tokens.
    static let prices: [String: (Double, Double)] = [
        "claude-sonnet-5-5": (2, 10), "claude-haiku-5-5": (0.10, 0.50), "claude-opus-5-5": (4, 20),
        "claude-fable-5-1": (10, 50), "claude-haiku-4-5": (1, 5), "claude-haiku-4-5-20251001": (1, 5),
        "claude-sonnet-4-5-20250929": (3, 15), "claude-sonnet-4-5": (3, 15), "claude-sonnet-4-6": (3, 15),
    ]
    static let retired: Set<String> = ["claude-sonnet-4-20250514", "claude-sonnet-4-0", "claude-3-5-haiku-20241022",
                                       "claude-3-5-haiku-latest", "claude-3-7-sonnet-20250219", "claude-3-opus-20240229"]

    static func handle(_ call: FakeCall, _ state: FakeState) async -> FakeReply {
        func error(_ status: Int, _ type: String, _ message: String) -> FakeReply {
            FakeErrors.anthropic(status, type: type, message: message, requestId: call.requestId)
        }
        let key = call.headers["x-api-key"] ?? call.bearer
        guard let key, !key.isEmpty else { return error(401, "authentication_error", "x-api-key header is required") }
        guard call.accepts(key) else { return error(401, "authentication_error", "invalid x-api-key") }
        guard call.headers["anthropic-version"] != nil else {
            return error(400, "invalid_request_error", "anthropic-version: header is required")
        }
        guard let json = call.json, json.object != nil else { return error(400, "invalid_request_error", "There was an error parsing the body as JSON.") }
        guard let model = json["model"]?.string else { return error(400, "invalid_request_error", "model: Field required") }
        if retired.contains(model) || model.hasPrefix("claude-3-5-haiku") || prices[model] == nil {
            return error(404, "not_found_error", "model: \(model)")
        }
        guard let maxTokens = json["max_tokens"]?.int else { return error(400, "invalid_request_error", "max_tokens: Field required") }
        guard maxTokens >= 1 else { return error(400, "invalid_request_error", "max_tokens: Input should be greater than or equal to 1") }
        guard let messages = json["messages"]?.array else { return error(400, "invalid_request_error", "messages: Field required") }
        guard !messages.isEmpty else { return error(400, "invalid_request_error", "messages: at least one message is required") }
        for (index, message) in messages.enumerated() where !["user", "assistant"].contains(message["role"]?.string ?? "") {
            return error(400, "invalid_request_error", "messages.\(index).role: Input should be 'user' or 'assistant'")
        }
        let newest = model.hasSuffix("-5-5") || model.hasSuffix("-5-1")
        if newest {
            for name in ["temperature", "top_p", "top_k"] where json[name] != nil {
                return error(400, "invalid_request_error", "`\(name)` is not supported on \(model); remove it (sampling is adaptive on this model).")
            }
        }
        if model.hasPrefix("claude-haiku-4-5"), json["temperature"] != nil, json["top_p"] != nil {
            return error(400, "invalid_request_error", "`temperature` and `top_p` cannot both be specified for this model. Please use only one.")
        }
        if model.hasSuffix("-5-5"), messages.last?["role"]?.string == "assistant" {
            return error(400, "invalid_request_error", "This model does not support assistant message prefill. The conversation must end with a user message.")
        }
        var inputChars = messages.reduce(0) { $0 + FakeChat.textLength($1["content"]) } + FakeChat.textLength(json["system"])
        var random = SeededRandom(seed: Seed.from(call.requestHash))
        var content: [FakeJSON] = []
        var outputChars = 0
        if let format = json["output_config"]?["format"], format["type"]?.string == "json_schema" {
            guard let schema = format["schema"], schema.object != nil else {
                return error(400, "invalid_request_error", "output_config.format.schema: Field required")
            }
            inputChars += schema.encoded().count
            if model.hasSuffix("-5-5") {
                let thinking = "Let me plan this. " + WordBank.sentences(&random, count: 2)
                let signature = Data((0..<48).map { _ in UInt8(truncatingIfNeeded: random.next()) }).base64EncodedString()
                content.append(["type": "thinking", "thinking": .string(thinking), "signature": .string(signature)])
                outputChars += thinking.count
            }
            let text = FakeAnswer.structured(schema: schema, messages: messages, fault: call.contentFault, random: &random)
            content.append(["type": "text", "text": .string(text), "citations": nil])
            outputChars += text.count
        } else {
            let text = FakeAnswer.unstructured(WordBank.sentences(&random, count: 3), fault: call.contentFault, random: &random)
            content.append(["type": "text", "text": .string(text), "citations": nil])
            outputChars += text.count
        }
        let inputTokens = (inputChars + 3) / 4, outputTokens = (outputChars + 3) / 4
        let price = prices[model] ?? (3, 15)
        let cost = (Double(inputTokens) * price.0 + Double(outputTokens) * price.1) / 1_000_000
        let body: FakeJSON = [
            "id": .string("msg_01" + String(call.requestId.suffix(22))), "type": "message", "role": "assistant",
            "model": .string(model), "content": .array(content), "stop_reason": "end_turn", "stop_sequence": nil,
            "usage": ["input_tokens": .int(Int64(inputTokens)), "output_tokens": .int(Int64(outputTokens)),
                      "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "service_tier": "standard"],
        ]
        return .json(200, body, headers: rateLimitHeaders(inputTokens: inputTokens), charge: .init(model: model, costUSD: cost))
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
