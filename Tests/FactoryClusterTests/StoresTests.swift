import FactoryCluster
import FactoryCore
import FactoryTesting
import Foundation
import Testing

/// `Stores.local`: what it opens under the state folder, and `with` closing it on every way out.
@Suite("Stores (local)")
struct StoresTests {
    struct Boom: Error {}

    static let budget = Budget(dailyUSD: 10, weeklyUSD: 50)

    static func reservation(_ usd: Double) -> Ledger.Reservation {
        Ledger.Reservation(requestKey: "key-1", day: "2026-11-23", week: "2026-W48", provider: "runware", model: "m", item: "item-1",
                           stage: "image", estimate: CostEstimate(usd: usd, maxUSD: usd, units: ["images": 1]), runId: "run-a")
    }

    @Test("write access makes the ledger under the state folder and reads back what was reserved")
    func opensTheLedger() async throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appendingPathComponent("state")
        let stores = try Stores.local(state: state, log: { _ in })
        let committed = try await stores.with { stores in
            #expect(!stores.isEmpty)
            #expect(stores.location == state.appendingPathComponent("ledger.sqlite").path)
            #expect(stores.memory.location == stores.location)
            #expect(stores.slots == nil && stores.fence == nil && stores.cluster == nil)
            _ = try await stores.ledger.reserve(Self.reservation(0.25), budget: Self.budget)
            return try await stores.ledger.committed(day: "2026-11-23", week: "2026-W48")
        }
        #expect(committed.day == 0.25)
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("ledger.sqlite").path))
    }

    @Test("with closes on a throw, and the file opens again with its rows")
    func closesOnThrow() async throws {
        let folder = try TemporaryFolder()
        let stores = try Stores.local(state: folder.url, log: { _ in })
        await #expect(throws: Boom.self) {
            try await stores.with { stores in
                _ = try await stores.ledger.reserve(Self.reservation(0.5), budget: Self.budget)
                throw Boom()
            }
        }
        #expect(stores.isClosed)
        let again = try Stores.local(state: folder.url, access: .read, log: { _ in })
        let committed = try await again.with { try await $0.ledger.committed(day: "2026-11-23", week: "2026-W48") }
        #expect(committed.week == 0.5)
        #expect(again.isClosed)
    }

    @Test("with closes when its task is cancelled")
    func closesOnCancellation() async throws {
        let folder = try TemporaryFolder()
        let stores = try Stores.local(state: folder.url, log: { _ in })
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let work = Task {
            try await stores.with { _ in
                enter.yield()
                try await Task.sleep(for: .seconds(600))
            }
        }
        for await _ in entered { break }
        work.cancel()
        await #expect(throws: CancellationError.self) { try await work.value }
        #expect(stores.isClosed)
    }

    @Test("read access without a ledger makes nothing: empty stand-ins, no reports, no file")
    func readsWithoutMaking() async throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appendingPathComponent("state")
        let stores = try Stores.local(state: state, access: .read, log: { _ in })
        let committed = try await stores.with { stores in
            #expect(stores.isEmpty)
            return try await stores.ledger.committed(day: "2026-11-23", week: "2026-W48")
        }
        #expect(committed.day == 0 && committed.week == 0)
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test("a damaged ledger is refused when the stores open, naming the file")
    func damagedLedger() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a database, not at all; " + String(repeating: "x", count: 4096), to: "ledger.sqlite")
        #expect(throws: FactoryError.self) { try Stores.local(state: folder.url, access: .read, log: { _ in }) }
    }
}
