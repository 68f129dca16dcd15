import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory regenerate ITEM-ID`: redo one item, or one stage of it, keeping the old bundle.
    struct Regenerate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make one item again (or one stage of it), showing the cost first and keeping the old bundle.",
            discussion: """
            --stage text|image|speech|render asks only that stage afresh (every other stage comes from the cache \
            unless it depends on the new result: a new story is narrated again, a new recipe pictured again); \
            without --stage every paid stage is asked again. Text and images get a new seed each time (variant = \
            kept versions + 1) unless --seed or --variant says which. The previous bundle is kept under \
            <week>/.versions/<timestamp>/<item>/ and the new one replaces it in one step.
            The manifest is --manifest, or the one the newest report.json under the output folder names.
            Exit codes: 0 done; 1 the item failed (the old bundle stays); 2 bad arguments or declined; \
            3 the budget cap deferred it; 75 another run holds the lock.
            """)

        @Argument(help: "The item's id.")
        var item: String

        @Option(help: "The manifest (default: the one named by the newest report.json under the output folder).")
        var manifest: String?

        @Option(help: "Redo only this stage: text, image, speech or render.")
        var stage: String?

        @Option(help: "The seed for the redone text/image stage.")
        var seed: UInt64?

        @Option(help: "A numbered alternative for the redone stage (its seed comes from the item id and the number).")
        var variant: Int?

        @Option(help: "Write bundles under DIR instead of the manifest's `output:`.")
        var output: String?

        @Option(help: "Keep state in DIR instead of <output>/.factory (or $FACTORY_STATE).")
        var state: String?

        @Flag(help: "Use the offline providers even when API keys are set.")
        var offline = false

        @Flag(name: .shortAndLong, help: "Do not ask before spending (required when stdin is not a terminal).")
        var yes = false

        func run() async throws {
            if seed != nil, variant != nil { throw failure("give --seed or --variant, not both") }
            let group: StageGroup? = try stage.map { name in
                guard let g = StageGroup(rawValue: name.lowercased()) else {
                    throw failure("--stage \(name): use text, image, speech or render")
                }
                return g
            }
            let location = ManifestLocation(manifest: try manifest ?? Self.findManifest(item: item, output: output), output: output, state: state)
            let loaded = try location.loadManifest()
            guard let index = loaded.items.firstIndex(where: { $0.id == item }) else {
                throw failure("no item \(item) in \(location.manifest); its items are \(loaded.items.map(\.id).joined(separator: ", "))")
            }
            let (report, signal) = try await RunSession.with(loaded, location: location, offline: offline) { session in
                try await regenerate(session, index: index, group: group)
            }
            say(report.summary)
            if let kept = Self.newestVersion(item: item, weekFolder: location.weekFolder(loaded)), report.exitCode == 0 {
                say("the previous bundle is kept in \(kept.path)")
            }
            if let signal { throw ExitCode(128 + signal) }
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }

        /// Prices what the regeneration redoes, asks, then runs the one item in the session.
        func regenerate(_ session: RunSession, index: Int, group: StageGroup?) async throws -> (report: RunReport, signal: Int32?) {
            var loaded = session.manifest
            let providers = session.resolved.set, outputFolder = session.location.outputFolder
            let weekFolder = session.location.weekFolder(loaded)
            let cache = ResultCache(folder: session.stateFolder.appendingPathComponent("cache"))
            let committed = try Estimate.committed(manifest: loaded, state: session.stateFolder)
            // What the item has, then what this regeneration redoes, priced with the cache as it is.
            let probe = Runner(manifest: loaded, providers: providers, kinds: StandardKinds(),
                               options: RunOptions(only: [item], output: outputFolder, regenerate: []), log: { _ in })
            let regeneration: Regeneration
            do {
                regeneration = try Regeneration(item: loaded.items[index], stage: group, seed: seed, variant: variant,
                                                nextVariant: Self.keptVersions(item: item, weekFolder: weekFolder) + 1,
                                                planned: probe.plan(cache: nil, committed: committed).stages)
            } catch {
                throw failure("\(error)")
            }
            loaded.items[index] = regeneration.item
            let options = RunOptions(only: [item], output: outputFolder, regenerate: regeneration.fresh)
            let plan = Runner(manifest: loaded, providers: providers, kinds: StandardKinds(), options: options, log: { say($0) })
                .plan(cache: cache, fresh: regeneration.fresh, committed: committed)
            say(Self.describe(regeneration, plan: plan, group: group))
            if !plan.problems.isEmpty {
                for problem in plan.problems { printError(problem.message) }
                throw ExitCode(1)
            }
            guard try confirm(plan) else {
                say("nothing done")
                throw ExitCode(2)
            }
            // One item: a plain line per finished stage, as a run prints without a terminal.
            let progress = RunProgress(onStage: { say(ProgressView.plainLine($0)) })
            let gateway = try session.gateway(fresh: false, freshStages: regeneration.fresh, progress: progress)
            let live = Runner(manifest: loaded, providers: providers, kinds: StandardKinds(), options: options, gateway: gateway, stop: session.stop,
                              log: { say($0) }, progress: progress)
            return try await session.execute(live, grace: 30)
        }

        /// Asks on a terminal; without one, `--yes` is required.
        func confirm(_ plan: WeekPlan) throws -> Bool {
            if yes { return true }
            guard isatty(STDIN_FILENO) == 1 else {
                throw failure("stdin is not a terminal: add --yes to regenerate without being asked")
            }
            FileHandle.standardOutput.write(Data("regenerate \(item) for about \(EstimateReport.usd(plan.totalUSD))? [y/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            return answer == "y" || answer == "yes"
        }

        static func describe(_ regeneration: Regeneration, plan: WeekPlan, group: StageGroup?) -> String {
            var lines = ["regenerate \(regeneration.item.id) (\(regeneration.item.kind.rawValue)): "
                         + (group.map { "stage \($0.rawValue)" } ?? "every stage")]
            for (g, seed) in regeneration.seeds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                lines.append("  \(g.rawValue): new seed \(seed)")
            }
            // The stage table; the per-day and per-provider tables add nothing for one item.
            lines.append(EstimateReport.stageTable(plan).trimmingCharacters(in: .newlines))
            let redo = plan.stages.filter { $0.status == .toPay }.map(\.stage)
            let reuse = plan.stages.filter { $0.status == .cached }.map(\.stage)
            lines.append("asked again: " + (redo.isEmpty ? "nothing paid" : redo.joined(separator: ", "))
                         + "; from the cache: " + (reuse.isEmpty ? "nothing" : reuse.joined(separator: ", ")) + "; then the render")
            lines.append("estimated cost \(EstimateReport.usd(plan.totalUSD)) (at most \(EstimateReport.usd(plan.totalMaxUSD)))")
            return lines.joined(separator: "\n")
        }

        /// The newest report.json under the output folder that lists the item names its manifest.
        static func findManifest(item: String, output: String?) throws -> String {
            let root = URL(fileURLWithPath: output ?? "output")
            let weeks = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            var best: (Date, String)?
            for week in weeks {
                let url = week.appendingPathComponent("report.json")
                guard let data = try? Data(contentsOf: url),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let manifest = object["manifest"] as? String,
                      let items = object["items"] as? [[String: Any]], items.contains(where: { $0["id"] as? String == item }) else { continue }
                let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
                if best.map({ date > $0.0 }) ?? true { best = (date, manifest) }
            }
            guard let found = best?.1 else {
                throw failure("no report.json under \(root.path) lists item \(item): give --manifest PATH (and --output DIR if it is elsewhere)")
            }
            return found
        }

        static func keptVersions(item: String, weekFolder: URL) -> Int {
            versions(item: item, weekFolder: weekFolder).count
        }

        static func newestVersion(item: String, weekFolder: URL) -> URL? {
            versions(item: item, weekFolder: weekFolder).last
        }

        static func versions(item: String, weekFolder: URL) -> [URL] {
            let root = weekFolder.appendingPathComponent(".versions")
            let stamps = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
            return stamps.map { root.appendingPathComponent($0).appendingPathComponent(item) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }
}

/// Prints `message` and gives the exit code 2 to throw.
func failure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode(2)
}
