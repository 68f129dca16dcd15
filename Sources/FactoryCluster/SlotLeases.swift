import FactoryCore
import Foundation
import PostgresNIO
import Synchronization

/// Per-provider concurrency across all workers: `limit` rows per provider in `factory_slots`,
/// each taken with a lease (renewed by the worker's heartbeat), so a dead worker's slots come back
/// when its lease runs out. In each process one waiter per provider polls for a free slot; the
/// others queue behind it, and a slot this process frees wakes the poller at once.
public final class SlotLeases: ProviderSlots {
    let db: Database
    let owner: String
    let leaseSeconds: Double
    let limits: [ProviderID: Int]
    /// How often the poller asks again while every slot is taken.
    let pollSeconds: Double
    private let pollers: [ProviderID: AsyncSemaphore]
    private let doorbells: [ProviderID: Doorbell]
    private let prepared = Mutex<Set<ProviderID>>([])

    public init(db: Database, owner: String, leaseSeconds: Double, limits: [ProviderID: Int], pollSeconds: Double = 0.05) {
        self.db = db
        self.owner = owner
        self.leaseSeconds = leaseSeconds
        self.limits = limits
        self.pollSeconds = pollSeconds
        var pollers: [ProviderID: AsyncSemaphore] = [:], doorbells: [ProviderID: Doorbell] = [:]
        for provider in ProviderID.allCases {
            pollers[provider] = AsyncSemaphore(limit: 1)
            doorbells[provider] = Doorbell()
        }
        self.pollers = pollers
        self.doorbells = doorbells
    }

    public func withSlot<T: Sendable>(_ provider: ProviderID, _ body: @Sendable () async throws -> T) async throws -> T {
        let slot = try await acquire(provider)
        do {
            let value = try await body()
            await release(provider, slot)
            return value
        } catch {
            await release(provider, slot)
            throw error
        }
    }

    struct Held: Sendable {
        var slot: Int64
        var holder: String
    }

    func acquire(_ provider: ProviderID) async throws -> Held {
        let limit = limits[provider] ?? 1
        try await prepare(provider, limit: limit)
        let holder = UUID().uuidString
        return try await pollers[provider, default: AsyncSemaphore(limit: 1)].withPermit(priority: 0) {
            while true {
                try Task.checkCancellation()
                let row = try await db.rows("take a \(provider.rawValue) slot", """
                    UPDATE factory_slots SET holder = \(holder), worker = \(owner),
                           lease_until = now() + make_interval(secs => \(leaseSeconds))
                     WHERE (provider, slot) = (SELECT provider, slot FROM factory_slots
                                                WHERE provider = \(provider.rawValue) AND slot < \(limit)
                                                  AND (holder IS NULL OR lease_until < now())
                                                ORDER BY slot FOR UPDATE SKIP LOCKED LIMIT 1)
                       AND (holder IS NULL OR lease_until < now())
                    RETURNING slot
                    """).first
                if let slot = try row?.decode(Int64.self) { return Held(slot: slot, holder: holder) }
                await doorbells[provider]?.wait(seconds: pollSeconds * Double.random(in: 0.5..<1.5))
            }
        }
    }

    func release(_ provider: ProviderID, _ held: Held) async {
        // A slot not given back (the database away too long) comes back when its lease ends: the
        // failure is logged, not thrown, so the call's own outcome stands.
        do {
            try await db.execute("give back a \(provider.rawValue) slot", """
                UPDATE factory_slots SET holder = NULL, worker = NULL, lease_until = NULL
                 WHERE provider = \(provider.rawValue) AND slot = \(held.slot) AND holder = \(held.holder)
                """)
        } catch {
            db.log(Secrets.redact("\(provider.rawValue) slot \(held.slot) was not given back (\(error)); "
                                  + "it comes back when its lease ends, within \(Int(leaseSeconds)) s"))
        }
        doorbells[provider]?.ring()
    }

    /// The provider's slot rows exist (once per process and provider).
    func prepare(_ provider: ProviderID, limit: Int) async throws {
        guard !prepared.withLock({ $0.contains(provider) }) else { return }
        try await db.execute("create \(provider.rawValue) slots", """
            INSERT INTO factory_slots (provider, slot) SELECT \(provider.rawValue), s FROM generate_series(0, \(limit) - 1) AS s
            ON CONFLICT DO NOTHING
            """)
        _ = prepared.withLock { $0.insert(provider) }
    }
}
