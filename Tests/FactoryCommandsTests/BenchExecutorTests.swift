@testable import FactoryBench
import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// The executor benchmark's ideal schedule and generated week: what `make bench` compares against.
@Suite("factory-bench bench-executor")
struct BenchExecutorTests {
    typealias Bench = BenchCommand.BenchExecutor

    @Test func idealIsTheBusiestProvidersRoundsPlusOneLatency() {
        // 200 quotes at 4 at a time are 50 rounds of 0.5 s; the last image follows its quote.
        #expect(Bench.ideal((200, 200), latency: 0.5, perProvider: 4, total: 8) == 25.5)
        // Quotes the content memory asked again for are calls the schedule must fit: 211 -> 53 rounds.
        #expect(Bench.ideal((211, 200), latency: 0.5, perProvider: 4, total: 8) == 27.0)
        // A total below the per-provider limits binds instead: 400 calls 4 at a time.
        #expect(Bench.ideal((200, 200), latency: 0.5, perProvider: 8, total: 4) == 50.0)
    }

    @Test func callsAreCountedPerProvider() {
        let calls = Bench.calls(["anthropic", "runware", "anthropic", "openai"])
        #expect(calls.quotes == 2 && calls.images == 1)
        #expect(Bench.describe(calls, items: 1) == "2 quotes, 1 asked again by the content memory, 1 image")
        #expect(Bench.describe(calls, items: 2) == "2 quotes, 1 image")
    }

    @Test func theWeekIsAValidManifestSpreadOverTheFiveSeries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-week-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("week.yaml").path
        try Data(Bench.week(items: 20, total: 8, perProvider: 4, round: 3).utf8).write(to: URL(fileURLWithPath: path))
        let manifest = try ManifestLoader.load(path: path, kinds: StandardKinds.registry)
        #expect(manifest.items.count == 20)
        let series = Dictionary(grouping: manifest.items.compactMap { $0.poster?.series.rawValue }, by: { $0 })
        #expect(series.count == 5 && series.values.allSatisfy { $0.count == 4 })
        #expect(manifest.items.allSatisfy { $0.poster?.prompt.hasSuffix(", round 3") == true })
    }
}
