import ArgumentParser
import FactoryCore
import FactoryProviders
import Foundation

/// What `run` and `regenerate` share, in one order: the state lock (exit 75 when held), the
/// providers (exit 2 when they cannot be had), the gateway, the signals while the work runs, and
/// the HTTP transport shut down on every path out.
struct RunSession {
    let manifest: Manifest
    let location: ManifestLocation
    let stateFolder: URL
    /// The claim on the state (the folder's lock), held for the session.
    let claim: any Sendable
    let resolved: ResolvedProviders
    let stop = StopSignal()

    /// Opens the session, runs `body` with it, and closes it whatever `body` does.
    static func with<T: Sendable>(_ manifest: Manifest, location: ManifestLocation, offline: Bool,
                                  _ body: (RunSession) async throws -> T) async throws -> T {
        let stateFolder = location.stateFolder(manifest)
        let claim: any Sendable
        do {
            claim = try FileRunClaims(stateFolder: stateFolder).claim()
        } catch {
            printError("\(error)")
            throw ExitCode(75)
        }
        defer { withExtendedLifetime(claim) {} }
        let resolved: ResolvedProviders
        do {
            resolved = try await ResolvedProviders.resolve(manifest.providers, environment: ProcessInfo.processInfo.environment,
                                                           offline: offline)
        } catch {
            printError(Secrets.redact("\(error)"))
            throw ExitCode(2)
        }
        let session = RunSession(manifest: manifest, location: location, stateFolder: stateFolder, claim: claim, resolved: resolved)
        // `defer` cannot await: the transport is shut down on both paths here, once.
        do {
            let value = try await body(session)
            await resolved.transport?.shutdown()
            return value
        } catch {
            await resolved.transport?.shutdown()
            throw error
        }
    }

    /// The gateway for this session's manifest and state (exit 75 when the ledger cannot be opened).
    func gateway(fresh: Bool, freshStages: Set<StageGroup> = [], progress: RunProgress) throws -> PaidCallGateway {
        do {
            return try location.gateway(manifest, stateFolder: stateFolder, fresh: fresh, stop: stop, freshStages: freshStages,
                                        progress: progress)
        } catch {
            printError("\(error)")
            throw ExitCode(75)
        }
    }

    /// The content memory for the run, opened on the manifest's window: the ledger's own SQLite
    /// file on one machine (it keeps the memory beside the calls), or `store` (the cluster's
    /// PostgreSQL); nil when `memory.weeks` is 0. Unreadable, the run stops before anything is paid.
    func memory(_ gateway: PaidCallGateway, store: (any ContentMemory)? = nil, includeOwn: Bool = false) async throws -> RunMemory? {
        guard manifest.memory.weeks > 0 else { return nil }
        guard let store = store ?? (gateway.ledger as? LocalLedger)?.ledger else {
            say("warning: the ledger \(gateway.ledger.location) keeps no content memory: repeats of earlier weeks are not checked")
            return nil
        }
        do {
            return try await RunMemory.open(store: store, week: manifest.week, weeks: manifest.memory.weeks, runId: gateway.settings.runId,
                                            includeOwn: includeOwn)
        } catch {
            printError("cannot read the content memory \(store.location): \(error); nothing was paid for. Run again, or set "
                       + "`memory.weeks: 0` in the manifest to make the week without it")
            throw ExitCode(75)
        }
    }

    /// Runs `runner` with SIGINT/SIGTERM watched (stop scheduling, then cancel after `grace` s);
    /// returns the report and the signal that stopped it, if one did.
    func execute(_ runner: Runner, grace: Double) async throws -> (report: RunReport, signal: Int32?) {
        try await execute(grace: grace) { try await runner.run() }
    }

    /// The same for any work that makes a report (a cluster worker's loop).
    func execute(grace: Double, _ body: @escaping @Sendable () async throws -> RunReport) async throws -> (report: RunReport, signal: Int32?) {
        let work = Task { try await body() }
        let signals = SignalWatcher(stop: stop, grace: grace, work: { work.cancel() }, log: { say($0) })
        let report = try await work.value
        withExtendedLifetime(signals) {}
        return (report, signals.received)
    }
}
