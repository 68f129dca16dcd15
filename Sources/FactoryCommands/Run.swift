import ArgumentParser
import FactoryCore
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory run MANIFEST`: plans every item and writes one bundle per item.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make the week's bundles from a manifest.",
            discussion: """
            Providers: `auto` (the default) is live when its key is set (RUNWARE_API_KEY, OPENAI_API_KEY, \
            ANTHROPIC_API_KEY) and offline otherwise; base URLs come from RUNWARE_BASE_URL, OPENAI_BASE_URL and \
            ANTHROPIC_BASE_URL. Narration (providers.speech) is OpenAI gpt-4o-mini-tts when OPENAI_API_KEY is \
            set (FACTORY_SPEECH_MODEL picks another model) and espeak-ng on this machine otherwise. Every paid call is cached, reserved against the budget caps and recorded in \
            <state>/ledger.sqlite. SIGINT/SIGTERM stop new paid calls, let in-flight ones finish (up to \
            --grace seconds) and write the report.
            """)

        @OptionGroup var options: ManifestOptions

        @Option(name: .customLong("only"), help: "Make only this item (repeatable).")
        var only: [String] = []

        @Option(help: "Make only the items scheduled on this weekday (monday … sunday).")
        var day: String?

        @Flag(help: "Use the offline providers even when API keys are set.")
        var offline = false

        @Flag(help: "Ignore cached provider results and published bundles: ask and pay again.")
        var fresh = false

        @Flag(help: "Fetch every paid asset into the cache, render nothing (to fetch early in the week).")
        var skipRender = false

        @Option(help: "Seconds in-flight calls get to finish after SIGINT/SIGTERM.")
        var grace: Double = 30

        func run() async throws {
            let manifest = try options.loadManifest()
            let weekday = try RunSelection(manifest: manifest, manifestPath: options.manifest, only: only, day: day).day
            let stateFolder = options.stateFolder(manifest)
            let lock: RunLock
            do {
                lock = try RunLock(stateFolder: stateFolder)
            } catch {
                printError("\(error)")
                throw ExitCode(75)
            }
            defer { withExtendedLifetime(lock) {} }

            let resolved: ResolvedProviders
            do {
                resolved = try await ResolvedProviders.resolve(manifest.providers, environment: ProcessInfo.processInfo.environment,
                                                               offline: offline)
            } catch {
                printError(Secrets.redact("\(error)"))
                throw ExitCode(2)
            }
            let stop = StopSignal()
            let gateway: PaidCallGateway
            do {
                gateway = try options.gateway(manifest, stateFolder: stateFolder, fresh: fresh, stop: stop)
            } catch {
                await resolved.transport?.shutdown()
                printError("\(error)")
                throw ExitCode(75)
            }
            let runner = Runner(manifest: manifest, providers: resolved.set,
                                options: RunOptions(only: only, day: weekday, output: options.outputFolder, skipRender: skipRender, fresh: fresh),
                                gateway: gateway, stop: stop, log: { say($0) })
            for line in resolved.set.description { say("providers: \(line)") }
            let (dayCommitted, weekCommitted) = try gateway.ledger.committed(day: gateway.day(), week: manifest.week.description)
            say(String(format: "budget: $%.4f of $%.2f committed today (%@), $%.4f of $%.2f this week; ledger %@",
                       dayCommitted, manifest.budget.dailyUSD, gateway.day(), weekCommitted, manifest.budget.weeklyUSD,
                       gateway.ledger.path.path))
            say("making \(runner.selected.count) of \(manifest.items.count) items for \(manifest.week) into \(runner.weekFolder.path)"
                + (skipRender ? " (render skipped)" : ""))

            let work = Task { try await runner.run() }
            let signals = SignalWatcher(stop: stop, grace: grace, work: { work.cancel() }, log: { say($0) })
            let report: RunReport
            do {
                report = try await work.value
            } catch {
                await resolved.transport?.shutdown()
                throw error
            }
            withExtendedLifetime(signals) {}
            await resolved.transport?.shutdown()
            say(report.summary)
            if let signal = signals.received { throw ExitCode(128 + signal) }
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }
}

/// Prints a line with any key scrubbed, flushed at once (cron logs, pipes).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((Secrets.redact(line) + "\n").utf8))
}
