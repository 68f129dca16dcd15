/// A counting semaphore for async code: at most `limit` bodies run inside `withPermit` at once.
/// Waiters are served by priority (lower first; the item's position in the manifest), then in
/// arrival order, so early items finish first and the render pool gets work early.
public actor AsyncSemaphore {
    private var available: Int
    private var waiters: [(priority: Int, order: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var arrivals = 0

    public init(limit: Int) { available = max(1, limit) }

    public func withPermit<T: Sendable>(priority: Int = 0, _ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire(priority: priority)
        defer { release() }
        return try await body()
    }

    func acquire(priority: Int) async {
        if available > 0 { available -= 1; return }
        arrivals += 1
        let order = arrivals
        await withCheckedContinuation { continuation in
            let index = waiters.firstIndex { ($0.priority, $0.order) > (priority, order) } ?? waiters.endIndex
            waiters.insert((priority, order, continuation), at: index)
        }
    }

    func release() {
        if waiters.isEmpty { available += 1 } else { waiters.removeFirst().continuation.resume() }
    }
}
