import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension FactoryCommand {
    /// `factory run MANIFEST`: plans every item and writes one bundle per item.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make the week's bundles from a manifest.",
            discussion: """
            Providers: `auto` (the default) is live when its key is set (RUNWARE_API_KEY, OPENAI_API_KEY, \
            ANTHROPIC_API_KEY) and offline otherwise; base URLs come from RUNWARE_BASE_URL, OPENAI_BASE_URL and \
            ANTHROPIC_BASE_URL. Narration (providers.speech) is OpenAI when OPENAI_API_KEY is set: gpt-4o-mini-tts until its \
            shutdown on 2027-01-06, then gpt-realtime-2.1-mini over the Realtime API (the run's header says so once, \
            and which voices read as their closest stand-in); `speech: runware` speaks through Runware audioInference \
            (speech_model elevenlabs:26@1 by default); providers.speech_model or FACTORY_SPEECH_MODEL picks another. \
            Offline, the Piper neural voice reads it (espeak-ng when Piper is not installed). A speech model that is \
            unknown or retired, or lacks an item's voice, fails only the items that speak, and the run exits 2. \
            The text model is providers.text_model (or FACTORY_TEXT_MODEL), claude-sonnet-5-5 or gpt-6-luna by default; \
            each item's `effort:` (low…max) and `thinking:` (true/false) shape its requests from models.json. Models \
            retiring within 30 days are warned about; retired ones are refused before anything is spent on them. \
            Every paid call is cached, reserved against the budget caps and recorded in \
            <state>/ledger.sqlite (with --database: in PostgreSQL, shared by every worker; see below). SIGINT/SIGTERM stop new paid calls, let in-flight ones finish (up to \
            --grace seconds) and write the report.

            Progress: on a terminal a live view (items, stages in flight per provider, spend against the daily cap, \
            elapsed time and ETA) is redrawn in place; otherwise (cron, pipes, --log) one line is printed per finished \
            stage: `stage item=… stage=… provider=… model=… status=… seconds=… cost_usd=… cached=…`. Every run \
            writes <output>/<week>/report.json (items, their stages, the slowest stages) and report.txt (the summary).

            Cluster mode (--database URL or FACTORY_DATABASE_URL): N copies on N hosts share one week. The first \
            enqueues it, the others join, a re-run resumes it; each takes items under a lease (--lease-seconds, \
            renewed by heartbeat), takes over items whose lease expired, and exits, with the week's exit code, when no \
            item is queued or running. The ledger, the caps, the answer index and the per-provider limits are in \
            PostgreSQL; answers' bytes and bundles on --output, a volume every worker mounts; --state stays local.
            """)

        @OptionGroup var options: ManifestOptions

        @OptionGroup var selection: SelectionOptions

        @OptionGroup var week: WeekOption

        @OptionGroup var cluster: ClusterOptions

        @OptionGroup var lease: LeaseOptions

        @Flag(help: "Fetch every paid asset into the cache, render nothing (to fetch early in the week).")
        var skipRender = false

        @Option(help: "Seconds in-flight calls get to finish after SIGINT/SIGTERM.")
        var grace: Double = 30

        @Option(help: "Progress display: auto (live on a terminal, plain lines otherwise), live or plain.")
        var progress: ProgressMode = .auto

        @Option(help: "Append all output to FILE (rotated first when larger than --log-max); for cron.")
        var log: String?

        @Option(help: "With --log: rotate FILE to FILE.1 … when it is larger than this (bytes, or 500K, 5M, 1G).")
        var logMax: String = "5M"

        @Option(help: "With --log: how many rotated files to keep (FILE.1 … FILE.N).")
        var logKeep: Int = 5

        func run() async throws {
            if let log { try LogOutput.start(log, maxSize: logMax, keep: logKeep, title: "factory run \(options.manifest)") }
            let manifest = try options.location(week: week).loadManifest()
            let weekday = try selection.weekday(in: manifest, path: options.manifest)
            let location = try cluster.located(options.location(week: week), manifest)
            let stores = try await cluster.stores(manifest, location: location, lease: lease)
            let (report, signal) = try await stores.with { stores in
                try await RunSession.with(manifest, location: location, stores: stores, offline: selection.offline) { session in
                    try await work(session, weekday: weekday)
                }
            }
            say(report.summary)
            if let signal { throw ExitCode(128 + signal) }
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }

        /// Makes the week in the session: on one machine every selected item, in a cluster as one
        /// worker of the week's queue.
        func work(_ session: RunSession, weekday: Weekday?) async throws -> (report: RunReport, signal: Int32?) {
            let manifest = session.manifest
            let mode = ProgressMode.choose(progress, stdoutIsTerminal: isatty(1) == 1, term: ProcessInfo.processInfo.environment["TERM"])
            let printStage: RunProgress.StageSink = { say(ProgressView.plainLine($0)) }
            let runProgress = RunProgress(onStage: mode == .plain ? printStage : nil)
            let gateway = session.gateway(fresh: selection.fresh, progress: runProgress)
            let runner = session.runner(options: RunOptions(only: selection.only, day: weekday, output: session.location.outputFolder,
                                                            skipRender: skipRender, fresh: selection.fresh),
                                        gateway: gateway, progress: runProgress, memory: try await session.memory(), log: { say($0) })
            let worker = session.stores.cluster
            for line in session.resolved.set.description { say("providers: \(line)") }
            for warning in session.resolved.retirementWarnings(manifest) { say("warning: \(warning)") }
            let committed = try await session.committed()
            say(String(format: "budget: $%.4f of $%.2f committed today (%@), $%.4f of $%.2f this week%@; ledger %@",
                       committed.day, manifest.budget.dailyUSD, committed.today, committed.week, manifest.budget.weeklyUSD,
                       worker == nil ? "" : ", all workers", gateway.ledger.location))
            if let worker {
                say("cluster worker \(worker.owner): \(runner.selected.count) of \(manifest.items.count) items for \(manifest.week) into "
                    + "\(runner.weekFolder.path), lease \(String(format: "%g", lease.leaseSeconds)) s" + (skipRender ? " (render skipped)" : ""))
            } else {
                say("making \(runner.selected.count) of \(manifest.items.count) items for \(manifest.week) into \(runner.weekFolder.path)"
                    + (skipRender ? " (render skipped)" : ""))
            }
            sayWeekAndMemory(manifest, runner: runner)
            await runProgress.budget(dailyCapUSD: manifest.budget.dailyUSD, committedTodayUSD: committed.day)
            let live = mode == .live ? LiveProgress(progress: runProgress, title: "factory \(manifest.week)" + (worker == nil ? "" : " (cluster)")) : nil
            do {
                let result = if let worker {
                    try await session.execute(grace: grace, clusterWork(runner, worker: worker))
                } else {
                    try await session.execute(runner, grace: grace)
                }
                await live?.stop()
                if let worker { say("database: \(worker.db.roundTrips) round trips from this worker") }
                return result
            } catch {
                await live?.stop()
                throw error
            }
        }
    }
}

extension FactoryCommand.Run {
    /// What a standing manifest's week resolved to and which weeks the content memory looks back on
    /// (printed by a run on one machine and by each cluster worker).
    func sayWeekAndMemory(_ manifest: Manifest, runner: Runner) {
        if manifest.weekSpec.isStanding, week.week == nil {
            say("week: \(manifest.weekSpec) resolved to \(manifest.week) (\(manifest.timezone.identifier))")
        }
        if let memory = runner.memory {
            let (from, to) = memory.window
            say("memory: no repeats of what a series published in \(from)…\(to) (memory.weeks \(memory.weeks)); \(memory.store.location)")
        }
    }
}

extension ProgressMode: ExpressibleByArgument {}

/// Prints a line with any key scrubbed, flushed at once (cron logs, pipes), above the live view if one is drawn.
func say(_ line: String) {
    Console.shared.line(Secrets.redact(line))
}
