import Foundation

/// Set once when the run is asked to stop (SIGINT/SIGTERM): no new paid call starts after it.
public final class StopSignal: Sendable {
    // A lock-protected flag and the moment it was set; read by every stage before a paid call.
    nonisolated(unsafe) private var requested: Date?
    private let lock = NSLock()

    public init() {}

    public func request() { lock.withLock { if requested == nil { requested = Date() } } }
    public var isRequested: Bool { lock.withLock { requested != nil } }
    public var requestedAt: Date? { lock.withLock { requested } }
}
