@testable import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// The content memory's rules, the same for the SQLite store (in the ledger's file) and its
/// in-memory twin: versions per week and item, inclusive week ranges, history filters, rates.
@Suite struct ContentMemoryTests {
    enum Store: String, CaseIterable { case sqlite, memory }

    static func open(_ store: Store, _ folder: TemporaryFolder) throws -> any ContentMemory {
        switch store {
        case .sqlite: try Ledger(path: folder.url.appendingPathComponent("state/ledger.sqlite"))
        case .memory: MemoryContentStore()
        }
    }

    static func publication(_ week: String, _ item: String, quote: String, series: String = "monday-motivation") -> Publication {
        Publication(series: series, kind: "poster", week: week, item: item, runId: "r",
                    entries: [Remembered(.quote, quote), Remembered(.attribution, "Seneca"),
                              Remembered(.imagePrompt, "sunrise", seed: UInt64.max - 1)])
    }

    @Test(arguments: Store.allCases)
    func recordsVersionsAndKeepsTheOldOnes(_ store: Store) async throws {
        let folder = try TemporaryFolder("memory")
        let memory = try Self.open(store, folder)
        #expect(try await memory.record(Self.publication("2026-W47", "mon", quote: "First")) == 1)
        #expect(try await memory.record(Self.publication("2026-W47", "mon", quote: "Second")) == 2)
        #expect(try await memory.record(Self.publication("2026-W48", "mon", quote: "Third")) == 1)
        let all = try await memory.published(series: "monday-motivation", from: "2026-W47", to: "2026-W47")
        #expect(all.filter { $0.field == .quote }.map(\.text) == ["First", "Second"])
        #expect(all.filter { $0.field == .quote }.map(\.version) == [1, 2])
        let image = try #require(all.first { $0.field == .imagePrompt })
        #expect(image.seed == UInt64.max - 1 && image.text == "sunrise")
    }

    @Test(arguments: Store.allCases)
    func weekRangesAreInclusiveAndCrossTheYear(_ store: Store) async throws {
        let folder = try TemporaryFolder("memory")
        let memory = try Self.open(store, folder)
        for (week, quote) in [("2025-W50", "a"), ("2026-W01", "b"), ("2026-W05", "c"), ("2026-W06", "d")] {
            try await memory.record(Self.publication(week, "mon", quote: quote))
        }
        try await memory.record(Self.publication("2026-W01", "wed", quote: "other series", series: "wednesday-wisdom"))
        let quotes = try await memory.published(series: "monday-motivation", from: "2025-W52", to: "2026-W05").filter { $0.field == .quote }
        #expect(quotes.map(\.text) == ["b", "c"])
        let history = try await memory.history(series: nil, from: "2026-W01", to: nil).filter { $0.field == .quote }
        #expect(history.map(\.text) == ["b", "other series", "c", "d"])
        #expect(try await memory.history(series: "wednesday-wisdom", from: nil, to: nil).allSatisfy { $0.series == "wednesday-wisdom" })
    }

    @Test(arguments: Store.allCases)
    func rateCountsPublicationsAndRefusals(_ store: Store) async throws {
        let folder = try TemporaryFolder("memory")
        let memory = try Self.open(store, folder)
        try await memory.record(Self.publication("2026-W40", "mon", quote: "a"))
        try await memory.record(Self.publication("2026-W41", "mon", quote: "b"))
        try await memory.recordRejection(RepeatRejection(series: "monday-motivation", week: "2026-W41", item: "mon", stage: "text", field: .quote,
                                                   text: "a", earlierWeek: "2026-W40", earlierItem: "mon", similarity: 1))
        let rate = try await memory.repeatRate(series: "monday-motivation", from: "2026-W30", to: "2026-W50", checked: StandardKinds.registry.memoryFields.filter(\.checked))
        #expect(rate == RepeatRate(publications: 2, rejections: 1))
        #expect(rate.perAnswer == 0.5)
        #expect(try await memory.repeatRate(series: "mindful-moment", from: "2026-W30", to: "2026-W50", checked: StandardKinds.registry.memoryFields.filter(\.checked)).perAnswer == 0)
    }

    @Test func theSQLiteMemorySurvivesReopeningBesideTheLedger() async throws {
        let folder = try TemporaryFolder("memory")
        let path = folder.url.appendingPathComponent("ledger.sqlite")
        try Ledger(path: path).record(Self.publication("2026-W47", "mon", quote: "kept"))
        let reopened = try Ledger(path: path)
        #expect(try await reopened.history(series: nil, from: nil, to: nil).contains { $0.text == "kept" })
        // The calls table is still there and empty: the memory is a second table in the same file.
        let committed = try reopened.committed(day: "2026-11-23", week: "2026-W48")
        #expect(committed.day == 0 && committed.week == 0)
    }
}
