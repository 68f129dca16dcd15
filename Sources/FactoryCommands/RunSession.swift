import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation

/// What `run`, `regenerate` and `estimate` share, in one order: the stores' claim on the state
/// (exit 75 when held; estimate only reads and takes none), the providers (exit 2 when they cannot
/// be had), the gateway, the memory and the one way a `Runner` is built, the signals while the
/// work runs, and the HTTP transport shut down on every path out.
struct RunSession {
    let manifest: Manifest
    let location: ManifestLocation
    let stores: Stores
    /// The claim on the state (the folder's lock), held for the session; nil for an estimate.
    let claim: (any Sendable)?
    let resolved: ResolvedProviders
    /// The `FACTORY_*` render and publish settings, read once for the process (`ProcessRoot`).
    let settings: ProcessSettings
    /// The process's kinds (rendering with its settings): the content library, the providers and
    /// every runner use this one registry.
    let kinds: KindRegistry
    let stop = StopSignal()

    /// Opens the session on `stores`, runs `body` with it, and closes it whatever `body` does.
    static func with<T: Sendable>(_ manifest: Manifest, location: ManifestLocation, stores: Stores, offline: Bool,
                                  claiming: Bool = true, _ body: (RunSession) async throws -> T) async throws -> T {
        let claim: (any Sendable)?
        do {
            claim = claiming ? try stores.claims.claim() : nil
        } catch {
            printError("\(error)")
            throw ExitCode(75)
        }
        defer { withExtendedLifetime(claim) {} }
        let root = ProcessRoot.current
        let settings = root.settings, kinds = root.kinds
        let resolved: ResolvedProviders
        do {
            resolved = try await ResolvedProviders.resolve(manifest.providers, environment: ProcessInfo.processInfo.environment,
                                                           offline: offline, library: try root.library(for: manifest), kinds: kinds)
        } catch {
            printError(Secrets.redact("\(error)"))
            throw ExitCode(2)
        }
        let session = RunSession(manifest: manifest, location: location, stores: stores, claim: claim, resolved: resolved,
                                 settings: settings, kinds: kinds)
        // `defer` cannot await: the transport and the warm voice are shut down on both paths here, once.
        do {
            let value = try await body(session)
            await resolved.shutdown()
            return value
        } catch {
            await resolved.shutdown()
            throw error
        }
    }

    /// The one way a command builds its `Runner`: this session's providers, kinds (rendering with its
    /// settings), publish mode, crash point, stop signal and (for a cluster worker) publication
    /// fence; `manifest` when the command changed its own copy.
    func runner(_ manifest: Manifest? = nil, options: RunOptions, gateway: PaidCallGateway? = nil,
                progress: RunProgress = RunProgress(), memory: RunMemory? = nil, log: @escaping @Sendable (String) -> Void) -> Runner {
        Runner(manifest: manifest ?? self.manifest, providers: resolved.set, kinds: kinds,
               options: settings.applied(to: options), gateway: gateway,
               stop: stop, log: log, progress: progress, publication: stores.fence, memory: memory)
    }

    /// The gateway over the session's stores: calls recorded under the stores' run id, and in a
    /// cluster each under one of the provider's shared slots.
    func gateway(_ manifest: Manifest? = nil, fresh: Bool, freshStages: Set<StageGroup> = [], progress: RunProgress?) -> PaidCallGateway {
        let manifest = manifest ?? self.manifest
        var gatewaySettings = location.settings(manifest, runId: stores.runId, fresh: fresh, freshStages: freshStages)
        gatewaySettings.crashPoint = settings.crashPoint
        return PaidCallGateway(settings: gatewaySettings,
                               ledger: stores.ledger, cache: stores.cache, stop: stop, log: { say($0) }, progress: progress,
                               slots: stores.slots)
    }

    /// Today (in the manifest's timezone) and what the ledger has committed on it and in the week.
    func committed() async throws -> (today: String, day: Double, week: Double) {
        let today = DayStamp.day(in: manifest.timezone)
        let (day, week) = try await stores.ledger.committed(day: today, week: manifest.week.description)
        return (today, day, week)
    }

    /// The content memory for the run, opened on the manifest's window from the stores' memory;
    /// recorded under `runId` (default the stores' own); nil when `memory.weeks` is 0. Unreadable, the run stops before anything is paid.
    func memory(runId: String? = nil, includeOwn: Bool = false) async throws -> RunMemory? {
        guard manifest.memory.weeks > 0 else { return nil }
        let runId = runId ?? stores.runId
        let store = stores.memory
        do {
            return try await RunMemory.open(store: store, week: manifest.week, weeks: manifest.memory.weeks, runId: runId,
                                            fields: kinds.memoryFields, includeOwn: includeOwn)
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
