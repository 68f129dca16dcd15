import FactoryCluster
import FactoryCore
import Foundation
import Synchronization
import Testing

/// Provider slots across processes (here: several `SlotLeases`, one per pretend worker).
@Suite(.serialized) struct SlotLeasesTests {
    /// How many bodies run at once, and the most there were.
    final class Gauge: Sendable {
        private let state = Mutex<(now: Int, most: Int)>((0, 0))
        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func limitHoldsAcrossWorkers() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let workers = (0..<3).map { SlotLeases(db: db, owner: "w\($0)", leaseSeconds: 30, limits: [.runware: 2], pollSeconds: 0.01) }
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<12 {
                let worker = workers[n % 3]
                group.addTask {
                    try await worker.withSlot(.runware) {
                        gauge.enter()
                        try await Task.sleep(for: .milliseconds(30))
                        gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(gauge.most <= 2)
        #expect(gauge.most >= 1)
        #expect(try fixture.sql("SELECT count(*) FROM factory_slots WHERE holder IS NOT NULL") == "0")
        await db.close()
    }

    @Test func deadWorkersSlotComesBackWhenItsLeaseEnds() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let dead = SlotLeases(db: db, owner: "dead", leaseSeconds: 30, limits: [.anthropic: 1], pollSeconds: 0.01)
        let alive = SlotLeases(db: db, owner: "alive", leaseSeconds: 30, limits: [.anthropic: 1], pollSeconds: 0.01)
        // The dead worker holds the only slot and never gives it back.
        let held = Task { try await dead.withSlot(.anthropic) { try await Task.sleep(for: .seconds(3600)) } }
        while try fixture.sql("SELECT count(*) FROM factory_slots WHERE worker = 'dead'") != "1" { try await Task.sleep(for: .milliseconds(20)) }
        let waiting = Task { try await alive.withSlot(.anthropic) { "served" } }
        try fixture.sql("UPDATE factory_slots SET lease_until = now() - interval '1 second' WHERE worker = 'dead'")
        #expect(try await waiting.value == "served")
        held.cancel()
        await db.close()
    }
}
