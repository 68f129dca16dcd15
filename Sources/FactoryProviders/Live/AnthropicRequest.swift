import FactoryCore
import Foundation

/// How one Messages request is shaped for its model, from the model's row in models.json: the
/// `thinking` field, `output_config.effort`, `max_tokens` with room for thinking, whether to
/// stream, and how long to wait. Nothing here is sent that the model's row does not allow.
struct AnthropicRequest: Equatable, Sendable {
    /// The `thinking` object to send (nil: send none, the model does not think unless asked).
    var thinking: Thinking?

    /// `{"type": …}`, with `budget_tokens` only for `enabled`.
    struct Thinking: Equatable, Sendable {
        var type: String
        var budgetTokens: Int?
        var json: [String: Any] { budgetTokens.map { ["type": type, "budget_tokens": $0] } ?? ["type": type] }
    }
    /// `output_config.effort` (nil: the model takes no effort setting).
    var effort: String?
    var maxTokens: Int
    /// Thinking tokens the estimate expects (billed as output).
    var expectedThinking: Int
    var stream: Bool
    /// Seconds to wait for the whole answer.
    var timeout: Double

    /// The Python SDK refuses a non-streaming call that could run past ten minutes, reckoning an
    /// hour for 128,000 output tokens; past that we stream (Anthropic's "Streaming Messages" page
    /// recommends streaming for long requests).
    static let nonStreamingLimit = 21_333

    /// Shapes a request that needs `answerTokens` for its answer, or explains why it cannot be sent.
    static func plan(spec: ModelSpec, reasoning: Reasoning, answerTokens: Int, item: String) throws -> AnthropicRequest {
        let limit = spec.maxOutputTokens ?? 8_192
        var thinking: Thinking?
        var effort: String?
        var thinkingBudget = 0
        if let rules = spec.thinking {
            let canTurnOff = rules.accepted.contains("between_tools") || rules.accepted.contains("disabled")
            // A model that always thinks (Opus 5.5) thinks whatever the item says: budget for it.
            let thinks = reasoning.thinking || (rules.default == "adaptive" && !canTurnOff)
            if thinks {
                let budget = max(1_024, Reasoning(effort: reasoning.effort, thinking: true).thinkingBudget)
                if rules.accepted.contains("adaptive") {
                    thinking = Thinking(type: "adaptive")
                    thinkingBudget = budget
                } else if rules.accepted.contains("enabled") {
                    thinking = Thinking(type: "enabled", budgetTokens: budget)
                    thinkingBudget = budget
                }
                if let efforts = rules.efforts { effort = try pick(reasoning.effort, from: efforts, spec: spec, item: item, thinking: true) }
            } else if rules.default == "adaptive" {
                // Up-front thinking off: between_tools where the model has it (on Sonnet 5.5
                // "disabled" is a 400), else disabled; each only at the efforts it accepts.
                thinking = Thinking(type: rules.accepted.contains("between_tools") ? "between_tools" : "disabled")
                effort = try pick(reasoning.effort, from: rules.offEfforts ?? rules.efforts ?? [], spec: spec, item: item, thinking: false)
            } else if let efforts = rules.efforts {
                effort = try pick(reasoning.effort, from: efforts, spec: spec, item: item, thinking: false)
            }
        }
        return AnthropicRequest(thinking: thinking, effort: effort, maxTokens: 0, expectedThinking: thinkingBudget / 2,
                                stream: false, timeout: 0).resized(min(limit, answerTokens + thinkingBudget))
    }

    /// The same request with another `max_tokens` (a retry with a larger budget): streaming and the
    /// timeout follow the budget.
    func resized(_ maxTokens: Int) -> AnthropicRequest {
        var copy = self
        copy.maxTokens = maxTokens
        copy.stream = maxTokens > Self.nonStreamingLimit
        // The SDK's own reckoning (an hour per 128,000 tokens), with a minute to spare, and never
        // under two minutes: a long story with thinking must not time out after it was billed.
        let expected = 3_600 * Double(maxTokens) / 128_000
        copy.timeout = copy.stream ? max(1_800, expected * 1.5) : max(120, expected + 60)
        return copy
    }

    /// The effort asked for, if the model takes it in this mode; otherwise the error says what to change.
    static func pick(_ effort: Effort, from allowed: [String], spec: ModelSpec, item: String, thinking: Bool) throws -> String? {
        guard !allowed.isEmpty else { return nil }
        if allowed.contains(effort.rawValue) { return effort.rawValue }
        let mode = thinking ? "with thinking" : "with up-front thinking off (thinking: false)"
        let more = !thinking && (spec.thinking?.efforts ?? []).contains(effort.rawValue) ? ", or set `thinking: true` on the item" : ""
        throw FactoryError(.provider, "item \(item): effort: \(effort.rawValue) is not accepted by \(spec.model) \(mode); "
                           + "use effort: \(allowed.joined(separator: ", ")) in the item or its defaults\(more)")
    }

    /// The request body (also the canonical request of the cache key, with the seed).
    func body(model: String, system: String, user: String, schema: Any) -> [String: Any] {
        var output: [String: Any] = ["format": ["type": "json_schema", "schema": schema]]
        if let effort { output["effort"] = effort }
        var body: [String: Any] = ["model": model, "max_tokens": maxTokens, "system": system,
                                   "messages": [["role": "user", "content": user]], "output_config": output]
        if let thinking { body["thinking"] = thinking.json }
        if stream { body["stream"] = true }
        return body
    }
}
