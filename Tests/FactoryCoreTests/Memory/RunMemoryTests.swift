@testable import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// One run's view of the memory: the window around its week, its own cached answer allowed on a
/// rerun, a regeneration refusing the item's own earlier version, two items of one run kept apart,
/// fixed texts never refused but noted.
@Suite struct RunMemoryTests {
    static let week = ISOWeek(year: 2026, week: 10)

    /// A poster item of `series`, as a manifest gives it.
    static func item(_ id: String, series: Series = .mondayMotivation, quote: String? = nil) throws -> Item {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        let quoteLine = quote.map { ", quote: \"\($0)\"" } ?? ""
        try Data("""
        version: 1
        week: 2026-W10
        items:
          - { id: \(id), kind: poster, day: monday, series: \(series.rawValue), prompt: "a hill"\(quoteLine) }
        """.utf8).write(to: url)
        return try ManifestLoader.load(path: url.path, kinds: StandardKinds.registry).items[0]
    }

    static func store(_ rows: [(week: String, item: String, quote: String)]) throws -> MemoryContentStore {
        let store = MemoryContentStore()
        for row in rows {
            try store.record(Publication(series: "monday-motivation", kind: "poster", week: row.week, item: row.item, runId: "old",
                                         entries: [Remembered(.quote, row.quote)]))
        }
        return store
    }

    @Test func refusesARepeatOfAnEarlierWeekAndRecordsTheRefusal() async throws {
        let store = try Self.store([("2026-W05", "mon", "Small steps every day add up to big changes.")])
        let memory = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields)
        let guarding = memory.guarding(item: try Self.item("mon"))
        let finding = try #require(try await guarding.check([Remembered(.quote, "small steps, every day, add up to big changes")], stage: "text"))
        #expect(finding.earlier.week == "2026-W05" && finding.similarity == 1)
        #expect("\(finding)".contains("published in 2026-W05 by mon"))
        #expect(store.refused.map(\.stage) == ["text"])
        #expect(try await guarding.check([Remembered(.quote, "Fall seven times, stand up eight.")], stage: "text-retry") == nil)
    }

    @Test func onlyTheWindowCounts() async throws {
        // 13 weeks before week 10 of 2026 is 2025-W49; 12 weeks before is 2025-W50.
        let store = try Self.store([("2025-W49", "mon", "Too old to count"), ("2025-W50", "mon", "Just inside the window")])
        let memory = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields)
        #expect(memory.window.from == "2025-W50" && memory.window.to == "2026-W22")
        let guarding = memory.guarding(item: try Self.item("mon"))
        #expect(try await guarding.check([Remembered(.quote, "Too old to count")], stage: "text") == nil)
        #expect(try await guarding.check([Remembered(.quote, "Just inside the window")], stage: "text") != nil)
        #expect(guarding.recent(.quote) == ["Just inside the window"])
    }

    @Test func aRerunKeepsItsOwnAnswerButARegenerationMustNot() async throws {
        let store = try Self.store([("2026-W10", "mon", "The week's own quote")])
        let rerun = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields)
        #expect(try await rerun.guarding(item: try Self.item("mon")).check([Remembered(.quote, "The week's own quote")], stage: "text") == nil)
        // Another item of the same series and week may not take it.
        let other = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r2", fields: StandardKinds.registry.memoryFields)
        #expect(try await other.guarding(item: try Self.item("mon-2")).check([Remembered(.quote, "The week's own quote")], stage: "text") != nil)
        let regeneration = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r3", fields: StandardKinds.registry.memoryFields, includeOwn: true)
        #expect(try await regeneration.guarding(item: try Self.item("mon")).check([Remembered(.quote, "The week's own quote")], stage: "text") != nil)
        // The prompt lists other weeks only: a rerun of the week asks the same request (and hits the cache).
        #expect(rerun.guarding(item: try Self.item("mon")).recent(.quote).isEmpty)
    }

    @Test func twoItemsOfOneRunCannotTakeTheSameLine() async throws {
        let memory = try await RunMemory.open(store: MemoryContentStore(), week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields)
        let line = [Remembered(.quote, "Start small. Start gently. Start today.")]
        #expect(try await memory.guarding(item: try Self.item("a")).check(line, stage: "text") == nil)
        #expect(try await memory.guarding(item: try Self.item("b")).check(line, stage: "text") != nil)
        // Another series may use it.
        #expect(try await memory.guarding(item: try Self.item("c", series: .mindfulMoment)).check(line, stage: "text") == nil)
    }

    @Test func fixedTextsAreNeverRefusedButNotedWhenTheyRepeat() async throws {
        let store = try Self.store([("2026-W08", "thu", "Rest is part of the work.")])
        let memory = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields)
        let item = try Self.item("thu", quote: "Rest is part of the work.")
        #expect(try await memory.guarding(item: item).check([Remembered(.quote, "Rest is part of the work.", fixed: true)], stage: "text") == nil)
        let notes = try await memory.record(item: item, entries: [Remembered(.quote, "Rest is part of the work.", fixed: true)])
        #expect(notes.count == 1 && notes[0].hasPrefix("allowed repeat: the quote \"Rest is part of the work.\" is fixed in the manifest and repeats 2026-W08 thu"))
        let kept = try store.history(series: "monday-motivation", from: "2026-W10", to: "2026-W10")
        #expect(kept.map(\.fixed) == [true] && kept.map(\.version) == [1])
    }

    @Test func recentWorkListsEachLineOnceNewestFirstAndFindsNearRepeats() async throws {
        let store = try Self.store([("2026-W07", "mon", "Older line"), ("2026-W09", "mon", "Newer line"), ("2026-W08", "mon", "older line!")])
        let recent = try await RunMemory.open(store: store, week: Self.week, weeks: 12, runId: "r", fields: StandardKinds.registry.memoryFields).guarding(item: try Self.item("mon")).recentWork([.quote])
        #expect(recent.lines[.quote] == ["Newer line", "older line!"])
        #expect(recent.repeats("OLDER LINE", as: .quote))
        #expect(!recent.repeats("Something else entirely", as: .quote))
        #expect(!recent.repeats("Newer line", as: .title), "fields are apart")
        #expect(recent.promptSection.contains("- quote: Newer line"))
        #expect(RecentWork().promptSection.isEmpty)
    }
}
