import Foundation

/// A paid provider: its name in the ledger, the cache and the limits, and its retry policy.
public enum ProviderID: String, Sendable, CaseIterable, Codable, Hashable, CustomStringConvertible {
    case runware, openai, anthropic

    public var description: String { rawValue }

    /// The provider's SDK defaults (Runware's SDK; the Stainless SDKs of OpenAI and Anthropic).
    public var retryPolicy: RetryPolicy {
        switch self {
        case .runware: .runware
        case .openai, .anthropic: .tokenAPIs
        }
    }
}
