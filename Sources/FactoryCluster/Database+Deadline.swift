import Foundation

extension Database {
    /// How long one attempt of a statement may take before it is given up and tried again. Every
    /// statement here is short; seen once (2026-11-28, a clean-clone `make test`): after a server
    /// restart a worker's statement waited for a pooled connection that never came, while an idle
    /// one stood open, and the worker hung for good. Given up, it is retried on a fresh lease.
    static let attemptSeconds = 30.0

    /// An attempt that outlived `attemptSeconds`: transient, so `run` retries it (within its patience).
    struct AttemptTimedOut: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "no answer within \(Int(seconds)) s" }
    }

    /// `body`'s result, or `AttemptTimedOut` after `seconds` (then `body` is cancelled, and this
    /// returns once it has ended: waiting for a pooled connection ends at once when cancelled).
    static func withDeadline<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        return try await withThrowingTaskGroup(of: DeadlineOutcome<T>.self) { group in
            group.addTask { .value(try await body()) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return .timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            switch first {
            case .value(let value): return value
            case .timedOut: throw AttemptTimedOut(seconds: seconds)
            }
        }
    }
}

/// Which finished first in `Database.withDeadline`.
enum DeadlineOutcome<T: Sendable>: Sendable {
    case value(T)
    case timedOut
}
