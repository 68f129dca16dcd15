import FactoryCore
import Foundation

/// Everything a process of the cluster shares through PostgreSQL and the shared volume, opened
/// once: the ledger, the answer cache, the provider slots, the week's queue and this worker's leases.
public final class ClusterStores: Sendable {
    public let db: Database
    /// This process: lease owner, ledger run id, slot worker ("host-pid-random").
    public let owner: String
    public let leases = LeaseBook()
    public let ledger: PostgresLedger
    public let cache: PostgresAnswerCache
    public let slots: SlotLeases
    public let queue: WorkQueue
    public let fence: any PublicationFence
    /// What the series published, shared by every worker (docs/standing-weeks.md).
    public let memory: PostgresContentMemory

    /// Connects to `url` (migrating the schema on first use). `output` is the shared volume: the
    /// answers' bytes go to `<output>/.factory/answers`.
    public init(url: DatabaseURL, manifest: Manifest, output: URL, leaseSeconds: Double, outsideQueue: Bool = false,
                log: @escaping @Sendable (String) -> Void) async throws {
        db = try await Database(url: url, patience: max(120, leaseSeconds * 4), log: log)
        owner = Self.workerName()
        ledger = PostgresLedger(db: db, runId: owner, leases: leases, recoversUnleased: outsideQueue)
        let shared = output.appendingPathComponent(".factory", isDirectory: true)
        cache = PostgresAnswerCache(db: db, store: ContentStore(folder: shared.appendingPathComponent("answers", isDirectory: true)),
                                    quarantine: shared.appendingPathComponent("quarantine", isDirectory: true))
        let c = manifest.concurrency
        slots = SlotLeases(db: db, owner: owner, leaseSeconds: leaseSeconds,
                           limits: [.runware: c.runware, .openai: c.openai, .anthropic: c.anthropic])
        queue = WorkQueue(db: db, name: Self.queueName(manifest), owner: owner, leaseSeconds: leaseSeconds)
        fence = LeaseFence(db: db, leases: leases, owner: owner, leaseSeconds: leaseSeconds)
        memory = PostgresContentMemory(db: db)
    }

    public func close() async { await db.close() }

    /// The week's queue: its ISO week and the manifest's hash, so a changed manifest is a new queue
    /// (bundles still current are kept, as on one machine).
    static func queueName(_ manifest: Manifest) -> String {
        "\(manifest.week) \(manifest.sha256.prefix(12))"
    }

    static func workerName() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        return "\(host)-\(getpid())-\(UUID().uuidString.prefix(6).lowercased())"
    }
}
