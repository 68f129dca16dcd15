import FactoryCore
import Foundation
import PostgresNIO

/// Publishes a bundle inside a transaction that holds the item's job row locked (FOR UPDATE) and
/// has checked that this worker still holds the lease: the rescuer (SKIP LOCKED) cannot take the
/// item while the rename runs, and a worker whose lease is gone publishes nothing. If the worker
/// stalls inside, the server ends the transaction after the lease's length
/// (idle_in_transaction_session_timeout), so the row lock cannot outlive a dead worker.
/// Not retried on a lost connection: the rename may already have happened.
struct LeaseFence: PublicationFence {
    let db: Database
    let leases: LeaseBook
    let owner: String
    let leaseSeconds: Double

    func publish(item: String, _ publish: @Sendable () throws -> Void) async throws {
        guard let lease = leases[item] else { throw PostgresLedger.fenced(item: item, stage: "publish") }
        let timeout = String(Int(leaseSeconds * 1000))
        let logger = db.logger
        try await withoutActuallyEscaping(publish) { publish in
            let box = UncheckedPublish(publish)
            db.count(statements: 4)
            do {
                try await db.client.withTransaction(logger: logger) { connection in
                    try await connection.query("SELECT set_config('idle_in_transaction_session_timeout', \(timeout), true)", logger: logger)
                    let held = try await connection.query("""
                        SELECT 1 FROM factory_jobs WHERE id = \(lease.job) AND owner = \(owner) AND attempt = \(lease.attempt)
                           AND state = 'running' AND lease_until > now() FOR UPDATE
                        """, logger: logger).collect()
                    guard !held.isEmpty else { throw PostgresLedger.fenced(item: item, stage: "publish") }
                    try box.run()
                }
            } catch let error as ClusterError {
                throw error
            } catch let error as PostgresTransactionError where error.closureError != nil {
                // postgres-nio wraps what the closure threw: the fence's refusal, or the publication's own failure.
                throw error.closureError ?? error
            } catch {
                throw ClusterError(.query, "publish item \(item)", underlying: error)
            }
        }
    }
}

/// The publish closure carried into the transaction's closure, which runs before `publish` returns.
// @unchecked: it is called once, synchronously, while `LeaseFence.publish` is still on the stack.
private struct UncheckedPublish: @unchecked Sendable {
    let body: () throws -> Void
    init(_ body: @escaping () throws -> Void) { self.body = body }
    func run() throws { try body() }
}
