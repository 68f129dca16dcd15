import Foundation
import Synchronization

/// A result that arrives once, from whichever of its producers finishes first (later ones are
/// dropped); `value` waits for it and may be awaited any number of times, `wait()` blocks for it.
public final class Eventual<T: Sendable>: Sendable {
    private enum State {
        case pending([CheckedContinuation<T, any Error>])
        case done(Result<T, any Error>)
    }

    private let state = Mutex<State>(.pending([]))
    private let ended = DispatchGroup()

    public init() { ended.enter() }

    /// Settles it with `result` unless it is settled already; true when this call settled it.
    @discardableResult
    public func finish(_ result: Result<T, any Error>) -> Bool {
        let (won, waiting) = state.withLock { state -> (Bool, [CheckedContinuation<T, any Error>]) in
            guard case .pending(let waiting) = state else { return (false, []) }
            state = .done(result)
            return (true, waiting)
        }
        guard won else { return false }
        for continuation in waiting { continuation.resume(with: result) }
        ended.leave()
        return true
    }

    public var value: T {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<T, any Error>? in
                    switch state {
                    case .done(let result): return result
                    case .pending(var waiting):
                        waiting.append(continuation)
                        state = .pending(waiting)
                        return nil
                    }
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }

    /// Blocks until it is settled, whatever the result: for a `defer` that must not leave the work
    /// behind it running (its files are about to be removed).
    public func wait() { ended.wait() }
}

extension BlockingIO {
    /// Starts `body` on the blocking queue now and returns its result to await later. Unlike
    /// `async let` over `run`, the work begins at once even when the caller's executor is about to
    /// block: a render runs on its own one-thread task executor (`RenderExecutor`), which a child
    /// task inherits, so an `async let` started before the render only began after it (seen:
    /// story.mp3 made after a 45-second render instead of beside it).
    public static func start<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Eventual<T> {
        let eventual = Eventual<T>()
        queue.async { eventual.finish(Result { try body() }) }
        return eventual
    }
}
