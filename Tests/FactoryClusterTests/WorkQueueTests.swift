import FactoryCluster
import FactoryCore
import Foundation
import Testing

/// The queue against a real PostgreSQL: idempotent enqueue, SKIP LOCKED claims, and the rescuer
/// and the fence with back-dated leases (the way River and Oban test theirs).
@Suite(.serialized) struct WorkQueueTests {
    static let items = (0..<6).map { (id: "p\($0)", position: $0) }
    static var ids: [String] { items.map(\.id) }

    @Test func enqueueIsIdempotentAndClaimsNeverOverlap() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let a = WorkQueue(db: db, name: "2026-W48 q", owner: "a", leaseSeconds: 30)
        let b = WorkQueue(db: db, name: "2026-W48 q", owner: "b", leaseSeconds: 30)
        #expect(try await a.enqueue(Self.items, maxAttempts: 3) == 6)
        #expect(try await b.enqueue(Self.items, maxAttempts: 3) == 0)
        #expect(try fixture.sql("SELECT count(*) FROM factory_jobs") == "6")
        async let first = a.claim(4, among: Self.ids)
        async let second = b.claim(4, among: Self.ids)
        let (x, y) = try await (first, second)
        #expect(x.count + y.count == 6)
        #expect(Set(x.map(\.item)).isDisjoint(with: y.map(\.item)))
        #expect(try await a.claim(1, among: Self.ids).isEmpty)
        await db.close()
    }

    @Test func rescuerRequeuesExpiredLeasesAndFencesTheirOwner() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let stale = WorkQueue(db: db, name: "q", owner: "stale", leaseSeconds: 30)
        let other = WorkQueue(db: db, name: "q", owner: "other", leaseSeconds: 30)
        try await stale.enqueue(Array(Self.items.prefix(2)), maxAttempts: 3)
        let leases = try await stale.claim(2, among: Self.ids)
        #expect(leases.count == 2)
        // Nothing is expired yet: the rescuer changes nothing.
        #expect(try await other.rescue().isEmpty)
        try fixture.backdateLeases(queue: "q")
        // A heartbeat after the back-dating renews the first lease only if it comes before the rescue:
        // here the rescue comes first, and re-checks the lease in its own statement.
        let rescued = try await other.rescue()
        #expect(rescued.map(\.item).sorted() == ["p0", "p1"])
        #expect(rescued.allSatisfy { $0.state == .queued })
        // The stale worker's writes touch nothing: finish, heartbeat.
        #expect(try await stale.finish(leases[0], state: .done, outcome: nil) == false)
        #expect(try await stale.heartbeat().isEmpty)
        // Another worker takes the items over, on the next attempt.
        let taken = try await other.claim(2, among: Self.ids)
        #expect(taken.map(\.attempt) == [2, 2])
        #expect(try await other.finish(taken[0], state: .done, outcome: nil))
        #expect(try await stale.finish(leases[0], state: .done, outcome: nil) == false)
        #expect(try fixture.sql("SELECT owner || ' ' || state FROM factory_jobs WHERE item = 'p0'") == "other done")
        await db.close()
    }

    @Test func aHeartbeatRenewsALiveLeaseOnly() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let worker = WorkQueue(db: db, name: "q", owner: "w", leaseSeconds: 30)
        try await worker.enqueue(Array(Self.items.prefix(2)), maxAttempts: 3)
        let leases = try await worker.claim(2, among: Self.ids)
        #expect(leases.count == 2)
        // A live lease is renewed, so the rescuer leaves it alone.
        try fixture.sql("UPDATE factory_jobs SET lease_until = now() + interval '2 seconds'")
        #expect(try await worker.heartbeat().count == 2)
        #expect(try fixture.sql("SELECT count(*) FROM factory_jobs WHERE lease_until > now() + interval '20 seconds'") == "2")
        #expect(try await worker.rescue().isEmpty)
        // One lease expires before the rescuer has run: the late heartbeat does not revive it,
        // and the late worker can no longer record its item (the fence does not wait for the rescue).
        try fixture.sql("UPDATE factory_jobs SET lease_until = now() - interval '1 second' WHERE item = 'p0'")
        #expect(try await worker.heartbeat().map(\.job) == [leases[1].job])
        let late = try #require(leases.first { $0.item == "p0" })
        #expect(try await worker.finish(late, state: .done, outcome: nil) == false)
        #expect(try await worker.rescue().map(\.item) == ["p0"])
        #expect(try fixture.sql("SELECT item || ' ' || state FROM factory_jobs ORDER BY item") == "p0 queued\np1 running")
        await db.close()
    }

    @Test func lastAttemptFailsWithItsReason() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let queue = WorkQueue(db: db, name: "q", owner: "w", leaseSeconds: 30)
        try await queue.enqueue(Array(Self.items.prefix(1)), maxAttempts: 2)
        for attempt in 1...2 {
            let lease = try #require(try await queue.claim(1, among: Self.ids).first)
            #expect(lease.attempt == Int64(attempt))
            try fixture.backdateLeases(queue: "q")
            let rescued = try await queue.rescue()
            #expect(rescued.map(\.state) == [attempt == 2 ? .failed : .queued])
        }
        let row = try #require(try await queue.rows(["p0"]).first)
        #expect(row.state == .failed)
        #expect(row.reason?.contains("its lease expired on each of its 2 attempts") == true)
        #expect(try await queue.claim(1, among: Self.ids).isEmpty)
        #expect(try await queue.remaining(["p0"]) == (0, 0))
        // A re-run of the finished week queues it again.
        #expect(try await queue.reopenIfFinished(["p0"]) == 1)
        #expect(try await queue.remaining(["p0"]) == (1, 0))
        await db.close()
    }
}
