import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory estimate MANIFEST`: the run's plan, priced, with nothing sent and nothing spent.
    struct Estimate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Price a run before making it: every item's stages, totals by day and provider, against the caps.",
            discussion: """
            The same plan `run` makes (same manifest, providers, selection and cache), but nothing is sent: each \
            provider builds its requests and prices them from models.json. Stages whose results are already cached, \
            offline stages and up-to-date bundles cost $0. A stage marked ~ depends on an answer not written yet \
            (the narration of a story not yet written): its units come from the brief. A malformed writer answer \
            costs one more text call (text-retry), which is not in the estimate. An answer refused as a repeat of \
            what its series published (the content memory) is asked again, at most twice: the last line counts \
            the expected re-asks (from the series' own record of refusals) and the most there can be.
            Exit codes: 0 within the caps; 1 an item cannot be planned (the run would fail it); 2 invalid manifest \
            or arguments, or a speech model or voice an item cannot be made with; 3 running this today would break the daily or weekly cap.
            """)

        @OptionGroup var options: ManifestOptions

        @OptionGroup var selection: SelectionOptions

        @OptionGroup var week: WeekOption

        @Flag(help: "Print JSON (every stage, the totals and the caps).")
        var json = false

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            let location = options.location(week: week)
            let manifest = try location.loadManifest()
            let weekday = try selection.weekday(in: manifest, path: options.manifest)
            let resolved: ResolvedProviders
            do {
                resolved = try await ResolvedProviders.resolve(manifest.providers, environment: ProcessInfo.processInfo.environment,
                                                               offline: selection.offline)
            } catch {
                printError(Secrets.redact("\(error)"))
                throw ExitCode(2)
            }
            let state = options.stateFolder(manifest)
            let committed: (today: String, day: Double, week: Double)
            let cache: any CacheLookup
            let memory: RunMemory?
            do {
                if let url = try cluster.url() {
                    // The cluster's ledger and answer index: what every worker has paid for.
                    let stores = try await ClusterOptions.open(url, manifest: manifest, output: options.outputFolder ?? manifest.output,
                                                               leaseSeconds: 60, outsideQueue: true)
                    let today = DayStamp.day(in: manifest.timezone)
                    do {
                        let (day, week) = try await stores.ledger.committed(day: today, week: manifest.week.description)
                        committed = (today, day, week)
                        cache = try await stores.cache.lookup()
                        memory = try await Self.memory(manifest: manifest, store: stores.memory)
                        await stores.close()
                    } catch {
                        await stores.close()
                        throw error
                    }
                } else {
                    committed = try Self.committed(manifest: manifest, state: state)
                    cache = ResultCache(folder: state.appendingPathComponent("cache"))
                    memory = try await Self.memory(manifest: manifest, state: state)
                }
            } catch {
                // The HTTP client (never used here) must be shut down before it is released.
                await resolved.transport?.shutdown()
                throw error
            }
            let runner = Runner(manifest: manifest, providers: resolved.set, kinds: StandardKinds(),
                                options: RunOptions(only: selection.only, day: weekday, output: options.outputFolder, fresh: selection.fresh),
                                log: { _ in }, memory: memory)
            let plan = runner.plan(cache: cache, committed: committed)
            await resolved.transport?.shutdown()
            // On stderr, so `--json` stays one JSON document.
            for warning in resolved.retirementWarnings(manifest) { printError("warning: \(warning)") }
            for note in resolved.notes { printError("note: \(note)") }
            let out = json ? try EstimateReport.json(plan) : EstimateReport.text(plan)
            FileHandle.standardOutput.write(Data(out.utf8))
            if plan.hasSettingProblem { throw ExitCode(2) }
            if !plan.problems.isEmpty { throw ExitCode(1) }
            if plan.breaksCap { throw ExitCode(3) }
        }

        /// The content memory as the run would see it (the same prompts, so the same cache keys), from
        /// the ledger when there is one; nil without a ledger or with `memory.weeks: 0`.
        static func memory(manifest: Manifest, state: URL) async throws -> RunMemory? {
            let path = state.appendingPathComponent("ledger.sqlite")
            guard manifest.memory.weeks > 0, FileManager.default.fileExists(atPath: path.path), let ledger = try? Ledger(path: path) else {
                return try await memory(manifest: manifest, store: MemoryContentStore())
            }
            return try await memory(manifest: manifest, store: ledger)
        }

        /// The same from a store (the cluster's PostgreSQL); nil with `memory.weeks: 0`.
        static func memory(manifest: Manifest, store: any ContentMemory) async throws -> RunMemory? {
            guard manifest.memory.weeks > 0 else { return nil }
            return try await RunMemory.open(store: store, week: manifest.week, weeks: manifest.memory.weeks, runId: "estimate")
        }

        /// Today's and the week's committed spend from the ledger, if there is one (it is only read).
        static func committed(manifest: Manifest, state: URL) throws -> (today: String, day: Double, week: Double) {
            let today = DayStamp.day(in: manifest.timezone)
            let path = state.appendingPathComponent("ledger.sqlite")
            guard FileManager.default.fileExists(atPath: path.path) else { return (today, 0, 0) }
            let (day, week) = try Ledger(path: path).committed(day: today, week: manifest.week.description)
            return (today, day, week)
        }
    }
}
