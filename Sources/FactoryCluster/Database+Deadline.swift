import FactoryCore
import Foundation

extension Database {
    /// How long one attempt of a statement may take before it is given up and tried again. Every
    /// statement here is short. Seen once (2026-11-28, a clean-clone `make test`, the PostgreSQL
    /// restart test): after the restart one worker's main loop never moved again, with no error
    /// logged, while its heartbeat went on renewing through the same client; SIGTERM did not stop
    /// it, so it sat in an await. Where exactly was not pinned down; a statement that neither
    /// answers nor fails is the one await of that loop that has no bound of its own, so each
    /// attempt now has one: given up, it is retried on a fresh lease within `patience`.
    static let attemptSeconds = 30.0

    /// An attempt that outlived `attemptSeconds`: transient, so `run` retries it (within its patience).
    struct AttemptTimedOut: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "no answer within \(Int(seconds)) s" }
    }

    /// `body`'s result, or `AttemptTimedOut` after `seconds`. The attempt runs as a task of its own
    /// and is cancelled when given up, but not waited for: a query whose connection died without
    /// saying so need not honour cancellation, and the caller must not wait on it (its statements
    /// are idempotent, so the retry is safe while it lingers).
    static func withDeadline<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let attempt = Task { try await body() }
        let outcome = Eventual<T>()
        Task { outcome.finish(await attempt.result) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if outcome.finish(.failure(AttemptTimedOut(seconds: seconds))) { attempt.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await outcome.value
        } onCancel: {
            attempt.cancel()
            outcome.finish(.failure(CancellationError()))
        }
    }
}
