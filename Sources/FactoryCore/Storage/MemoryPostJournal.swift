import Foundation
import Synchronization

/// The publication journal in memory, for unit tests: the same contract as the SQLite and
/// PostgreSQL journals (PostJournalContractTests runs the same cases on all three).
public final class MemoryPostJournal: PostJournal {
    private struct State {
        var posts: [PostRecord] = []
        var approvals: [Approval] = []
        var texts: [PostText] = []
        var snapshots: [MetricSnapshot] = []
    }

    private let state = Mutex(State())
    private let clock: WallClock

    public init(clock: WallClock = .system) { self.clock = clock }

    public func begin(week: String, item: String, platform: Platform, version: String, runId: String) throws -> PostRecord {
        let stamp = clock.stamp()
        return state.withLock { state in
            let attempt = (state.posts.filter { $0.week == week && $0.item == item && $0.platform == platform }.map(\.attempt).max() ?? 0) + 1
            let record = PostRecord(id: Int64(state.posts.count + 1), week: week, item: item, platform: platform, version: version,
                                    attempt: attempt, state: .intent, runId: runId, createdAt: stamp, updatedAt: stamp)
            state.posts.append(record)
            return record
        }
    }

    public func advance(_ id: Int64, state next: PostState, remoteId: String?, details: PostDetails) throws {
        try change(id) { record in
            record.state = next
            if let remoteId { record.remoteId = remoteId }
            record.details = record.details.merging(details)
        }
    }

    public func finish(_ id: Int64, state next: PostState, remoteId: String?, url: String?, reason: String?) throws {
        try change(id) { record in
            record.state = next
            if let remoteId { record.remoteId = remoteId }
            record.url = url
            record.reason = reason
        }
    }

    public func note(_ id: Int64, _ reason: String) throws {
        try change(id) { $0.reason = reason }
    }

    public func posts(week: String) -> [PostRecord] {
        state.withLock { $0.posts.filter { $0.week == week } }
    }

    public func approve(week: String, item: String, version: String, by: String) {
        let stamp = clock.stamp()
        state.withLock { state in
            state.approvals.removeAll { $0.week == week && $0.item == item }
            state.approvals.append(Approval(week: week, item: item, version: version, by: by, approvedAt: stamp))
        }
    }

    public func revoke(week: String, item: String) -> Bool {
        state.withLock { state in
            let before = state.approvals.count
            state.approvals.removeAll { $0.week == week && $0.item == item }
            return state.approvals.count != before
        }
    }

    public func approvals(week: String) -> [Approval] {
        state.withLock { $0.approvals.filter { $0.week == week }.sorted { $0.item < $1.item } }
    }

    private func change(_ id: Int64, _ body: (inout PostRecord) -> Void) throws {
        let stamp = clock.stamp()
        try state.withLock { state in
            guard let index = state.posts.firstIndex(where: { $0.id == id }) else {
                throw FactoryError(.journal, "the publication journal has no post \(id)")
            }
            body(&state.posts[index])
            state.posts[index].updatedAt = stamp
        }
    }

    public func setText(_ text: PostText) throws {
        var text = text
        text.editedAt = clock.stamp()
        state.withLock { state in
            state.texts.removeAll { $0.week == text.week && $0.item == text.item && $0.version == text.version && $0.platform == text.platform }
            state.texts.append(text)
        }
    }

    public func record(_ snapshot: MetricSnapshot) throws -> Bool {
        state.withLock { state in
            guard !state.snapshots.contains(where: { $0.platform == snapshot.platform && $0.postId == snapshot.postId && $0.slot == snapshot.slot })
            else { return false }
            state.snapshots.append(snapshot)
            return true
        }
    }

    public func snapshots(week: String) throws -> [MetricSnapshot] {
        state.withLock { $0.snapshots.filter { $0.week == week } }
    }

    public func texts(week: String) throws -> [PostText] {
        state.withLock { $0.texts.filter { $0.week == week } }
    }
}
