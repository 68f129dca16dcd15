import FactoryCore
import Foundation
import Synchronization

/// One copy of `factory run --database`: joins (or enqueues) the week's queue, takes items while
/// any are queued, heartbeats its leases, rescues expired ones, and stays until no item of the
/// week is queued or running, whoever holds it. Then it writes the whole week's report.
public struct ClusterWorker: Sendable {
    public struct Settings: Sendable {
        public var leaseSeconds: Double
        public var maxAttempts: Int
        /// Items held at once: enough to keep every provider slot and the renders busy.
        public var window: Int

        /// Fetching only: enough items to keep every provider slot busy (each item waits on one
        /// call at a time). Rendering: the renders this worker runs at once plus some fetching
        /// ahead, so items are not held here while other workers' render slots stand idle.
        public static func window(total: Int, render: Int, skipRender: Bool) -> Int {
            skipRender ? 2 * total : render + (total + 1) / 2
        }

        public init(leaseSeconds: Double, maxAttempts: Int, window: Int) {
            self.leaseSeconds = leaseSeconds
            self.maxAttempts = maxAttempts
            self.window = window
        }
    }

    let runner: Runner
    let stores: ClusterStores
    let settings: Settings
    let log: @Sendable (String) -> Void

    public init(runner: Runner, stores: ClusterStores, settings: Settings, log: @escaping @Sendable (String) -> Void) {
        self.runner = runner
        self.stores = stores
        self.settings = settings
        self.log = log
    }

    var queue: WorkQueue { stores.queue }

