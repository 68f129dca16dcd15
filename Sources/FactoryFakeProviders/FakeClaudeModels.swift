import Foundation
import FactoryCore

/// What each Claude model accepts and how it thinks, as Anthropic's pages describe it. The fake's
/// own reading of the docs (not the factory's models.json), so a client is checked against the
/// docs rather than against itself.
struct FakeClaudeModel: Sendable {
    /// USD per million input and output tokens (thinking is billed as output).
    var input: Double
    var output: Double
    var maxOutput: Int
    /// Thinks when the request has no `thinking` field.
    var thinksByDefault: Bool
    /// `thinking.type` values accepted.
    var thinkingTypes: Set<String>
    /// `output_config.effort` values accepted (empty: the model takes no effort), the efforts
    /// accepted with up-front thinking off, and the default.
    var efforts: Set<String>
    var offEfforts: Set<String>
    var defaultEffort: String
    /// temperature / top_p / top_k accepted.
    var sampling: Bool

    static let all5 : Set<String> = ["low", "medium", "high", "xhigh", "max"]
    static let upToHigh: Set<String> = ["low", "medium", "high"]

    /// platform.claude.com/docs/en/models/overview ("Models overview": ids, prices, context and
    /// output limits, "Adaptive" / "Adaptive (always on)" thinking, default effort);
    /// models/sonnet-5-5/migration-guide (thinking types per model: "Sonnet 5.5: adaptive,
    /// between_tools"; "Sonnet 5: adaptive, disabled"; "Sonnet 4.6: adaptive, disabled, enabled";
    /// "Sonnet 4.5 / Haiku 4.5: disabled, enabled"; between_tools only at low/medium/high);
    /// "What's new in Opus 5.5" (disabled and enabled are a 400); "Prompting Claude Haiku 5.5"
    /// (disabled only at low/medium/high, enabled is a 400).
    static let models: [String: FakeClaudeModel] = [
        "claude-sonnet-5-5": .init(input: 2, output: 10, maxOutput: 128_000, thinksByDefault: true,
                                   thinkingTypes: ["adaptive", "between_tools"], efforts: all5, offEfforts: upToHigh,
                                   defaultEffort: "high", sampling: false),
        "claude-haiku-5-5": .init(input: 0.10, output: 0.50, maxOutput: 128_000, thinksByDefault: true,
                                  thinkingTypes: ["adaptive", "disabled"], efforts: all5, offEfforts: upToHigh,
                                  defaultEffort: "medium", sampling: false),
        "claude-opus-5-5": .init(input: 4, output: 20, maxOutput: 128_000, thinksByDefault: true,
                                 thinkingTypes: ["adaptive"], efforts: all5, offEfforts: [], defaultEffort: "medium", sampling: false),
        "claude-fable-5-1": .init(input: 10, output: 50, maxOutput: 128_000, thinksByDefault: true,
                                  thinkingTypes: ["adaptive"], efforts: all5, offEfforts: [], defaultEffort: "high", sampling: false),
        "claude-sonnet-5": .init(input: 2, output: 10, maxOutput: 128_000, thinksByDefault: true,
                                 thinkingTypes: ["adaptive", "disabled"], efforts: all5, offEfforts: upToHigh,
                                 defaultEffort: "high", sampling: false),
        "claude-sonnet-4-6": .init(input: 3, output: 15, maxOutput: 64_000, thinksByDefault: false,
                                   thinkingTypes: ["adaptive", "disabled", "enabled"], efforts: ["low", "medium", "high", "max"],
                                   offEfforts: ["low", "medium", "high", "max"], defaultEffort: "high", sampling: true),
        "claude-haiku-4-5": .init(input: 1, output: 5, maxOutput: 64_000, thinksByDefault: false,
                                  thinkingTypes: ["disabled", "enabled"], efforts: [], offEfforts: [], defaultEffort: "", sampling: true),
        "claude-sonnet-4-5": .init(input: 3, output: 15, maxOutput: 64_000, thinksByDefault: false,
                                   thinkingTypes: ["disabled", "enabled"], efforts: [], offEfforts: [], defaultEffort: "", sampling: true),
    ]

