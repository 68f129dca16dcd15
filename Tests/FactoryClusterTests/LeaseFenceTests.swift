@testable import FactoryCluster
import FactoryCore
import Foundation
import Synchronization
import Testing

/// Publication under the lease: a worker whose lease was taken over publishes nothing.
@Suite(.serialized) struct LeaseFenceTests {
    final class Calls: Sendable {
        let count = Mutex(0)
        func publish() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func publishesOnlyWhileTheLeaseIsHeld() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let queue = WorkQueue(db: db, name: "q", owner: "w", leaseSeconds: 30)
        let rescuer = WorkQueue(db: db, name: "q", owner: "r", leaseSeconds: 30)
        try await queue.enqueue([("p0", 0), ("p1", 1), ("p2", 2)], maxAttempts: 3)
        let leases = LeaseBook()
        for lease in try await queue.claim(3, among: ["p0", "p1", "p2"]) { leases.hold(lease) }
        let fence = LeaseFence(db: db, leases: leases, owner: "w", leaseSeconds: 30)
        let calls = Calls()
        try await fence.publish(item: "p0") { calls.publish() }
        #expect(calls.value == 1)
        // p1's lease runs out and the rescuer takes it back: its publication is refused, untouched.
        try fixture.sql("UPDATE factory_jobs SET lease_until = now() - interval '1 minute' WHERE item = 'p1'")
        #expect(try await rescuer.rescue().map(\.item) == ["p1"])
        let error = await #expect(throws: ClusterError.self) { try await fence.publish(item: "p1") { calls.publish() } }
        #expect(error?.code == .fenced)
        #expect(calls.value == 1)
        // p2's lease has run out but no rescuer has run yet: a worker woken late publishes nothing either.
        try fixture.sql("UPDATE factory_jobs SET lease_until = now() - interval '1 second' WHERE item = 'p2'")
        let late = await #expect(throws: ClusterError.self) { try await fence.publish(item: "p2") { calls.publish() } }
        #expect(late?.code == .fenced)
        #expect(calls.value == 1)
        // An item this worker never held is refused too.
        await #expect(throws: ClusterError.self) { try await fence.publish(item: "p9") { calls.publish() } }
        #expect(calls.value == 1)
        await db.close()
    }
}
