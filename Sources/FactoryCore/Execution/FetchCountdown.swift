import Synchronization

/// The run's items counted down as each is done fetching (or failed to, or was kept): `wait()`
/// returns once none is left, so what the providers keep warm for fetches can go before the
/// week's renders are over (`ProviderSet.fetchesDone`).
final class FetchCountdown: Sendable {
    private struct State {
        var left: Int
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>

    init(_ count: Int) { state = Mutex(State(left: count)) }

    /// One item is past its fetch.
    func done() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.left -= 1
            guard state.left <= 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Every item is past its fetch, counted or not (the run is over).
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.left = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once every item is past its fetch. One waiter.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.left <= 0 { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
