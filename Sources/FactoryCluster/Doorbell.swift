import Foundation
import Synchronization

/// Wakes one waiter early: `wait(seconds:)` returns when `ring()` is called or the time is up,
/// whichever comes first (a ring with nobody waiting is kept for the next wait). Spurious early
/// returns are harmless: every waiter re-checks what it waits for.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
        var generation = 0
    }

    private let state = Mutex(State())

    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    func wait(seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let generation = state.withLock { state -> Int? in
                if state.rung {
                    state.rung = false
                    return nil
                }
                state.waiter = continuation
                state.generation += 1
                return state.generation
            }
            guard let generation else { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                let waiter = self?.state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard state.generation == generation, let waiter = state.waiter else { return nil }
                    state.waiter = nil
                    return waiter
                }
                waiter?.resume()
            }
        }
    }
}
