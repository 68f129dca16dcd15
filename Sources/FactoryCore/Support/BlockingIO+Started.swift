import Foundation
import Synchronization

extension BlockingIO {
    /// Starts `body` on the blocking queue now and returns a handle to await its result later.
    /// Unlike `async let` over `run`, the work begins at once even when the caller's executor is
    /// about to block: a render runs on its own one-thread task executor (`RenderExecutor`), which a
    /// child task inherits, so an `async let` started before the render only began after it
    /// (seen: story.mp3 made after a 45-second render instead of beside it).
    public static func start<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Started<T> {
        let started = Started<T>()
        queue.async { started.finish(Result { try body() }) }
        return started
    }

    /// Work begun by `start`; `value` waits for it (and may be awaited once or many times).
    public final class Started<T: Sendable>: Sendable {
        private enum State {
            case running([CheckedContinuation<T, any Error>])
            case done(Result<T, any Error>)
        }

        private let state = Mutex<State>(.running([]))
        private let ended = DispatchGroup()

        fileprivate init() { ended.enter() }

        fileprivate func finish(_ result: Result<T, any Error>) {
            let waiting = state.withLock { state -> [CheckedContinuation<T, any Error>] in
                guard case .running(let waiting) = state else { return [] }
                state = .done(result)
                return waiting
            }
            for continuation in waiting { continuation.resume(with: result) }
            ended.leave()
        }

        /// Blocks until the work has ended, whatever its result: for a `defer` that must not leave
        /// it running behind (its files are about to be removed).
        public func wait() { ended.wait() }

        public var value: T {
            get async throws {
                try await withCheckedThrowingContinuation { continuation in
                    let result = state.withLock { state -> Result<T, any Error>? in
                        switch state {
                        case .done(let result): return result
                        case .running(var waiting):
                            waiting.append(continuation)
                            state = .running(waiting)
                            return nil
                        }
                    }
                    if let result { continuation.resume(with: result) }
                }
            }
        }
    }
}
