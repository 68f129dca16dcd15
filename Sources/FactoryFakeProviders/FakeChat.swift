import FactoryCore
import Foundation

/// `POST /v1/chat/completions`: OpenAI chat, with structured outputs that fit the given schema.
enum FakeChat {
    /// USD per 1M input and output tokens; models not listed cost what gpt-4o costs.
    /// (developers.openai.com/api/docs/models/gpt-4o-mini, …/gpt-6-luna: $0.10 in, $0.50 out)
    static let prices: [String: (Double, Double)] = ["gpt-4o": (2.50, 10), "gpt-4o-mini": (0.15, 0.60), "gpt-6-luna": (0.10, 0.50),
                                                     "gpt-5-mini": (0.25, 2.00)]
    /// Reasoning models and their `reasoning_effort` values (openai-openapi `ReasoningEffort`;
    /// the gpt-6-luna model page: none, low, medium (default), high, xhigh, max). They take
    /// `max_completion_tokens`, not `max_tokens`, and only the default temperature.
    static let reasoning: [String: Set<String>] = [
        "gpt-6-luna": ["none", "low", "medium", "high", "xhigh", "max"],
        "gpt-5": ["minimal", "low", "medium", "high"], "gpt-5-mini": ["minimal", "low", "medium", "high"],
        "gpt-5.4": ["none", "low", "medium", "high", "xhigh"], "gpt-5.4-mini": ["none", "low", "medium", "high", "xhigh"],
    ]
    static let models: Set<String> = ["gpt-4o", "gpt-4o-mini", "gpt-4o-2024-08-06", "gpt-4o-2024-11-20",
                                      "gpt-4o-mini-2024-07-18", "gpt-4.1", "gpt-4.1-mini", "gpt-5", "gpt-5-mini",
                                      "gpt-5.4", "gpt-5.4-mini", "gpt-6-luna", "gpt-audio-1.5"]
    static let roles: Set<String> = ["developer", "system", "user", "assistant", "tool"]

