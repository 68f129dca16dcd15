import Synchronization

/// The run's items counted down as each is done fetching (or failed to, or was kept): `wait()`
/// returns once none is left, so what the providers keep warm for fetches can go before the
/// week's renders are over (`ProviderSet.fetchesDone`), and renders can wait for it
/// (`ProviderSet.fetchesFirst`).
final class FetchCountdown: Sendable {
    private struct State {
        var left: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(_ count: Int) { state = Mutex(State(left: count)) }

    /// One item is past its fetch.
    func done() { release { $0 - 1 } }

    /// Every item is past its fetch, counted or not (the run is over).
    func finish() { release { _ in 0 } }

    /// Sets what is left, and wakes every waiter once none is.
    private func release(_ left: (Int) -> Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.left = left(state.left)
            guard state.left <= 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Returns once every item is past its fetch.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.left <= 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
