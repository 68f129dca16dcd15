import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// One set of cases for every `ContentMemory`: the in-memory twin, the SQLite ledger's tables and
/// PostgreSQL. Weeks are text (`2026-W48`) compared in text order; stamps come from a `ManualClock`.
@Suite(.serialized) struct ContentMemoryContractTests {
    static func publication(_ item: String, week: String = "2026-W48", series: String = "monday-quotes",
                            quote: String = "Small steps still move you.") -> Publication {
        Publication(series: series, kind: "poster", week: week, item: item, runId: "run-1", entries: [
            Remembered(.quote, quote), Remembered(.attribution, "Ada", fixed: true),
            Remembered(.imagePrompt, "a path through hills", seed: 42),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func publicationsReadBackWithVersionsInTheWindow(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let opened = try await ContentMemoryUnderTest.open(kind, clock: time.wall)
        let first = ContractTime.stamp(time.now)
        #expect(try await opened.memory.record(Self.publication("p1")) == 1)
        time.advance(by: 3_600)
        #expect(try await opened.memory.record(Self.publication("p1", quote: "Rest is part of the road.")) == 2)
        #expect(try await opened.memory.record(Self.publication("p0", week: "2026-W47")) == 1)
        #expect(try await opened.memory.record(Self.publication("p0", week: "2026-W49")) == 1)
        #expect(try await opened.memory.record(Self.publication("p0", series: "other")) == 1)
        let window = try await opened.other.published(series: "monday-quotes", from: "2026-W47", to: "2026-W48")
        #expect(window.map(\.week) == Array(repeating: "2026-W47", count: 3) + Array(repeating: "2026-W48", count: 6))
        #expect(window.filter { $0.week == "2026-W48" }.map(\.version) == [1, 1, 1, 2, 2, 2])
        let quote = try #require(window.first { $0.week == "2026-W48" && $0.field == .quote })
        #expect(quote == MemoryEntry(series: "monday-quotes", kind: "poster", week: "2026-W48", item: "p1", version: 1, field: .quote,
                                     text: "Small steps still move you.", recordedAt: first))
        #expect(window.first { $0.field == .imagePrompt }?.seed == 42 && window.first { $0.field == .attribution }?.fixed == true)
        #expect(window.last?.recordedAt == ContractTime.stamp(time.now))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func historyIsOrderedByWeekItemVersionAndField(_ kind: StoreKind) async throws {
        let opened = try await ContentMemoryUnderTest.open(kind, clock: ManualClock(ContractTime.saturdayNight).wall)
        try await opened.memory.record(Self.publication("p1"))
        try await opened.memory.record(Self.publication("p0"))
        try await opened.memory.record(Self.publication("p0", week: "2026-W47", series: "other"))
        let all = try await opened.other.history(series: nil, from: nil, to: nil)
        #expect(all.map { "\($0.week) \($0.item) \($0.version) \($0.field.rawValue)" } == [
            "2026-W47 p0 1 attribution", "2026-W47 p0 1 image-prompt", "2026-W47 p0 1 quote",
            "2026-W48 p0 1 attribution", "2026-W48 p0 1 image-prompt", "2026-W48 p0 1 quote",
            "2026-W48 p1 1 attribution", "2026-W48 p1 1 image-prompt", "2026-W48 p1 1 quote",
        ])
        #expect(try await opened.other.history(series: "other", from: nil, to: nil).count == 3)
        #expect(try await opened.other.history(series: nil, from: "2026-W48", to: nil).count == 6)
        #expect(try await opened.other.history(series: nil, from: nil, to: "2026-W47").count == 3)
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func aMissIsEmpty(_ kind: StoreKind) async throws {
        let opened = try await ContentMemoryUnderTest.open(kind, clock: .system)
        try await opened.memory.record(Self.publication("p0"))
        #expect(try await opened.memory.published(series: "monday-quotes", from: "2026-W49", to: "2026-W52").isEmpty)
        #expect(try await opened.memory.published(series: "nobody", from: "2026-W01", to: "2026-W53").isEmpty)
        #expect(try await opened.memory.history(series: "nobody", from: nil, to: nil).isEmpty)
        #expect(try await opened.memory.repeatRate(series: "nobody", from: "2026-W01", to: "2026-W53", checked: StandardKinds.registry.memoryFields.filter(\.checked)) == RepeatRate(publications: 0, rejections: 0))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func refusedRepeatsCountInTheRate(_ kind: StoreKind) async throws {
        let opened = try await ContentMemoryUnderTest.open(kind, clock: .system)
        try await opened.memory.record(Self.publication("p0", week: "2026-W47"))
        try await opened.memory.record(Self.publication("p0"))
        try await opened.memory.record(Self.publication("p0"))
        // Only fixed or unchecked fields: not an answer the repeat check could refuse.
        try await opened.memory.record(Publication(series: "monday-quotes", kind: "poster", week: "2026-W48", item: "p2", runId: "run-1",
                                                   entries: [Remembered(.quote, "Given by the manifest.", fixed: true)]))
        for week in ["2026-W47", "2026-W48", "2026-W48"] {
            try await opened.memory.recordRejection(RepeatRejection(series: "monday-quotes", week: week, item: "p0", stage: "text",
                                                                    field: .quote, text: "Small steps move you.", earlierWeek: "2026-W46",
                                                                    earlierItem: "p0", similarity: 0.93))
        }
        #expect(try await opened.other.repeatRate(series: "monday-quotes", from: "2026-W48", to: "2026-W48", checked: StandardKinds.registry.memoryFields.filter(\.checked))
                == RepeatRate(publications: 2, rejections: 2))
        #expect(try await opened.other.repeatRate(series: "monday-quotes", from: "2026-W47", to: "2026-W48", checked: StandardKinds.registry.memoryFields.filter(\.checked))
                == RepeatRate(publications: 3, rejections: 3))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentWritersGetDistinctVersions(_ kind: StoreKind) async throws {
        let opened = try await ContentMemoryUnderTest.open(kind, clock: .system)
        let memories = [opened.memory, opened.other]
        let versions = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<16 {
                group.addTask { try await memories[n % 2].record(Self.publication("p0", quote: "Line \(n).")) }
                group.addTask { try await memories[n % 2].record(Self.publication("p\(n + 1)")) }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(versions.sorted() == (Array(repeating: 1, count: 16) + Array(1...16)).sorted())
        let p0 = try await opened.memory.published(series: "monday-quotes", from: "2026-W48", to: "2026-W48").filter { $0.item == "p0" }
        #expect(p0.count == 48 && Set(p0.filter { $0.field == .quote }.map(\.text)).count == 16)
        #expect(Set(p0.map(\.version)) == Set(1...16))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func aFreshLineIsFreeToClaim(_ kind: StoreKind) async throws {
        let opened = try await ContentMemoryUnderTest.open(kind, clock: .system)
        try await opened.memory.record(Self.publication("p0", week: "2026-W47"))
        let claim = ContentClaim(series: "monday-quotes", week: "2026-W48", item: "p1", runId: "run-1", from: "2026-W40", to: "2026-W48",
                                 includeOwn: false, fields: [Remembered(.quote, "A river does not hurry, yet it arrives.")])
        #expect(try await opened.memory.claim(claim) == nil)
        await opened.close()
    }
}