    /// OpenAI's 401s: no key, or a wrong one (masked, as OpenAI does).
    static func authenticate(_ call: FakeCall) -> FakeReply? {
        guard let key = call.bearer, !key.isEmpty else {
            return FakeErrors.openAI(401, message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", type: "invalid_request_error")
        }
        guard call.accepts(key) else {
            let masked = key.count > 8 ? "\(key.prefix(3))****\(key.suffix(2))" : "****"
            return FakeErrors.openAI(401, message: "Incorrect API key provided: \(masked). You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", code: "invalid_api_key")
        }
        return nil
    }

    static func handle(_ call: FakeCall, _ state: FakeState) async -> FakeReply {
        if let denied = authenticate(call) { return denied }
        guard let json = call.json, json.object != nil else {
            return FakeSpeech.bad("We could not parse the JSON body of your request.", param: nil)
        }
        guard let model = json["model"]?.string else { return FakeSpeech.bad("you must provide a model parameter", param: "model") }
        guard models.contains(model) else {
            return FakeErrors.openAI(404, message: "The model `\(model)` does not exist or you do not have access to it.", type: "invalid_request_error", code: "model_not_found")
        }
        guard let messages = json["messages"]?.array, !messages.isEmpty else {
            return FakeSpeech.bad("Invalid 'messages': empty array. Expected an array with minimum length 1.", param: "messages")
        }
        for (index, message) in messages.enumerated() {
            guard let role = message["role"]?.string, roles.contains(role) else {
                return FakeSpeech.bad("Invalid value: '\(message["role"]?.string ?? "")'. Supported values are: 'system', 'assistant', 'user', 'tool', 'function' and 'developer'.", param: "messages[\(index)].role")
            }
            guard message["content"] != nil else {
                return FakeSpeech.bad("Missing required parameter: 'messages[\(index)].content'.", param: "messages[\(index)].content")
            }
        }
        let efforts = reasoning[model]
        if let efforts {
            if json["max_tokens"] != nil {
                return FakeErrors.openAI(400, message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
                                         type: "invalid_request_error", param: "max_tokens", code: "unsupported_parameter")
            }
            if let temperature = json["temperature"]?.number, temperature != 1 {
                return FakeErrors.openAI(400, message: "Unsupported value: 'temperature' does not support \(temperature) with this model. Only the default (1) value is supported.",
                                         type: "invalid_request_error", param: "temperature", code: "unsupported_value")
            }
            if let effort = json["reasoning_effort"]?.string, !efforts.contains(effort) {
                return FakeErrors.openAI(400, message: "Unsupported value: 'reasoning_effort' does not support '\(effort)' with this model. Supported values are: \(efforts.sorted().map { "'\($0)'" }.joined(separator: ", ")).",
                                         type: "invalid_request_error", param: "reasoning_effort", code: "unsupported_value")
            }
        } else if json["reasoning_effort"] != nil {
            return FakeErrors.openAI(400, message: "Unrecognized request argument supplied: reasoning_effort", type: "invalid_request_error", param: "reasoning_effort")
        }
        let limit = (json["max_completion_tokens"]?.int ?? json["max_tokens"]?.int).map(Int.init)
        var promptChars = messages.reduce(0) { $0 + textLength($1["content"]) }
        var random = SeededRandom(seed: Seed.from(call.requestHash))
        let answer: String
        switch json["response_format"]?["type"]?.string {
        case "json_schema"?:
            guard let format = json["response_format"]?["json_schema"], let name = format["name"]?.string,
                  name.range(of: "^[a-zA-Z0-9_-]{1,64}$", options: .regularExpression) != nil else {
                return FakeSpeech.bad("Invalid 'response_format.json_schema.name': must match ^[a-zA-Z0-9_-]{1,64}$.", param: "response_format.json_schema.name")
            }
            guard let schema = format["schema"], schema.object != nil else {
                return FakeSpeech.bad("Missing required parameter: 'response_format.json_schema.schema'.", param: "response_format.json_schema.schema")
            }
            promptChars += schema.encoded().count
            answer = FakeAnswer.structured(schema: schema, messages: messages, fault: call.contentFault, quotes: call.quotes, kinds: call.answers, random: &random)
        case "json_object"?:
            let object = FakeJSON.object(["answer": .string(WordBank.sentences(&random, count: 2))]).text
            answer = FakeAnswer.unstructured(object, fault: call.contentFault, random: &random)
        case nil, "text"?:
            answer = FakeAnswer.unstructured(WordBank.sentences(&random, count: 3), fault: call.contentFault, random: &random)
        case let other?:
            return FakeSpeech.bad("Invalid value: '\(other)'. Supported values are: 'json_object', 'json_schema' and 'text'.", param: "response_format.type")
        }
        // Reasoning tokens count towards max_completion_tokens and are billed as output; a budget
        // they use up ends with finish_reason "length" and no content (reasoning guide).
        let effort = json["reasoning_effort"]?.string ?? "medium"
        var reasoningTokens = efforts == nil || effort == "none" ? 0
            : FakeClaudeModel.thinkingTokens(effort: effort == "minimal" ? "low" : effort, random: &random)
        var content = answer, finish = "stop"
        var answerTokens = (answer.count + 3) / 4
        if let limit, reasoningTokens + answerTokens > limit || call.contentFault == .maxTokens {
            reasoningTokens = min(reasoningTokens, limit)
            let room = call.contentFault == .maxTokens ? min(answerTokens / 2, limit - reasoningTokens) : limit - reasoningTokens
            content = String(answer.prefix(room * 4))
            answerTokens = room
            finish = "length"
        } else if call.contentFault == .maxTokens {
            content = String(answer.prefix(answer.count / 2))
            answerTokens /= 2
            finish = "length"
        }
        let promptTokens = (promptChars + 3) / 4, completionTokens = answerTokens + reasoningTokens
        let price = prices[model] ?? prices[String(model.prefix(11))] ?? (2.50, 10)
        let cost = (Double(promptTokens) * price.0 + Double(completionTokens) * price.1) / 1_000_000
        let body: FakeJSON = [
            "id": .string("chatcmpl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(29)),
            "object": "chat.completion", "created": .int(Int64(Date().timeIntervalSince1970)), "model": .string(model),
            "choices": [["index": 0, "message": ["role": "assistant", "content": .string(content), "refusal": nil, "annotations": []],
                         "logprobs": nil, "finish_reason": .string(finish)]],
            "usage": ["prompt_tokens": .int(Int64(promptTokens)), "completion_tokens": .int(Int64(completionTokens)),
                      "total_tokens": .int(Int64(promptTokens + completionTokens)),
                      "prompt_tokens_details": ["cached_tokens": 0, "audio_tokens": 0],
                      "completion_tokens_details": ["reasoning_tokens": .int(Int64(reasoningTokens)), "audio_tokens": 0,
                                                    "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0]],
            "service_tier": "default", "system_fingerprint": "fp_fake0001",
        ]
        return .json(200, body, headers: [("openai-processing-ms", "\(20 + completionTokens)"), ("openai-version", "2020-10-01"),
                                          ("x-ratelimit-limit-requests", "500"), ("x-ratelimit-remaining-requests", "499"),
                                          ("x-ratelimit-reset-requests", "120ms"), ("x-ratelimit-limit-tokens", "30000"),
                                          ("x-ratelimit-remaining-tokens", "\(max(0, 30000 - promptTokens))"),
                                          ("x-ratelimit-reset-tokens", "6m0s")],
                     charge: .init(model: model, costUSD: cost))
    }

    /// Characters of a message content: a string, or the text of its blocks.
    static func textLength(_ content: FakeJSON?) -> Int {
        if let text = content?.string { return text.count }
        return content?.array?.reduce(0) { $0 + ($1["text"]?.string?.count ?? 0) } ?? 0
    }
}
