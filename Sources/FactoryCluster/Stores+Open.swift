import FactoryCore
import Foundation

extension Stores {
    /// One machine: `<state>/ledger.sqlite` (the ledger and the content memory) and `<state>/cache`.
    /// Throws `FactoryError` when the ledger cannot be opened or is damaged.
    public static func local(state: URL, access: Access = .write, log: @escaping @Sendable (String) -> Void) throws -> Stores {
        let path = state.appendingPathComponent("ledger.sqlite")
        let cache = LocalAnswerCache(ResultCache(folder: state.appendingPathComponent("cache")))
        let claims = FileRunClaims(stateFolder: state)
        let runId = UUID().uuidString
        guard access == .write || FileManager.default.fileExists(atPath: path.path) else {
            return Stores(ledger: MemoryLedger(), reports: nil, cache: cache, memory: MemoryContentStore(), posts: MemoryPostJournal(), claims: claims,
                          location: path.path, runId: runId, closer: {})
        }
        let sqlite = try Ledger(path: path)
        let ledger = LocalLedger(sqlite)
        return Stores(ledger: ledger, reports: ledger, cache: cache, memory: sqlite, posts: sqlite, claims: claims, location: path.path, runId: runId,
                      closer: {
            do {
                try ledger.close()
            } catch {
                log("warning: the ledger \(path.path) did not close cleanly: \(error)")
            }
        })
    }

    /// A cluster: the ledger, the answer index and the content memory in PostgreSQL (the schema
    /// migrated on first use), the answers' bytes on the shared volume `output`. With a `manifest`,
    /// the provider slots at its limits; as a `worker`, also the week's queue and the fence. `state`
    /// is this host's state folder (its lock); without one, claims are held in this process only.
    /// Throws `ClusterError` (`.schema` when the database was migrated by a newer binary).
    public static func cluster(url: DatabaseURL, output: URL, state: URL?, manifest: Manifest?, leaseSeconds: Double = 60,
                               worker: Bool = false, patience: Double? = nil,
                               log: @escaping @Sendable (String) -> Void) async throws -> Stores {
        let db = try await Database(url: url, patience: patience ?? max(120, leaseSeconds * 4), log: log)
        let owner = ClusterStores.workerName(), leases = LeaseBook()
        let shared = output.appendingPathComponent(".factory", isDirectory: true)
        let cache = PostgresAnswerCache(db: db, store: ContentStore(folder: shared.appendingPathComponent("answers", isDirectory: true)),
                                        quarantine: shared.appendingPathComponent("quarantine", isDirectory: true))
        let ledger = PostgresLedger(db: db, runId: owner, leases: leases, recoversUnleased: !worker)
        let slots = manifest.map { manifest in
            let c = manifest.concurrency
            return SlotLeases(db: db, owner: owner, leaseSeconds: leaseSeconds,
                              limits: [.runware: c.runware, .openai: c.openai, .anthropic: c.anthropic])
        }
        let queue = worker ? manifest.map { ClusterStores(db: db, owner: owner, leases: leases, manifest: $0, leaseSeconds: leaseSeconds) } : nil
        return Stores(ledger: ledger, reports: ledger, cache: cache, memory: PostgresContentMemory(db: db), posts: PostgresPostJournal(db: db),
                      claims: state.map { FileRunClaims(stateFolder: $0) as any RunClaims } ?? MemoryRunClaims(),
                      location: url.redacted, runId: owner, slots: slots, cluster: queue, database: db,
                      tokens: PostgresTokenStore(db: db, host: owner), closer: { await db.close() })
    }
}

extension PostgresLedger: LedgerReports {}
