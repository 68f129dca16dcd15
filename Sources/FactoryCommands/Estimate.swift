import ArgumentParser
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
            (the narration of a story not yet written): its units come from the brief. A rejected writer answer \
            costs one more text call (text-retry), which is not in the estimate.
            Exit codes: 0 within the caps; 1 an item cannot be planned (the run would fail it); 2 invalid manifest \
            or arguments; 3 running this today would break the daily or weekly cap.
            """)

        @OptionGroup var options: ManifestOptions

        @OptionGroup var selection: SelectionOptions

        @Flag(help: "Print JSON (every stage, the totals and the caps).")
        var json = false

        func run() async throws {
            let manifest = try options.loadManifest()
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
            let runner = Runner(manifest: manifest, providers: resolved.set, kinds: StandardKinds(),
                                options: RunOptions(only: selection.only, day: weekday, output: options.outputFolder, fresh: selection.fresh),
                                log: { _ in })
            let committed: (today: String, day: Double, week: Double)
            do {
                committed = try Self.committed(manifest: manifest, state: state)
            } catch {
                // The HTTP client (never used here) must be shut down before it is released.
                await resolved.transport?.shutdown()
                throw error
            }
            let plan = runner.plan(cache: ResultCache(folder: state.appendingPathComponent("cache")), committed: committed)
            await resolved.transport?.shutdown()
            // On stderr, so `--json` stays one JSON document.
            for warning in resolved.retirementWarnings(manifest) { printError("warning: \(warning)") }
            let out = json ? try EstimateReport.json(plan) : EstimateReport.text(plan)
            FileHandle.standardOutput.write(Data(out.utf8))
            if !plan.problems.isEmpty { throw ExitCode(1) }
            if plan.breaksCap { throw ExitCode(3) }
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
