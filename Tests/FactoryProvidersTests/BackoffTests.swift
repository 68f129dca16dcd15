import FactoryCore
import Foundation
import Testing

@Suite("Retry policy and backoff")
struct BackoffTests {
    static func failure(_ kind: ProviderFailure.Kind, retryAfter: Double? = nil) -> ProviderFailure {
        ProviderFailure(kind, provider: .anthropic, status: 429, message: "test", retryAfter: retryAfter)
    }

    struct Case: Sendable, CustomStringConvertible {
        var kind: ProviderFailure.Kind
        var retryAfter: Double?
        var attempt: Int
        var jitter: Double
        var expected: Double?
        var description: String { "\(kind) hint \(retryAfter.map { "\($0)" } ?? "-") attempt \(attempt) jitter \(jitter)" }
    }

    @Test("token APIs: 0.5 s doubling to 8 s, 75–100 % jitter, hints honoured up to 60 s, permanent errors never retried",
          arguments: [
              Case(kind: .overloaded, retryAfter: nil, attempt: 1, jitter: 0, expected: 0.5),
              Case(kind: .overloaded, retryAfter: nil, attempt: 2, jitter: 0, expected: 1.0),
              Case(kind: .overloaded, retryAfter: nil, attempt: 2, jitter: 1, expected: 0.75),
              Case(kind: .rateLimited, retryAfter: 7, attempt: 1, jitter: 0.5, expected: 7),
              Case(kind: .rateLimited, retryAfter: 60, attempt: 2, jitter: 0.5, expected: 60),
              Case(kind: .rateLimited, retryAfter: 61, attempt: 1, jitter: 0.5, expected: nil),
              Case(kind: .rateLimited, retryAfter: 0, attempt: 1, jitter: 0, expected: 0.5),
              Case(kind: .notSent, retryAfter: nil, attempt: 1, jitter: 0, expected: 0.5),
              Case(kind: .overloaded, retryAfter: nil, attempt: 3, jitter: 0, expected: nil),
              Case(kind: .invalidRequest, retryAfter: nil, attempt: 1, jitter: 0, expected: nil),
              Case(kind: .auth, retryAfter: nil, attempt: 1, jitter: 0, expected: nil),
              Case(kind: .quota, retryAfter: 5, attempt: 1, jitter: 0, expected: nil),
              Case(kind: .uncertain, retryAfter: nil, attempt: 1, jitter: 0, expected: nil),
              Case(kind: .malformed, retryAfter: nil, attempt: 1, jitter: 0, expected: 0.5),
              Case(kind: .malformed, retryAfter: nil, attempt: 2, jitter: 0, expected: nil),
          ])
    func tokenPolicy(_ c: Case) {
        let delay = RetryPolicy.tokenAPIs.delay(after: Self.failure(c.kind, retryAfter: c.retryAfter), attempt: c.attempt, jitter: c.jitter)
        #expect(delay == c.expected)
    }

    @Test("Runware: 1 s doubling, capped at 30 s, four attempts")
    func runwarePolicy() {
        let policy = RetryPolicy(maxAttempts: 8, initialDelay: 1, maxDelay: 30)
        let delays = (1...7).map { policy.delay(after: Self.failure(.overloaded), attempt: $0, jitter: 0) }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30])
        #expect(RetryPolicy.runware.delay(after: Self.failure(.overloaded), attempt: 3, jitter: 0) == 4)
        #expect(RetryPolicy.runware.delay(after: Self.failure(.overloaded), attempt: 4, jitter: 0) == nil)
    }

    @Test("Retry-After: milliseconds first, then seconds, then an HTTP date")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(RetryAfter.seconds(retryAfterMS: "1500", retryAfter: "9", now: now) == 1.5)
        #expect(RetryAfter.seconds(retryAfterMS: nil, retryAfter: "7", now: now) == 7)
        #expect(RetryAfter.seconds(retryAfterMS: nil, retryAfter: "2.5", now: now) == 2.5)
        #expect(RetryAfter.seconds(retryAfterMS: nil, retryAfter: nil, now: now) == nil)
        #expect(RetryAfter.seconds(retryAfterMS: nil, retryAfter: "soon", now: now) == nil)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let date = formatter.string(from: now.addingTimeInterval(12))
        let seconds = RetryAfter.seconds(retryAfterMS: nil, retryAfter: date, now: now)
        #expect(seconds.map { abs($0 - 12) < 1 } == true)
    }

    @Test("status classes: quota and spend-cap 429s are never retried")
    func statusClasses() {
        #expect(StatusClass.kind(status: 429, code: nil, type: "rate_limit_error", hasRetryAfter: true, provider: .anthropic) == .rateLimited)
        #expect(StatusClass.kind(status: 429, code: nil, type: "rate_limit_error", hasRetryAfter: false, provider: .anthropic) == .quota)
        #expect(StatusClass.kind(status: 429, code: "insufficient_quota", type: "insufficient_quota", hasRetryAfter: true, provider: .openai) == .quota)
        #expect(StatusClass.kind(status: 429, code: "rate_limit_exceeded", type: "requests", hasRetryAfter: false, provider: .openai) == .rateLimited)
        #expect(StatusClass.kind(status: 402, code: "insufficientCredits", type: nil, hasRetryAfter: false, provider: .runware) == .quota)
        #expect(StatusClass.kind(status: 401, code: "invalidApiKey", type: nil, hasRetryAfter: false, provider: .runware) == .auth)
        #expect(StatusClass.kind(status: 529, code: nil, type: "overloaded_error", hasRetryAfter: false, provider: .anthropic) == .overloaded)
        #expect(StatusClass.kind(status: 400, code: "invalidWidth", type: nil, hasRetryAfter: false, provider: .runware) == .invalidRequest)
        #expect(StatusClass.kind(status: 404, code: nil, type: "not_found_error", hasRetryAfter: false, provider: .anthropic) == .invalidRequest)
    }
}
