import ArgumentParser
import FactoryCluster
import FactoryCore
import Foundation

/// `--database` (or $FACTORY_DATABASE_URL): cluster mode, docs/cluster.md. Without it, nothing changes.
struct ClusterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Cluster mode: the PostgreSQL every worker shares (or $FACTORY_DATABASE_URL).",
                               valueName: "postgres://USER:PASS@HOST:PORT/DB"))
    var database: String?

    /// The URL, parsed; nil on one machine. A bad URL exits 2, naming where it came from (the flag
    /// or the variable) and the fix; the message holds no password.
    func url() throws -> DatabaseURL? {
        let source = database != nil ? "--database" : "$FACTORY_DATABASE_URL"
        guard let text = database ?? ProcessInfo.processInfo.environment["FACTORY_DATABASE_URL"], !text.isEmpty else { return nil }
        do {
            return try DatabaseURL(text)
        } catch {
            printError(Secrets.redact("\(source): \(error)") + "; correct it, or "
                       + (database != nil ? "leave out --database" : "unset FACTORY_DATABASE_URL") + " to work on one machine")
            throw ExitCode(2)
        }
    }

    /// The stores a command works on, chosen here and nowhere else: PostgreSQL when a database URL
    /// is given, else SQLite under `state`. `output` is the cluster's shared volume (default
    /// ./output), `manifest` sets the slots' limits, `lease` makes this process a worker of the
    /// week's queue. The stores' notes go to stdout for the commands that make things, to stderr for
    /// those that only read (their stdout is the table, JSON or CSV). Exits 75 when the ledger or the database cannot be opened (run again later),
    /// 2 when the database's schema is newer than this binary.
    func stores(state: URL?, output: URL?, manifest: Manifest?, access: Stores.Access = .write, lease: LeaseOptions? = nil,
                patience: Double? = nil) async throws -> Stores {
        let toStdout = access == .write
        let log: @Sendable (String) -> Void = { line in toStdout ? say(line) : printError(line) }
        do {
            if let url = try url() {
                return try await Stores.cluster(url: url, output: output ?? URL(fileURLWithPath: "output"), state: state,
                                                manifest: manifest, leaseSeconds: lease?.leaseSeconds ?? 60, worker: lease != nil,
                                                patience: patience, log: log)
            }
            guard let state else { throw failure("give a manifest, --output DIR or --state DIR to find the state folder") }
            return try Stores.local(state: state, access: access, log: log)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError(Secrets.redact("\(error)"))
            throw ExitCode((error as? ClusterError)?.code == .schema ? 2 : 75)
        }
    }

    /// The same for a manifest's command: its state folder (this host's own in a cluster, see
    /// `located`) and output.
    func stores(_ manifest: Manifest, location: ManifestLocation, access: Stores.Access = .write,
                lease: LeaseOptions? = nil) async throws -> Stores {
        try await stores(state: location.stateFolder(manifest), output: location.outputFolder ?? manifest.output, manifest: manifest,
                         access: access, lease: lease)
    }

    /// `location` as the stores want it: in a cluster, the state stays on this host.
    func located(_ location: ManifestLocation, _ manifest: Manifest) throws -> ManifestLocation {
        try url() == nil ? location : location.clusterLocation(manifest)
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
}
