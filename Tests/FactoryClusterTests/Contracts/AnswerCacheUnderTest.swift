import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation

/// One answer cache opened for a contract case: the store, a second handle on the same cache
/// (another process, another worker), where a quarantined request's reason can be read, and
/// what it closes.
struct AnswerCacheUnderTest: Sendable {
    let cache: any AnswerCache
    let other: any AnswerCache
    let folder: TemporaryFolder
    let reason: @Sendable (_ key: String, _ folder: URL) -> String?
    let close: @Sendable () async -> Void

    static func open(_ kind: StoreKind) async throws -> AnswerCacheUnderTest {
        let folder = try TemporaryFolder("cache-contract")
        let fromFile: @Sendable (String, URL) -> String? = { key, into in
            (try? String(contentsOf: into.appendingPathComponent("\(key.prefix(16)).reason.txt"), encoding: .utf8))?
                .trimmingCharacters(in: .newlines)
        }
        switch kind {
        case .memory:
            let cache = MemoryCache()
            return AnswerCacheUnderTest(cache: cache, other: cache, folder: folder, reason: { key, _ in cache.quarantined[key] },
                                        close: {})
        case .local:
            let files = folder.url.appendingPathComponent("cache")
            return AnswerCacheUnderTest(cache: LocalAnswerCache(ResultCache(folder: files)), other: LocalAnswerCache(ResultCache(folder: files)),
                                        folder: folder, reason: fromFile, close: {})
        case .postgres:
            let fixture = try ClusterFixture()
            let db = try await fixture.open()
            let store = ContentStore(folder: folder.url.appendingPathComponent("answers"))
            let quarantine = folder.url.appendingPathComponent("quarantine")
            return AnswerCacheUnderTest(cache: PostgresAnswerCache(db: db, store: store, quarantine: quarantine),
                                        other: PostgresAnswerCache(db: db, store: store, quarantine: quarantine),
                                        folder: folder, reason: fromFile, close: { await db.close(); _ = fixture })
        }
    }
}
