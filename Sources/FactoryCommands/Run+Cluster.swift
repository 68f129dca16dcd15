import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension FactoryCommand.Run {
    /// `run --database`: this process is one worker of the week's queue (docs/cluster.md).
    func runCluster(_ manifest: Manifest, url: DatabaseURL, weekday: Weekday?) async throws {
        let location = options.location.clusterLocation(manifest)
        let output = location.outputFolder ?? manifest.output
        let (report, signal) = try await RunSession.with(manifest, location: location, offline: selection.offline) { session in
            let stores = try await ClusterOptions.open(url, manifest: manifest, output: output, leaseSeconds: lease.leaseSeconds)
            do {
                let result = try await work(session, location: location, stores: stores, weekday: weekday)
                say("database: \(stores.db.roundTrips) round trips from this worker")
                await stores.close()
                return result
            } catch {
                await stores.close()
                throw error
            }
        }
        say(report.summary)
        if let signal { throw ExitCode(128 + signal) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    func work(_ session: RunSession, location: ManifestLocation, stores: ClusterStores,
              weekday: Weekday?) async throws -> (report: RunReport, signal: Int32?) {
        let resolved = session.resolved
        let mode = ProgressMode.choose(progress, stdoutIsTerminal: isatty(1) == 1, term: ProcessInfo.processInfo.environment["TERM"])
        let printStage: RunProgress.StageSink = { say(ProgressView.plainLine($0)) }
        let runProgress = RunProgress(onStage: mode == .plain ? printStage : nil)
        let gateway = location.gateway(session.manifest, stores: stores, fresh: selection.fresh, stop: session.stop,
                                       progress: runProgress)
        let manifest = session.manifest
        let runner = Runner(manifest: manifest, providers: resolved.set, kinds: StandardKinds(),
                            options: RunOptions(only: selection.only, day: weekday, output: location.outputFolder, skipRender: skipRender,
                                                fresh: selection.fresh),
                            gateway: gateway, stop: session.stop, log: { say($0) }, progress: runProgress, publication: stores.fence,
                            memory: try await session.memory(gateway, store: stores.memory))
        for line in resolved.set.description { say("providers: \(line)") }
        for warning in resolved.retirementWarnings(manifest) { say("warning: \(warning)") }
        let (dayCommitted, weekCommitted) = try await gateway.ledger.committed(day: gateway.day(), week: manifest.week.description)
        say(String(format: "budget: $%.4f of $%.2f committed today (%@), $%.4f of $%.2f this week, all workers; ledger %@",
                   dayCommitted, manifest.budget.dailyUSD, gateway.day(), weekCommitted, manifest.budget.weeklyUSD, gateway.ledger.location))
        say("cluster worker \(stores.owner): \(runner.selected.count) of \(manifest.items.count) items for \(manifest.week) into "
            + "\(runner.weekFolder.path), lease \(String(format: "%g", lease.leaseSeconds)) s" + (skipRender ? " (render skipped)" : ""))
        sayWeekAndMemory(manifest, runner: runner)
        await runProgress.budget(dailyCapUSD: manifest.budget.dailyUSD, committedTodayUSD: dayCommitted)
        let c = manifest.concurrency
        let worker = ClusterWorker(runner: runner, stores: stores,
                                   settings: .init(leaseSeconds: lease.leaseSeconds, maxAttempts: lease.maxAttempts,
                                                   window: ClusterWorker.Settings.window(total: c.total, render: c.render,
                                                                                         skipRender: skipRender)),
                                   log: { say($0) })
        let live = mode == .live ? LiveProgress(progress: runProgress, title: "factory \(manifest.week) (cluster)") : nil
        do {
            let result = try await session.execute(grace: grace) { try await worker.run() }
            await live?.stop()
            return result
        } catch {
            await live?.stop()
            throw error
        }
    }
}
