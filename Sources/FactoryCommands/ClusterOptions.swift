import ArgumentParser
import FactoryCluster
import FactoryCore
import Foundation

/// `--database` (or $FACTORY_DATABASE_URL): cluster mode, docs/cluster.md. Without it, nothing changes.
struct ClusterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Cluster mode: the PostgreSQL every worker shares (or $FACTORY_DATABASE_URL).",
                               valueName: "postgres://USER:PASS@HOST:PORT/DB"))
    var database: String?

    /// The URL, parsed; nil on one machine. A bad URL exits 2 (the message holds no password).
    func url() throws -> DatabaseURL? {
        guard let text = database ?? ProcessInfo.processInfo.environment["FACTORY_DATABASE_URL"], !text.isEmpty else { return nil }
        do {
            return try DatabaseURL(text)
        } catch {
            printError("--database: \(error)")
            throw ExitCode(2)
        }
    }

    /// Opens the shared stores, or exits: 2 when the schema is newer than this binary, 75 when the
    /// database cannot be reached (run again later).
    static func open(_ url: DatabaseURL, manifest: Manifest, output: URL, leaseSeconds: Double,
                     outsideQueue: Bool = false) async throws -> ClusterStores {
        do {
            return try await ClusterStores(url: url, manifest: manifest, output: output, leaseSeconds: leaseSeconds,
                                           outsideQueue: outsideQueue, log: { say($0) })
        } catch let error as ClusterError {
            printError(Secrets.redact("\(error)"))
            throw ExitCode(error.code == .schema ? 2 : 75)
        }
    }
}

/// The leases of `run --database`.
struct LeaseOptions: ParsableArguments {
    @Option(help: "Cluster mode: seconds a worker's lease on an item lasts without a heartbeat (renewed every third).")
    var leaseSeconds: Double = 60

    @Option(help: "Cluster mode: attempts an item gets when its workers keep dying before it fails.")
    var maxAttempts: Int = 3

    func validate() throws {
        guard leaseSeconds >= 1 else { throw ValidationError("--lease-seconds must be at least 1") }
        guard maxAttempts >= 1 else { throw ValidationError("--max-attempts must be at least 1") }
    }
}

extension ManifestLocation {
    /// In cluster mode the state (the lock, nothing shared) stays on this host: `--state`,
    /// $FACTORY_STATE, else `<output>/.factory/hosts/<host>`.
    func clusterLocation(_ manifest: Manifest) -> ManifestLocation {
        var location = self
        if state == nil && ProcessInfo.processInfo.environment["FACTORY_STATE"] == nil {
            let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
            location.state = (outputFolder ?? manifest.output).appendingPathComponent(".factory/hosts/\(host)").path
        }
        return location
    }

    /// The gateway over the cluster's shared stores: its run id is the worker's name.
    func gateway(_ manifest: Manifest, stores: ClusterStores, fresh: Bool, stop: StopSignal, freshStages: Set<StageGroup> = [],
                 progress: RunProgress?) -> PaidCallGateway {
        PaidCallGateway(settings: settings(manifest, runId: stores.owner, fresh: fresh, freshStages: freshStages),
                        ledger: stores.ledger, cache: stores.cache, stop: stop, log: { say($0) }, progress: progress,
                        slots: stores.slots)
    }
}
