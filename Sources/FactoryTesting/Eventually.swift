import Foundation

/// Waits for `condition` to hold, asking again every `interval`, for at most `timeout`: a wait on
/// the thing itself where a sleep would guess how long it takes. Returns whether it held (use it
/// in `#expect` or `#require`, which then say what was awaited).
public func eventually(timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(20),
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}
