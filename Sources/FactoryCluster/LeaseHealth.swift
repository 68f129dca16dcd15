import FactoryCore
import Foundation
import Synchronization

/// How safe a worker's leases are: the time since its heartbeat last renewed them, against the
/// lease length. Past `riskFraction` of a lease without a renewal the worker claims nothing new
/// (what it holds may expire and be taken over); a renewal makes it safe again.
struct LeaseHealth: Sendable, Equatable {
    /// Heartbeats come every third of a lease, so a healthy worker stays near 0.35 of one; one
    /// missed beat passes 0.6, with 0.4 of the lease left to finish or give back.
    static let riskFraction = 0.6

    let leaseSeconds: Double
    private(set) var lastRenewal: ContinuousClock.Instant
    /// Failed heartbeats since the last renewal.
    private(set) var failures = 0

    init(leaseSeconds: Double, since start: ContinuousClock.Instant) {
        self.leaseSeconds = leaseSeconds
        lastRenewal = start
    }

    mutating func renewed(at instant: ContinuousClock.Instant) {
        lastRenewal = max(lastRenewal, instant)
        failures = 0
    }

    mutating func failed() { failures += 1 }

    func atRisk(at now: ContinuousClock.Instant) -> Bool {
        now - lastRenewal > .seconds(leaseSeconds * Self.riskFraction)
    }
}

/// A worker's heartbeat: renews its leases every third of a lease through `renew`, logs a failed
/// renewal with its error (redacted), and tells the claim loop when the leases are at risk.
final class Heartbeat: Sendable {
    typealias Renewal = @Sendable () async throws -> [(job: Int64, attempt: Int64)]
    private let health: Mutex<LeaseHealth>
    private let renew: Renewal
    private let log: @Sendable (String) -> Void
    let period: Double

    init(leaseSeconds: Double, start: ContinuousClock.Instant = .now, renew: @escaping Renewal, log: @escaping @Sendable (String) -> Void) {
        health = Mutex(LeaseHealth(leaseSeconds: leaseSeconds, since: start))
        period = leaseSeconds / 3
        self.renew = renew
        self.log = log
    }

    func atRisk(at now: ContinuousClock.Instant = .now) -> Bool { health.withLock { $0.atRisk(at: now) } }

    var failures: Int { health.withLock { $0.failures } }

    /// One renewal, sent at `sent`: the leases still held, or nil (logged) when it failed.
    func beat(sent: ContinuousClock.Instant = .now) async -> [(job: Int64, attempt: Int64)]? {
        do {
            let held = try await renew()
            let wasAtRisk = health.withLock { health in
                defer { health.renewed(at: sent) }
                return health.failures > 0
            }
            if wasAtRisk { log("heartbeat: leases renewed again") }
            return held
        } catch {
            let now = max(sent, .now)
            let (failures, since, atRisk) = health.withLock { health in
                health.failed()
                return (health.failures, now - health.lastRenewal, health.atRisk(at: now))
            }
            log(Secrets.redact("heartbeat failed (\(failures) in a row, leases last renewed \(String(format: "%.1f", since / .seconds(1))) s ago): "
                               + "\(error)" + (atRisk ? "; claiming no new items until a heartbeat succeeds" : "")))
            return nil
        }
    }

    /// Beats every `period` until cancelled, handing each renewal (and when it was sent) to `renewed`.
    func run(_ renewed: @Sendable ([(job: Int64, attempt: Int64)], ContinuousClock.Instant) -> Void) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(period))
            if Task.isCancelled { return }
            let sent = ContinuousClock.now
            if let held = await beat(sent: sent) { renewed(held, sent) }
        }
    }
}
