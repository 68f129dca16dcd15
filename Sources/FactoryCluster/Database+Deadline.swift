import Foundation
import Synchronization

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
        let race = DeadlineRace<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.wait(continuation)
                Task { race.finish(await attempt.result) }
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    if race.finish(.failure(AttemptTimedOut(seconds: seconds))) { attempt.cancel() }
                }
            }
        } onCancel: {
            attempt.cancel()
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of an attempt's result, its deadline and its caller's cancellation; later ones are dropped.
final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var waiter: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var resumed = false
    }

    private let state = Mutex(State())

    /// Resumes `continuation` at once if the race is already decided, else when it is.
    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let ready = state.withLock { state -> Result<T, any Error>? in
            guard let result = state.result, !state.resumed else {
                state.waiter = continuation
                return nil
            }
            state.resumed = true
            return result
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// Decides the race with `result` unless it is decided already; true when this call decided it.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (won, waiter) = state.withLock { state -> (Bool, CheckedContinuation<T, any Error>?) in
            guard state.result == nil else { return (false, nil) }
            state.result = result
            guard let waiter = state.waiter else { return (true, nil) }
            state.waiter = nil
            state.resumed = true
            return (true, waiter)
        }
        waiter?.resume(with: result)
        return won
    }
}
