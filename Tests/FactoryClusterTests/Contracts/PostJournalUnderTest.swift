import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation

/// One publication journal opened for a contract case, with a second handle on the same journal
/// (the next publish, another host) and what it closes.
struct PostJournalUnderTest: Sendable {
    let journal: any PostJournal
    let other: any PostJournal
    let close: @Sendable () async -> Void

    static func open(_ kind: StoreKind, clock: WallClock) async throws -> PostJournalUnderTest {
        switch kind {
        case .memory:
            let journal = MemoryPostJournal(clock: clock)
            return PostJournalUnderTest(journal: journal, other: journal, close: {})
        case .local:
            let folder = try TemporaryFolder("post-contract")
            let path = folder.url.appendingPathComponent("ledger.sqlite")
            let ledger = try Ledger(path: path, clock: clock), again = try Ledger(path: path, clock: clock)
            return PostJournalUnderTest(journal: ledger, other: again, close: { _ = folder })
        case .postgres:
            let fixture = try ClusterFixture()
            let db = try await fixture.open()
            return PostJournalUnderTest(journal: PostgresPostJournal(db: db, clock: clock), other: PostgresPostJournal(db: db, clock: clock),
                                        close: { await db.close(); _ = fixture })
        }
    }
}
