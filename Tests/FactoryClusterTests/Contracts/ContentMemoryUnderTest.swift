import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation

/// One content memory opened for a contract case, with a second handle on the same memory (the
/// next run, another worker) and what it closes.
struct ContentMemoryUnderTest: Sendable {
    let memory: any ContentMemory
    let other: any ContentMemory
    let close: @Sendable () async -> Void

    static func open(_ kind: StoreKind, clock: WallClock) async throws -> ContentMemoryUnderTest {
        switch kind {
        case .memory:
            let memory = MemoryContentStore(clock: clock)
            return ContentMemoryUnderTest(memory: memory, other: memory, close: {})
        case .local:
            // The memory lives in the ledger's SQLite file; the next run opens the file again.
            let folder = try TemporaryFolder("memory-contract")
            let path = folder.url.appendingPathComponent("ledger.sqlite")
            let ledger = try Ledger(path: path, clock: clock), again = try Ledger(path: path, clock: clock)
            return ContentMemoryUnderTest(memory: ledger, other: again, close: { _ = folder })
        case .postgres:
            let fixture = try ClusterFixture()
            let db = try await fixture.open()
            return ContentMemoryUnderTest(memory: PostgresContentMemory(db: db, clock: clock), other: PostgresContentMemory(db: db, clock: clock),
                                          close: { await db.close(); _ = fixture })
        }
    }
}
