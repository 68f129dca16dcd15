@testable import FactoryCluster
import FactoryCore
import Foundation
import Synchronization
import Testing

/// A worker whose heartbeat fails: the failure is logged with its error, and once its leases are
/// at risk it claims nothing new, until a heartbeat succeeds again.
struct HeartbeatTests {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "connection refused by 127.0.0.1:1 (secret sk-test-heartbeat)" }
    }

    /// A renewer that fails while `failing` is set, and the lines logged.
    final class Rig: Sendable {
        let failing = Mutex(true)
        let lines = Mutex<[String]>([])
        func renew() throws -> [(job: Int64, attempt: Int64)] {
            if failing.withLock({ $0 }) { throw Unreachable() }
            return [(7, 1)]
        }
    }

    @Test(arguments: [(0.0, false), (0.3, false), (0.59, false), (0.61, true), (2.0, true)])
    func riskGrowsWithTheTimeSinceTheLastRenewal(fraction: Double, atRisk: Bool) {
        let start = ContinuousClock.now
        var health = LeaseHealth(leaseSeconds: 30, since: start)
        #expect(health.atRisk(at: start + .seconds(30 * fraction)) == atRisk)
        health.renewed(at: start + .seconds(30 * fraction))
        #expect(!health.atRisk(at: start + .seconds(30 * fraction)))
    }

    @Test func failedHeartbeatIsLoggedAndStopsClaimsUntilOneSucceeds() async throws {
        Secrets.register("sk-test-heartbeat")
        let rig = Rig()
        let start = ContinuousClock.now
        let heartbeat = Heartbeat(leaseSeconds: 30, start: start, renew: { try rig.renew() },
                                  log: { line in rig.lines.withLock { $0.append(line) } })
        // The first beat (a third of a lease in) fails: logged, but the leases are not yet at risk.
        #expect(await heartbeat.beat(sent: start + .seconds(10)) == nil)
        #expect(heartbeat.failures == 1)
        #expect(!heartbeat.atRisk(at: start + .seconds(10)))
        // Past 0.6 of a lease without a renewal the claim loop gets no room.
        #expect(await heartbeat.beat(sent: start + .seconds(20)) == nil)
        #expect(heartbeat.atRisk(at: start + .seconds(20)))
        let lines = rig.lines.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("heartbeat failed") && $0.contains("connection refused by 127.0.0.1:1") })
        #expect(lines.allSatisfy { !$0.contains("sk-test-heartbeat") })
        #expect(lines[1].contains("claiming no new items"))
        // It renews again: safe, claims resume.
        rig.failing.withLock { $0 = false }
        let held = await heartbeat.beat(sent: start + .seconds(21))
        #expect(held?.map(\.job) == [7])
        #expect(!heartbeat.atRisk(at: start + .seconds(22)))
        #expect(heartbeat.failures == 0)
        #expect(rig.lines.withLock { $0.last } == "heartbeat: leases renewed again")
    }
}
