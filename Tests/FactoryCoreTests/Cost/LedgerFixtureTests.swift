import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// A state folder written before the ledger's states and caps were Swift enums (the factory at
/// commit 5639c36; `Tests/Fixtures/ledger-5639c36.sql` says how the file was made) reads back unchanged.
@Suite struct LedgerFixtureTests {
    static func openCopy(in folder: TemporaryFolder) throws -> Ledger {
        // Tests/Fixtures, beside the test targets (outside them, so SwiftPM builds nothing from it).
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/ledger-5639c36.sqlite")
            .standardizedFileURL
        let path = folder.url.appendingPathComponent(".factory/ledger.sqlite")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: path)
        return try Ledger(path: path)
    }

    @Test func anOldLedgerReadsItsRowsStatesAndTotals() throws {
        let folder = try TemporaryFolder("old-ledger")
        let ledger = try Self.openCopy(in: folder)
        let calls = try ledger.calls()
        #expect(calls.map(\.state) == [.settled, .settled, .released, .uncertain, .reserved])
        #expect(calls.map(\.requestKey) == ["k1", "k2", "k3", "k4", "k5"])
        #expect(calls[2].note == "HTTP 400: bad voice" && calls[3].settledAt == nil && calls[0].createdAt == "2026-11-22T21:00:00Z")
        let committed = try ledger.committed(day: "2026-11-23", week: "2026-W48")
        #expect(abs(committed.day - (0.012 + 0.0025 + 0.0025)) < 1e-9 && abs(committed.week - committed.day) < 1e-9)
        #expect(abs(try ledger.totalSpent() - 0.0139) < 1e-9)
        #expect(try ledger.openCalls(excludingRun: "run-b").map(\.requestKey) == ["k5"])
        let week = try ledger.weekSpend("2026-W48")
        #expect(week.count == 1 && week.first?.calls == 1 && abs((week.first?.heldUSD ?? 0) - 0.005) < 1e-9)
        let byProvider = try ledger.summary(by: .provider)
        #expect(byProvider.map(\.key) == ["openai", "runware"] && byProvider.map(\.uncertain) == [0, 1])
        #expect(try ledger.paidByStage(runId: "run-a").map(\.item) == ["p0", "p1"])
    }

    @Test func anOldLedgerTakesNewCallsAndKeepsItsMemory() throws {
        let folder = try TemporaryFolder("old-ledger")
        let ledger = try Self.openCopy(in: folder)
        let open = try #require(try ledger.openCalls(excludingRun: "run-b").first)
        try ledger.settle(open.id, actualUSD: 0.002, requestId: "req-5", units: ["images": 1])
        let id = try ledger.reserve(Ledger.Reservation(requestKey: "k6", day: "2026-11-23", week: "2026-W48", provider: "runware", model: "m",
                                                       item: "p4", stage: "image", estimate: CostEstimate(usd: 0.002, maxUSD: 0.0025, units: ["images": 1]),
                                                       runId: "run-b"), budget: Budget(dailyUSD: 0.02, weeklyUSD: 1))
        let last = try #require(try ledger.calls().last)
        #expect(last.id == id && last.state == .reserved)
        #expect(try ledger.history(series: "monday-quotes", from: nil, to: nil).map(\.field) == [.imagePrompt, .quote])
        #expect(try ledger.repeatRate(series: "monday-quotes", from: "2026-W48", to: "2026-W48", checked: StandardKinds.registry.memoryFields.filter(\.checked)) == RepeatRate(publications: 1, rejections: 1))
    }
}
