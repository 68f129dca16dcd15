import FactoryCluster
import Foundation
import Testing

@Suite(.serialized) struct SchemaTests {
    @Test func migratesOnceAndRefusesANewerSchema() async throws {
        let fixture = try ClusterFixture()
        let first = try await fixture.open()
        await first.close()
        let again = try await fixture.open()
        await again.close()
        #expect(try fixture.sql("SELECT string_agg(version::text, ',') FROM factory_schema") == "1,2,3,4,5,6,7")
        try fixture.sql("INSERT INTO factory_schema (version) VALUES (9)")
        let error = await #expect(throws: ClusterError.self) { _ = try await fixture.open() }
        #expect(error?.code == .schema)
        #expect(error?.message.contains("schema version 9, newer than the 7 this factory knows") == true)
    }

    @Test func urlNeverShowsThePassword() throws {
        let url = try DatabaseURL("postgres://factory:s3cret-pw@db.internal:6432/week?sslmode=require")
        #expect(url.redacted == "postgres://factory:***@db.internal:6432/week")
        #expect(!"\(url)".contains("s3cret"))
        #expect(throws: ClusterError.self) { try DatabaseURL("mysql://x@y/z") }
        #expect(throws: ClusterError.self) { try DatabaseURL("postgres://db.internal/week") }
    }

    @Test(arguments: [(1, 0.0, 0.1), (2, 0.0, 0.2), (4, 0.0, 0.8), (7, 0.0, 5.0), (30, 0.0, 5.0), (3, 0.5, 0.3), (1, 0.99, 0.0505)])
    func backoffDoublesUpToItsCap(attempt: Int, jitter: Double, expected: Double) {
        #expect(abs(Backoff.delay(attempt: attempt, jitter: jitter) - expected) < 1e-9)
    }
}
