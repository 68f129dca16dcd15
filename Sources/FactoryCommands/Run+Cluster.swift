import ArgumentParser
import FactoryCluster
import FactoryCore
import Foundation

extension FactoryCommand.Run {
    /// `run --database`: this process is one worker of the week's queue (docs/cluster.md). Its
    /// loop takes items under a lease and runs each with `runner` until none is queued or running.
    func clusterWork(_ runner: Runner, worker: ClusterStores) -> @Sendable () async throws -> RunReport {
        let c = runner.manifest.concurrency
        let loop = ClusterWorker(runner: runner, stores: worker,
                                 settings: .init(leaseSeconds: lease.leaseSeconds, maxAttempts: lease.maxAttempts,
                                                 window: ClusterWorker.Settings.window(total: c.total, render: c.render,
                                                                                       skipRender: skipRender)),
                                 log: { say($0) })
        return { try await loop.run() }
    }
}