    public func run() async throws -> RunReport {
        let started = Date()
        let manifest = runner.manifest
        try FileManager.default.createDirectory(at: runner.weekFolder, withIntermediateDirectories: true)
        let selected = runner.selected, ids = selected.map(\.id)
        let positions = Dictionary(manifest.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let added = try await queue.enqueue(selected.map { ($0.id, positions[$0.id] ?? 0) }, maxAttempts: settings.maxAttempts)
        let reopened = added == 0 ? try await queue.reopenIfFinished(ids) : 0
        log(added > 0 ? "queue \(queue.name): enqueued \(added) items; worker \(queue.owner)"
            : "queue \(queue.name): joined (\(reopened) failed or deferred items queued again); worker \(queue.owner)")
        await runner.progress.begin(items: selected.count)
        let running = Running()
        let queue = self.queue
        let health = Heartbeat(leaseSeconds: settings.leaseSeconds, renew: { try await queue.heartbeat() }, log: log)
        let heartbeat = Task { await beat(running, health) }
        defer { heartbeat.cancel() }
        try await loop(selected: selected, positions: positions, running: running, health: health)
        heartbeat.cancel()
        await heartbeat.value
        return try await report(selected: selected, started: started)
    }

    /// Claims while there is room and work, waits when there is not, until the week is finished.
    /// While the heartbeat fails long enough to put the leases at risk, it claims nothing new.
    func loop(selected: [Item], positions: [String: Int], running: Running, health: Heartbeat) async throws {
        guard let gateway = runner.gateway else { throw ClusterError(.query, "cluster mode needs a gateway") }
        let ids = selected.map(\.id), byId = Dictionary(selected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let renderLimit = AsyncSemaphore(limit: runner.manifest.concurrency.render)
        let idle = min(1.0, settings.leaseSeconds / 4)
        var lastRescue = ContinuousClock.now - .seconds(3600)
        try await runner.recover(gateway)
        while true {
            if runner.stop.isRequested { break }
            if ContinuousClock.now - lastRescue > .seconds(settings.leaseSeconds / 3) {
                lastRescue = .now
                let rescued = try await queue.rescue()
                for (item, state, reason) in rescued { log(state == .failed ? reason : "item \(item): \(reason); queued again") }
                if !rescued.isEmpty { try await runner.recover(gateway) }
            }
            let room = health.atRisk() ? 0 : settings.window - running.count
            let claimed = room > 0 ? try await queue.claim(room, among: ids) : []
            for lease in claimed {
                guard let item = byId[lease.item] else { continue }
                start(item, lease: lease, priority: positions[item.id] ?? 0, renderLimit: renderLimit, running: running)
            }
            if !claimed.isEmpty { continue }
            if running.count == 0 {
                let (queued, active) = try await queue.remaining(ids)
                if queued + active == 0 { break }
            }
            await running.doorbell.wait(seconds: idle)
        }
        await running.waitForAll()
    }

    /// Makes one item under its lease, then records the outcome if the lease is still held.
    func start(_ item: Item, lease: WorkQueue.Lease, priority: Int, renderLimit: AsyncSemaphore, running: Running) {
        stores.leases.hold(lease)
        let runner = self.runner, queue = self.queue, leases = stores.leases, log = self.log
        running.start(lease) {
            let outcome = await runner.make(item, priority: priority, renderLimit: renderLimit)
            if Task.isCancelled {
                log("item \(item.id): fenced off (its lease was taken over while this worker was away); its work here is dropped")
            } else {
                let state: WorkQueue.JobState = switch outcome.status {
                case .done, .fetched: .done
                case .deferred: outcome.deferral == .stopping ? .queued : .deferred
                case .failed, .unsupported: .failed
                }
                do {
                    if try await queue.finish(lease, state: state, outcome: outcome) {
                        await runner.progress.itemFinished(outcome.status)
                        log(Secrets.redact("\(outcome.status.rawValue) \(outcome.id) (\(outcome.kind)) in "
                            + String(format: "%.1f s, $%.4f", outcome.seconds, outcome.costUSD) + (outcome.message.map { ": \($0)" } ?? "")))
                    } else {
                        log("item \(item.id): fenced off before its outcome was recorded; the worker that took it over records it")
                    }
                } catch {
                    log("item \(item.id): its outcome could not be recorded (\(error)); its lease will expire and it is made again")
                }
            }
            leases.drop(lease)
            running.finish(lease)
        }
    }

    /// Every third of a lease: renews this worker's leases and slots; stops the items it lost.
    func beat(_ running: Running, _ heartbeat: Heartbeat) async {
        let leases = stores.leases, log = self.log
        await heartbeat.run { held, sent in
            let kept = Set(held.map { "\($0.job)/\($0.attempt)" })
            for entry in leases.all where entry.since < sent && !kept.contains("\(entry.lease.job)/\(entry.lease.attempt)") {
                log("item \(entry.lease.item): lease lost (it expired and another worker may hold it); stopping it here")
                running.cancel(entry.lease)
            }
        }
    }

    /// The week as the queue records it, whichever worker made each item.
    func report(selected: [Item], started: Date) async throws -> RunReport {
        let rows = Dictionary(try await queue.rows(selected.map(\.id)).map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
        let decoder = SnakeJSON.decoder()
        let items = selected.map { item -> ItemOutcome in
            let row = rows[item.id]
            if let text = row?.outcome, let outcome = try? decoder.decode(ItemOutcome.self, from: Data(text.utf8)) { return outcome }
            let stopped = runner.stop.isRequested
            return ItemOutcome(id: item.id, kind: item.kind, day: item.day.rawValue, status: stopped ? .deferred : .failed,
                               message: row?.reason ?? "item \(item.id): not finished when this worker stopped",
                               deferral: stopped ? .stopping : nil, costUSD: 0, seconds: 0, bundle: nil)
        }
        var calls: CallSummary?
        if let gateway = runner.gateway {
            let tally = gateway.tally
            calls = CallSummary(sent: await tally.sentByProvider, cacheHits: await tally.cacheHits, retries: await tally.retries,
                                spentUSD: await tally.spentUSD, uncertain: await tally.uncertainCalls,
                                pausedProviders: await gateway.health.pausedProviders)
        }
        let format = ISO8601DateFormatter()
        var report = RunReport(week: runner.manifest.week.description, manifest: runner.manifest.file.path,
                               startedAt: format.string(from: started), finishedAt: format.string(from: Date()),
                               seconds: Date().timeIntervalSince(started),
                               providers: ["text": runner.providers.text.name, "image": runner.providers.image.name],
                               items: items, calls: calls)
        report.stopped = runner.stop.isRequested
        report.peakMemory = .now()
        let folder = runner.weekFolder
        let saved = try? SnakeJSON.decoder().decode(RunReport.self, from: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let whole = report.keepingOthers(from: saved, order: runner.manifest.items.map(\.id))
        try AtomicFile.write(Secrets.redact(try SnakeJSON.encoder().encode(whole)), to: folder.appendingPathComponent("report.json"))
        try AtomicFile.write(Data(Secrets.redact(report.summary + "\n").utf8), to: folder.appendingPathComponent("report.txt"))
        return report
    }
}

/// The items this worker is making: their tasks (to stop one whose lease was lost) and a doorbell
/// the main loop waits on.
final class Running: Sendable {
    private let tasks = Mutex<[String: (lease: WorkQueue.Lease, task: Task<Void, Never>)]>([:])
    let doorbell = Doorbell()

    var count: Int { tasks.withLock { $0.count } }

    /// Starts `body` as the item's task; it is listed before it can finish (the lock is held).
    func start(_ lease: WorkQueue.Lease, _ body: @escaping @Sendable () async -> Void) {
        tasks.withLock { $0[lease.item] = (lease, Task { await body() }) }
    }

    func finish(_ lease: WorkQueue.Lease) {
        tasks.withLock { tasks in if tasks[lease.item]?.lease == lease { tasks[lease.item] = nil } }
        doorbell.ring()
    }

    func cancel(_ lease: WorkQueue.Lease) {
        tasks.withLock { $0[lease.item] }.map { if $0.lease == lease { $0.task.cancel() } }
    }

    func waitForAll() async {
        while let next = tasks.withLock({ $0.values.first?.task }) {
            await next.value
        }
    }
}
