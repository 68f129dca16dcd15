import FactoryCore
import Foundation

/// What a worker of the week's queue (`run --database`) holds beside the shared `Stores`: its
/// name, its leases, the week's queue and the fence that publishes a bundle only under its lease.
public final class ClusterStores: Sendable {
    public let db: Database
    /// This process: lease owner, ledger run id, slot worker ("host-pid-random").
    public let owner: String
    public let leases: LeaseBook
    public let queue: WorkQueue
    public let fence: any PublicationFence

    init(db: Database, owner: String, leases: LeaseBook, manifest: Manifest, leaseSeconds: Double) {
        self.db = db
        self.owner = owner
        self.leases = leases
        queue = WorkQueue(db: db, name: Self.queueName(manifest), owner: owner, leaseSeconds: leaseSeconds)
        fence = LeaseFence(db: db, leases: leases, owner: owner, leaseSeconds: leaseSeconds)
    }

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
