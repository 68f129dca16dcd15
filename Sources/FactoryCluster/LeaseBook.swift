import Foundation
import Synchronization

/// The leases this worker holds right now, by item: the ledger fences its writes with them and
/// the heartbeat checks them. Items are unique within a week's queue.
public final class LeaseBook: Sendable {
    public struct Entry: Sendable {
        public var lease: WorkQueue.Lease
        /// When it was claimed: a heartbeat sent before it cannot have renewed it.
        public var since: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    public subscript(item: String) -> WorkQueue.Lease? { entries.withLock { $0[item]?.lease } }

    public func hold(_ lease: WorkQueue.Lease) {
        entries.withLock { $0[lease.item] = Entry(lease: lease, since: .now) }
    }

    /// Forgets the item's lease, if it is still this one.
    public func drop(_ lease: WorkQueue.Lease) {
        entries.withLock { if $0[lease.item]?.lease == lease { $0[lease.item] = nil } }
    }

    public var all: [Entry] { entries.withLock { Array($0.values) } }
}
