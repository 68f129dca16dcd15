import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation
import Testing

@Suite(.serialized) struct PostgresAnswerCacheTests {
    static func entry(_ cost: Double) -> ResultCache.Entry {
        ResultCache.Entry(provider: "runware", endpoint: "inference", model: "m", requestId: "r", costUSD: cost, units: ["images": 1])
    }

    @Test func answersAreSharedStoredOnceAndQuarantined() async throws {
        let fixture = try ClusterFixture()
        let folder = try TemporaryFolder("answers")
        let db = try await fixture.open()
        let store = ContentStore(folder: folder.url.appendingPathComponent("answers"))
        let a = PostgresAnswerCache(db: db, store: store, quarantine: folder.url.appendingPathComponent("q"))
        let b = PostgresAnswerCache(db: db, store: store, quarantine: folder.url.appendingPathComponent("q"))
        let bytes = Data("an image".utf8)
        try await a.storeAnswer("k1", body: bytes, entry: Self.entry(0.01))
        // The first answer paid for stays: a second one for the same request is not indexed.
        try await b.storeAnswer("k1", body: Data("another".utf8), entry: Self.entry(0.02))
        try await a.storeResult("k1", payload: bytes, entry: Self.entry(0.01))
        let seen = try await b.saved("k1")
        #expect(seen.answer?.payload == bytes && seen.answer?.entry.costUSD == 0.01)
        #expect(seen.result?.payload == bytes)
        // Answer and result have the same bytes: one file (plus the unindexed second answer's).
        #expect(try fixture.sql("SELECT count(DISTINCT sha256) FROM factory_answers") == "1")
        let snapshot = try await b.lookup()
        #expect(snapshot.holds("k1") && !snapshot.holds("k2"))
        #expect(snapshot.result("k1")?.payload == bytes)
        let kept = try await b.quarantine("k1", into: folder.url.appendingPathComponent("q/p0"), reason: "cut short")
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("k1.answer").path))
        #expect(try await a.saved("k1").answer == nil)
        await db.close()
    }
}
