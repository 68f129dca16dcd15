import ArgumentParser
import FactoryCluster
import FactoryCore
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

        /// Run's path up to the plan: the same manifest, week, selection, stores (read, never made),
        /// providers, memory and `Runner`; the plan is printed instead of made.
        func run() async throws {
            let manifest = try options.location(week: week).loadManifest()
            let weekday = try selection.weekday(in: manifest, path: options.manifest)
            let location = try cluster.located(options.location(week: week), manifest)
            let stores = try await cluster.stores(manifest, location: location, access: .read)
            let plan = try await stores.with { stores in
                try await RunSession.with(manifest, location: location, stores: stores, offline: selection.offline, claiming: false) { session in
                    let runner = session.runner(options: RunOptions(only: selection.only, day: weekday, output: location.outputFolder,
                                                                    fresh: selection.fresh),
                                                memory: try await session.memory(runId: "estimate"), log: { _ in })
                    let plan = runner.plan(cache: try await stores.cache.lookup(), committed: try await session.committed())
                    // On stderr, so `--json` stays one JSON document.
                    for warning in session.resolved.retirementWarnings(manifest) { printError("warning: \(warning)") }
                    for note in session.resolved.notes { printError("note: \(note)") }
                    return plan
                }
            }
            let out = json ? try EstimateReport.json(plan) : EstimateReport.text(plan)
            FileHandle.standardOutput.write(Data(out.utf8))
            if plan.hasSettingProblem { throw ExitCode(2) }
            if !plan.problems.isEmpty { throw ExitCode(1) }
            if plan.breaksCap { throw ExitCode(3) }
        }
    }
}