    /// Dated snapshots answer as their model.
    static let aliases = ["claude-haiku-4-5-20251001": "claude-haiku-4-5", "claude-sonnet-4-5-20250929": "claude-sonnet-4-5"]

    static func named(_ id: String) -> FakeClaudeModel? { models[aliases[id] ?? id] }

    /// The 400 a request gets for its thinking, effort or sampling fields, or nil when they are fine.
    func problem(_ json: FakeJSON, model id: String) -> String? {
        if !sampling {
            // Sonnet 5.5 migration guide: "non-default temperature, top_p or top_k return a 400".
            for name in ["temperature", "top_p", "top_k"] where json[name] != nil {
                return "`\(name)` is not supported on \(id); remove it (sampling is adaptive on this model)."
            }
        }
        let effort = json["output_config"]?["effort"]?.string
        if let effort {
            if efforts.isEmpty { return "output_config.effort: \(id) does not support effort; remove it." }
            if !efforts.contains(effort) {
                return "output_config.effort: Input should be \(efforts.sorted().map { "'\($0)'" }.joined(separator: ", "))"
            }
        }
        guard let thinking = json["thinking"] else { return nil }
        guard let type = thinking["type"]?.string else { return "thinking.type: Field required" }
        switch type {
        case "disabled" where !thinkingTypes.contains("disabled") && thinkingTypes.contains("between_tools"):
            // The migration guide's own wording for Sonnet 5.5.
            return "To turn thinking off on this model, send \"thinking\": {\"type\": \"between_tools\"} instead of {\"type\": \"disabled\"}. "
                + "The model does not think before responding. The short updates it writes between tool calls come back as thinking blocks."
        case _ where !thinkingTypes.contains(type):
            return "\"thinking.type.\(type)\" is not supported for this model. Use \"thinking.type.adaptive\" and \"output_config.effort\" to control thinking."
        case "between_tools":
            // "between_tools takes no other field": display, budget_tokens or block_binding are a 400.
            if let extra = thinking.object?.keys.first(where: { $0 != "type" }) {
                return "thinking.between_tools: Extra inputs are not permitted (\(extra))"
            }
            if !offEfforts.contains(effort ?? defaultEffort) {
                return "thinking.type.between_tools is accepted at effort low, medium or high, not \(effort ?? defaultEffort)."
            }
        case "disabled":
            if !offEfforts.isEmpty, !offEfforts.contains(effort ?? defaultEffort) {
                return "thinking.type.disabled is accepted at effort low, medium or high, not \(effort ?? defaultEffort)."
            }
        case "enabled":
            guard let budget = thinking["budget_tokens"]?.int else { return "thinking.enabled.budget_tokens: Field required" }
            if budget < 1_024 { return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024" }
            if let maxTokens = json["max_tokens"]?.int, budget >= maxTokens {
                return "`max_tokens` must be greater than `thinking.budget_tokens`."
            }
        default:
            break
        }
        return nil
    }

    /// Whether the request thinks up front, and at what effort.
    func thinks(_ json: FakeJSON) -> (Bool, effort: String) {
        let effort = json["output_config"]?["effort"]?.string ?? defaultEffort
        switch json["thinking"]?["type"]?.string {
        case nil: return (thinksByDefault, effort)
        case "adaptive"?, "enabled"?: return (true, effort)
        default: return (false, effort)
        }
    }

    /// Thinking tokens spent on a request at an effort: the models overview says effort sets how
    /// much the model thinks. The ranges are the fake's own, seeded per request.
    static func thinkingTokens(effort: String, random: inout SeededRandom) -> Int {
        let range: ClosedRange<Int> = switch effort {
        case "low": 120...600
        case "medium": 400...1_500
        case "xhigh": 2_000...6_000
        case "max": 3_000...9_000
        default: 900...3_500
        }
        return range.lowerBound + Int(random.next() % UInt64(range.count))
    }
}
