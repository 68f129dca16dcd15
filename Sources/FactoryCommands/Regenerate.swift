import ArgumentParser
import FactoryCore
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
            The manifest is --manifest, or the one the newest report.json under the output folder names. The week is \
            --week, else a fixed `week:`, else (a standing `week: auto|next`) the week of the newest report.json that \
            lists the item. The new version is recorded in the content memory beside the old; a new text must not \
            repeat the series' recent weeks, nor the item's own earlier versions.
            Exit codes: 0 done; 1 the item failed (the old bundle stays); 2 bad arguments or declined; \
            3 the budget cap deferred it; 75 another run holds the lock.
            """)

        @Argument(help: "The item's id.")
        var item: String

        @OptionGroup var options: ItemOptions

        @Option(help: "Redo only this stage: text, image, speech or render.")
        var stage: String?

        @Option(help: "The seed for the redone text/image stage.")
        var seed: UInt64?

        @Option(help: "A numbered alternative for the redone stage (its seed comes from the item id and the number).")
        var variant: Int?



        @OptionGroup var week: WeekOption

        @OptionGroup var cluster: ClusterOptions

        @Flag(help: "Use the offline providers even when API keys are set.")
        var offline = false

        @Flag(name: .shortAndLong, help: "Do not ask before spending (required when stdin is not a terminal).")
        var yes = false

        @Flag(help: "Show what would be made again and its cost; change nothing.")
        var dryRun = false

        @Option(help: ArgumentHelp("Make a kept version current again (its <week>/.versions/STAMP/<item>/ folder), in one step; the current one is kept in turn.",
                                   valueName: "STAMP"))
        var restore: String?

        func run() async throws {
            if seed != nil, variant != nil { throw failure("give --seed or --variant, not both") }
            let group: StageGroup? = try stage.map { name in
                guard let g = StageGroup(rawValue: name.lowercased()) else {
                    throw failure("--stage \(name): use text, image, speech or render")
                }
                return g
            }
            // The report's week is not taken as given: a standing manifest is checked against it below.
            let (first, foundWeek) = try options.location(item: item, week: week, reportWeek: false)
            var location = first
            var loaded = try location.loadManifest()
            if week.week == nil, loaded.weekSpec.isStanding,
               let made = foundWeek ?? Self.newestReport(item: item, output: (location.outputFolder ?? loaded.output).path,
                                                            manifest: location.manifest)?.week,
               made != loaded.week.description {
                // A standing manifest: the week the item was last made, not the one today resolves to.
                location.week = made
                loaded = try location.loadManifest()
                say("week: \(loaded.weekSpec) manifest; regenerating \(item) of \(made), the newest week that made it (--week to choose)")
            }
            location = try cluster.located(location, loaded)
            guard let index = loaded.items.firstIndex(where: { $0.id == item }) else {
                throw failure("no item \(item) in \(location.manifest); its items are \(loaded.items.map(\.id).joined(separator: ", "))")
            }
            if let restore {
                return try Self.restore(item: item, stamp: restore, weekFolder: location.weekFolder(loaded))
            }
            // With --database the shared ledger, answers and provider slots (outside the week's queue).
            let (report, signal) = try await cluster.stores(loaded, location: location).with { [location] stores in
                try await RunSession.with(loaded, location: location, stores: stores, offline: offline) { session in
                    try await regenerate(session, index: index, group: group)
                }
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
            let outputFolder = session.location.outputFolder
            let weekFolder = session.location.weekFolder(loaded)
            let cache = try await session.stores.cache.lookup()
            let committed = try await session.committed()
            // What the item has, then what this regeneration redoes, priced with the cache as it is.
            let probe = session.runner(options: RunOptions(only: [item], output: outputFolder, regenerate: []), log: { _ in })
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
            let plan = session.runner(loaded, options: options, log: { say($0) }).plan(cache: cache, fresh: regeneration.fresh, committed: committed)
            say(Self.describe(regeneration, plan: plan, group: group))
            if !plan.problems.isEmpty {
                for problem in plan.problems { printError(problem.message) }
                throw ExitCode(1)
            }
            if dryRun {
                say("dry run: nothing was made or spent")
                throw ExitCode.success
            }
            guard try confirm(plan) else {
                say("nothing done")
                throw ExitCode(2)
            }
            // One item: a plain line per finished stage, as a run prints without a terminal.
            let progress = RunProgress(onStage: { say(ProgressView.plainLine($0)) })
            let gateway = session.gateway(loaded, fresh: false, freshStages: regeneration.fresh, progress: progress)
            let live = session.runner(loaded, options: options, gateway: gateway, progress: progress,
                                      memory: try await session.memory(includeOwn: regeneration.fresh.contains(.text)), log: { say($0) })
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
            let redo = plan.stages.filter { $0.status == .toPay }.map(\.stage.rawValue)
            let reuse = plan.stages.filter { $0.status == .cached }.map(\.stage.rawValue)
            lines.append("asked again: " + (redo.isEmpty ? "nothing paid" : redo.joined(separator: ", "))
                         + "; from the cache: " + (reuse.isEmpty ? "nothing" : reuse.joined(separator: ", ")) + "; then the render")
            lines.append("estimated cost \(EstimateReport.usd(plan.totalUSD)) (at most \(EstimateReport.usd(plan.totalMaxUSD)))")
            return lines.joined(separator: "\n")
        }

        /// The newest report.json under the output folder that lists the item (and, given, names
        /// `manifest`): its manifest and week.
        static func findManifest(item: String, output: String?) throws -> (manifest: String, week: String) {
            guard let found = newestReport(item: item, output: output) else {
                throw failure("no report.json under \(URL(fileURLWithPath: output ?? "output").path) lists item \(item): give --manifest PATH "
                              + "(and --output DIR if it is elsewhere)")
            }
            return found
        }

        static func newestReport(item: String, output: String?, manifest wanted: String? = nil) -> (manifest: String, week: String)? {
            let root = URL(fileURLWithPath: output ?? "output")
            let weeks = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            var best: (Date, String, String)?
            let wantedPath = wanted.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            for week in weeks {
                let url = week.appendingPathComponent("report.json")
                guard let data = try? Data(contentsOf: url),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let manifest = object["manifest"] as? String, let name = object["week"] as? String,
                      wantedPath.map({ $0 == manifest }) ?? true,
                      let items = object["items"] as? [[String: Any]],
                      items.contains(where: { $0["id"] as? String == item }) else { continue }
                let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
                if best.map({ date > $0.0 }) ?? true { best = (date, manifest, name) }
            }
            return best.map { (manifest: $0.1, week: $0.2) }
        }

        /// Copies `.versions/<stamp>/<item>/` into a staging folder and publishes it as the item's
        /// bundle, with the same one-step replacement a run uses; the bundle it replaces is kept
        /// under `.versions/` in turn, and the restored version stays there too.
        static func restore(item: String, stamp: String, weekFolder: URL) throws {
            guard !stamp.contains("/"), !stamp.hasPrefix("."),
                  let kept = versions(item: item, weekFolder: weekFolder).first(where: { $0.deletingLastPathComponent().lastPathComponent == stamp }) else {
                let stamps = versions(item: item, weekFolder: weekFolder).map { $0.deletingLastPathComponent().lastPathComponent }
                throw failure("--restore \(stamp): \(item) has no kept version of that name; its versions are "
                              + (stamps.isEmpty ? "none" : stamps.joined(separator: ", ")))
            }
            let source = kept.resolvingSymlinksInPath()
            guard FileManager.default.fileExists(atPath: source.appendingPathComponent("metadata.json").path) else {
                throw failure("--restore \(stamp): \(kept.path) has no metadata.json; it is not a whole bundle")
            }
            let writer = try BundleWriter(weekFolder: weekFolder, itemId: item)
            do {
                for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasPrefix(".") {
                    try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: writer.staging.appendingPathComponent(name))
                }
                try writer.publish()
            } catch {
                writer.discard()
                throw failure("--restore \(stamp): \(error)")
            }
            say("restored \(item) to the version of \(stamp); the bundle it replaced is kept in \(newestVersion(item: item, weekFolder: weekFolder)?.path ?? ".versions")")
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
