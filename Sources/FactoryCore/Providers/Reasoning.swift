import Foundation

/// How hard a text model works on an answer: `output_config.effort`, and whether it may think
/// before answering (thinking is billed as output and counts against `max_tokens`).
public struct Reasoning: Sendable, Equatable, Hashable {
    public var effort: Effort
    /// True: the model thinks up front (adaptive), and `max_tokens` gets a thinking budget on top.
    public var thinking: Bool

    public init(effort: Effort, thinking: Bool = false) {
        self.effort = effort
        self.thinking = thinking
    }

    /// The output tokens set aside for thinking at this effort, on top of the answer's own budget.
    public var thinkingBudget: Int {
        guard thinking else { return 0 }
        return switch effort {
        case .low: 2_048
        case .medium: 6_144
        case .high: 12_288
        case .xhigh: 24_576
        case .max: 32_768
        }
    }

    /// What the estimate expects thinking to use: about half its budget.
    public var expectedThinking: Int { thinkingBudget / 2 }
}

/// `output_config.effort`: low, medium, high, xhigh, max.
public enum Effort: String, Sendable, CaseIterable, Hashable {
    case low, medium, high, xhigh, max
}
