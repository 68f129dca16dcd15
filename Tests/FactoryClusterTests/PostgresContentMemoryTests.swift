import FactoryCluster
import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// The cluster's content memory: the same rules as the SQLite one (versions, inclusive week
/// ranges, rates), and claims that keep two workers from publishing the same line in one week.
@Suite(.serialized) struct PostgresContentMemoryTests {
    static let week = ISOWeek(year: 2026, week: 48)

    static func item(_ id: String) throws -> Item {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pgmemory-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("""
        version: 1
        week: 2026-W48
        items:
          - { id: \(id), kind: poster, day: monday, series: monday-motivation, prompt: "a hill" }
        """.utf8).write(to: url)
        return try ManifestLoader.load(path: url.path, kinds: StandardKinds.registry).items[0]
    }

    static func publication(_ week: String, _ item: String, quote: String) -> Publication {
        Publication(series: "monday-motivation", kind: "poster", week: week, item: item, runId: "old",
                    entries: [Remembered(.quote, quote), Remembered(.imagePrompt, "a hill at dawn", seed: UInt64.max - 7),
                              Remembered(.attribution, "Anonymous", fixed: true)])
    }

    @Test func recordsVersionsRangesAndRatesLikeTheSQLiteMemory() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let memory = PostgresContentMemory(db: db)
        #expect(try await memory.record(Self.publication("2026-W47", "mon", quote: "First")) == 1)
        #expect(try await memory.record(Self.publication("2026-W47", "mon", quote: "Second")) == 2)
        #expect(try await memory.record(Self.publication("2027-W01", "mon", quote: "Next year")) == 1)
        let w47 = try await memory.published(series: "monday-motivation", from: "2026-W47", to: "2026-W47")
        #expect(w47.filter { $0.field == .quote }.map(\.text) == ["First", "Second"])
        #expect(w47.first { $0.field == .imagePrompt }?.seed == UInt64.max - 7)
        #expect(w47.first { $0.field == .attribution }?.fixed == true)
        #expect(w47.allSatisfy { $0.recordedAt.hasSuffix("Z") && $0.recordedAt.count == 20 })
        let across = try await memory.history(series: nil, from: "2026-W48", to: nil).filter { $0.field == .quote }
        #expect(across.map(\.text) == ["Next year"])
        #expect(try await memory.history(series: "wednesday-wisdom", from: nil, to: nil).isEmpty)
        try await memory.recordRejection(RepeatRejection(series: "monday-motivation", week: "2026-W47", item: "mon", stage: "text",
                                                         field: .quote, text: "First!", earlierWeek: "2026-W47", earlierItem: "mon",
                                                         similarity: 1))
        let rate = try await memory.repeatRate(series: "monday-motivation", from: "2026-W40", to: "2026-W50", checked: StandardKinds.registry.memoryFields.filter(\.checked))
        #expect(rate.publications == 2 && rate.rejections == 1)
        await db.close()
    }

    @Test func twoWorkersOfOneWeekCannotPublishTheSameLine() async throws {
        let fixture = try ClusterFixture()
        let (dbA, dbB) = (try await fixture.open(), try await fixture.open())
        let storeA = PostgresContentMemory(db: dbA), storeB = PostgresContentMemory(db: dbB)
        // Both open the week before either answers: neither snapshot knows the other's line.
        let workerA = try await RunMemory.open(store: storeA, week: Self.week, weeks: 12, runId: "worker-a", fields: StandardKinds.registry.memoryFields)
        let workerB = try await RunMemory.open(store: storeB, week: Self.week, weeks: 12, runId: "worker-b", fields: StandardKinds.registry.memoryFields)
        let line = [Remembered(.quote, "Start small. Start gently. Start today.")]
        #expect(try await workerA.guarding(item: try Self.item("mon-a")).check(line, stage: "text") == nil)
        let refused = try #require(try await workerB.guarding(item: try Self.item("mon-b")).check(line, stage: "text"))
        #expect(refused.earlier.item == "mon-a" && refused.similarity == 1)
        #expect(try await workerB.guarding(item: try Self.item("mon-b")).check([Remembered(.quote, "Rest is part of the work.")],
                                                                              stage: "text-retry") == nil)
        // Publication turns the claim into the record; the refusal was counted.
        try await workerA.record(item: try Self.item("mon-a"), entries: line)
        #expect(try fixture.sql("SELECT count(*) FROM factory_memory_claims WHERE item = 'mon-a'") == "0")
        #expect(try fixture.sql("SELECT count(*) FROM factory_memory_rejections WHERE item = 'mon-b'") == "1")
        let later = try await RunMemory.open(store: storeB, week: Self.week.adding(weeks: 1), weeks: 12, runId: "next-week", fields: StandardKinds.registry.memoryFields)
        #expect(try await later.guarding(item: try Self.item("mon-a")).check(line, stage: "text") != nil)
        await dbA.close()
        await dbB.close()
    }

    @Test func racingClaimsOfOneLineLeaveExactlyOneWinner() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let memory = PostgresContentMemory(db: db)
        let line = Remembered(.quote, "Small steps every day add up to big changes.")
        let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<8 {
                group.addTask {
                    try await memory.claim(ContentClaim(series: "monday-motivation", week: "2026-W48", item: "p\(n)", runId: "w\(n)",
                                                        from: "2026-W36", to: "2026-W60", includeOwn: false, fields: [line])) == nil
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
        await db.close()
    }

    @Test func aClaimOfAnItemThatNeverPublishedExpires() async throws {
        let fixture = try ClusterFixture()
        let db = try await fixture.open()
        let memory = PostgresContentMemory(db: db)
        let claim = { (item: String) in
            ContentClaim(series: "monday-motivation", week: "2026-W48", item: item, runId: "r", from: "2026-W36", to: "2026-W60",
                         includeOwn: false, fields: [Remembered(.quote, "Rest is part of the work.")])
        }
        #expect(try await memory.claim(claim("dead")) == nil)
        #expect(try await memory.claim(claim("alive")) != nil)
        // The same item asking again (a retry after its worker died) keeps its own line.
        #expect(try await memory.claim(claim("dead")) == nil)
        try fixture.sql("UPDATE factory_memory_claims SET claimed_at = now() - interval '2 days'")
        #expect(try await memory.claim(claim("alive")) == nil)
        await db.close()
    }
}
