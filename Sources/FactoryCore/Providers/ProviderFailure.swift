import Foundation

/// Why one attempt at a provider call failed, classified the way the retry rules need it.
public struct ProviderFailure: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// Nothing was sent (connection refused, DNS): safe to retry.
        case notSent
        /// 429 with a hint, 408, 409: retry after the hint or a backoff.
        case rateLimited
        /// 500/502/503/504/529: the provider is struggling; retry a few times, then pause it.
        case overloaded
        /// 400/404/413/422 and content refusals: the request itself is wrong; never retried.
        case invalidRequest
        /// 401/403: the key is wrong or lacks permission; never retried, the provider is paused.
        case auth
        /// 402, OpenAI insufficient_quota, Anthropic 429 without retry-after (spend cap): never retried, provider paused.
        case quota
        /// A timeout or a broken answer after the request was sent: the provider may have billed it; not blindly re-sent.
        case uncertain
        /// A complete 200 answer that cannot be read (malformed JSON): billed, retried once.
        case malformed
    }

    public var kind: Kind
    public var provider: ProviderID
    public var status: Int?
    public var code: String?
    public var message: String
    public var requestId: String?
    /// Seconds the provider asked us to wait (retry-after-ms / retry-after), when it said.
    public var retryAfter: Double?

    public init(_ kind: Kind, provider: ProviderID, status: Int? = nil, code: String? = nil, message: String,
                requestId: String? = nil, retryAfter: Double? = nil) {
        self.kind = kind
        self.provider = provider
        self.status = status
        self.code = code
        self.message = Secrets.redact(message)
        self.requestId = requestId
        self.retryAfter = retryAfter
    }

    public var description: String {
        var parts = ["\(provider)"]
        if let status { parts.append("HTTP \(status)") }
        if let code { parts.append(code) }
        var text = parts.joined(separator: " ") + ": " + message
        if let requestId { text += " (request id \(requestId))" }
        return Secrets.redact(text)
    }

    /// Whether this failure stops the provider for the rest of the run.
    public var pausesProvider: Bool { kind == .auth || kind == .quota }
}

/// Classifies an HTTP status the way the official SDKs do, plus the
/// rules they miss: quota 429s and Anthropic's spend-cap 429 (no retry-after) are never retried.
public enum StatusClass {
    public static func kind(status: Int, code: String?, type: String?, hasRetryAfter: Bool, provider: ProviderID) -> ProviderFailure.Kind {
        let words = [code, type].compactMap { $0?.lowercased() }
        if words.contains(where: { $0.contains("insufficient_quota") || $0.contains("credit") || $0.contains("quota")
            || $0.contains("balance") || $0.contains("billing") || $0.contains("spend_limit") }) {
            return .quota
        }
        switch status {
        case 401, 403: return .auth
        case 402: return .quota
        case 429 where provider == .anthropic && !hasRetryAfter: return .quota
        case 408, 409, 429: return .rateLimited
        case 500...599: return .overloaded
        default: return .invalidRequest
        }
    }
}
