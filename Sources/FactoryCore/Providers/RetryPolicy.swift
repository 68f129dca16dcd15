import Foundation

/// When to try a provider call again, and after how long: a pure function, tested by a table.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var initialDelay: Double
    public var maxDelay: Double
    /// The longest server hint honoured; a provider asking for more is not retried in this run.
    public var maxRetryAfter: Double

    public init(maxAttempts: Int, initialDelay: Double, maxDelay: Double, maxRetryAfter: Double = 60) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The Stainless SDK defaults (OpenAI, Anthropic): 3 attempts, 0.5 s doubling to 8 s.
    public static let tokenAPIs = RetryPolicy(maxAttempts: 3, initialDelay: 0.5, maxDelay: 8)
    /// Runware's SDK: 4 attempts, 1 s doubling to 30 s.
    public static let runware = RetryPolicy(maxAttempts: 4, initialDelay: 1, maxDelay: 30)

    /// Image downloads from a provider's image host: free to repeat, so 5 attempts, 0.5 s doubling to 8 s.
    public static let downloads = RetryPolicy(maxAttempts: 5, initialDelay: 0.5, maxDelay: 8)

    /// The plain backoff before attempt `attempt + 1`: capped doubling, 75–100 % of it with jitter.
    public func delay(attempt: Int, jitter: Double) -> Double {
        min(initialDelay * pow(2, Double(attempt - 1)), maxDelay) * (1 - 0.25 * min(max(jitter, 0), 1))
    }

    /// The wait before attempt `attempt + 1` after `failure` on attempt `attempt` (1-based), or nil to give up.
    /// `jitter` is a number in 0..<1; the backoff uses 75–100 % of the nominal delay.
    public func delay(after failure: ProviderFailure, attempt: Int, jitter: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        switch failure.kind {
        case .invalidRequest, .auth, .quota, .uncertain:
            return nil
        case .malformed:
            return attempt == 1 ? initialDelay : nil
        case .notSent, .rateLimited, .overloaded:
            if let hint = failure.retryAfter {
                guard hint <= maxRetryAfter else { return nil }
                if hint > 0 { return hint }
            }
            return delay(attempt: attempt, jitter: jitter)
        }
    }
}

/// Reads `retry-after-ms`, then `retry-after` (seconds, or an HTTP date).
public enum RetryAfter {
    public static func seconds(retryAfterMS: String?, retryAfter: String?, now: Date = Date()) -> Double? {
        if let ms = retryAfterMS.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), ms >= 0 {
            return ms / 1000
        }
        guard let value = retryAfter?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) { return seconds >= 0 ? seconds : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
