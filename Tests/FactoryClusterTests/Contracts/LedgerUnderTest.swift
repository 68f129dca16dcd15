@testable import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation

/// A call as its store keeps it: the state and the stamps its clock wrote.
struct CallRecord: Equatable, Sendable {
    var state: Ledger.CallState
    var createdAt: String
    var settledAt: String?
}

/// One ledger opened for a contract case, with what the case reads beside the protocol (each
/// call's row, the week's days) and what it closes.
struct LedgerUnderTest: Sendable {
    let store: any LedgerStore
    let reports: any LedgerReports
    let record: @Sendable (Int64) async throws -> CallRecord?
    /// A second handle on the same ledger for another run (another process, another worker).
    let other: @Sendable (_ runId: String) -> any LedgerStore
    let close: @Sendable () async -> Void

    static func open(_ kind: StoreKind, clock: WallClock) async throws -> LedgerUnderTest {
        switch kind {
        case .memory:
            let ledger = MemoryLedger(clock: clock)
            return LedgerUnderTest(store: ledger, reports: ledger, record: { id in
                guard let state = ledger.states[id], let stamps = ledger.stamps[id] else { return nil }
                return CallRecord(state: state, createdAt: stamps.created, settledAt: stamps.settled)
            }, other: { _ in ledger }, close: {})
        case .local:
            let folder = try TemporaryFolder("ledger-contract")
            let ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"), clock: clock)
            let local = LocalLedger(ledger)
            return LedgerUnderTest(store: local, reports: local, record: { id in
                try await BlockingIO.run { try ledger.calls() }.first { $0.id == id }.map {
                    CallRecord(state: $0.state, createdAt: $0.createdAt, settledAt: $0.settledAt)
                }
            }, other: { _ in local }, close: { try? local.close(); _ = folder })
        case .postgres:
            let fixture = try ClusterFixture()
            let db = try await fixture.open()
            // Outside the queue (no leases), as `regenerate` runs: reservations other runs left open are recovered.
            let ledger = PostgresLedger(db: db, runId: "run-1", leases: LeaseBook(), recoversUnleased: true, clock: clock)
            return LedgerUnderTest(store: ledger, reports: ledger, record: { id in
                try await db.rows("read call \(id)", """
                    SELECT state, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                           to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                      FROM factory_calls WHERE id = \(id)
                    """).first.flatMap { row in
                    let (state, created, settled) = try row.decode((String, String, String?).self)
                    return Ledger.CallState(rawValue: state).map { CallRecord(state: $0, createdAt: created, settledAt: settled) }
                }
            }, other: { runId in
                PostgresLedger(db: db, runId: runId, leases: LeaseBook(), recoversUnleased: true, clock: clock)
            }, close: { await db.close(); _ = fixture })
        }
    }
}
