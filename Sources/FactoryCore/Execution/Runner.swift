import Foundation

/// Which items a run makes and where bundles go.
public struct RunOptions: Sendable {
    public var only: [String]
    public var day: Weekday?
    public var output: URL?
    /// Fetch every paid asset into the cache and stop before rendering.
    public var skipRender: Bool
    /// Ignore published bundles and cached results.
    public var fresh: Bool
    /// `regenerate`: make the bundles again even when current, asking these stage groups afresh.
    public var regenerate: Set<StageGroup>?
    /// How bundles are published; nil: chosen by the week folder's file system (`FACTORY_PUBLISH`).
    public var publish: BundleWriter.Replacement?
    /// The kill-and-resume tests' hook, handed to every bundle writer (`FACTORY_CRASH_AT`); nil in a run.
    public var crashPoint: CrashPoint?

    public init(only: [String] = [], day: Weekday? = nil, output: URL? = nil, skipRender: Bool = false, fresh: Bool = false,
                regenerate: Set<StageGroup>? = nil) {
        self.only = only
        self.day = day
        self.output = output
        self.skipRender = skipRender
        self.fresh = fresh
        self.regenerate = regenerate
    }
}

/// Runs every selected item as a small graph of stages (text → images → render → bundle). Paid
/// stages go through the gateway (cache, limits, caps, ledger); renders share a pool sized to the
/// cores; earlier items are served first; a failed or deferred item never stops the others.
public struct Runner: Sendable {
    public let manifest: Manifest
    public let providers: ProviderSet
    /// Makes each item's job (`StandardKinds` in FactoryKinds).
    public let kinds: any KindFactory
    public let options: RunOptions
    public let gateway: PaidCallGateway?
    public let stop: StopSignal
    public let log: @Sendable (String) -> Void
    /// Where items, stages and renders are reported as they go (the live view, the plain lines, the report).
    public let progress: RunProgress
    /// What the series published before: the prompts list it, the checks refuse repeats of it, and
    /// every published bundle is recorded in it (nil: no memory).
    public let memory: RunMemory?
    /// Cluster mode: a bundle is published only while this worker still holds the item's lease.
    public let publication: (any PublicationFence)?

    public init(manifest: Manifest, providers: ProviderSet, kinds: any KindFactory, options: RunOptions, gateway: PaidCallGateway? = nil,
                stop: StopSignal = StopSignal(), log: @escaping @Sendable (String) -> Void, progress: RunProgress = RunProgress(),
                publication: (any PublicationFence)? = nil, memory: RunMemory? = nil) {
        self.memory = memory
        self.publication = publication
        self.manifest = manifest
        self.providers = providers
        self.kinds = kinds
        self.options = options
        self.gateway = gateway
        self.stop = stop
        self.log = log
        self.progress = progress
        weekFolder = (options.output ?? manifest.output).appendingPathComponent(manifest.week.description, isDirectory: true)
        rendersAtOnce = min(manifest.concurrency.render, max(1, manifest.items.count { Self.selects($0, options) }))
    }

    /// `<output>/<week>/`, made once (planning asks for it per item).
    public let weekFolder: URL
    /// How many renders go at once: `concurrency.render`, at most the selected items (each job
    /// shares the cores by it, `KindContext.rendersAtOnce`). Worked out once, not per job.
    let rendersAtOnce: Int

    /// The items selected by `--only` and `--day`, in manifest order.
    public var selected: [Item] { manifest.items.filter { Self.selects($0, options) } }

    static func selects(_ item: Item, _ options: RunOptions) -> Bool {
        (options.only.isEmpty || options.only.contains(item.id)) && (options.day.map { $0 == item.day } ?? true)
    }

    public func run() async throws -> RunReport {
        let started = Date()
        try FileManager.default.createDirectory(at: weekFolder, withIntermediateDirectories: true)
        // We hold the state lock, so any staging folder is left over from a run that was killed.
        try? FileManager.default.removeItem(at: weekFolder.appendingPathComponent(".staging"))
        if let gateway { try await recover(gateway) }
        let renderLimit = AsyncSemaphore(limit: manifest.concurrency.render)
        let items = selected
        // The plan `factory estimate` would print now, for the report's estimate-against-actual.
        // Each item's job is built once, for the plan and the run alike.
        let prepared = prepare(items)
        let planned = plan(cache: try await gateway?.cache.lookup(), fresh: options.regenerate ?? [], committed: ("", 0, 0),
                           prepared: prepared).stages
        await progress.begin(items: items.count)
        var outcomes: [String: ItemOutcome] = [:]
        // Once every item has fetched, what the providers keep warm for it goes (the offline voice),
        // on a thread of its own, while the renders go on.
        let fetched = FetchCountdown(items.count)
        let letGo = Task { [fetchesDone = providers.fetchesDone] in
            await fetched.wait()
            if let fetchesDone { try? await BlockingIO.run(fetchesDone) }
        }
        // Paid stages serve earlier items first; renders take the pool longest first.
        let renderOrder = RenderOrder.priorities(items)
        await withTaskGroup(of: ItemOutcome.self) { group in
            for (index, item) in items.enumerated() {
                let renderPriority = renderOrder[item.id] ?? index
                group.addTask {
                    await self.make(item, prepared: prepared[item.id], priority: index, renderPriority: renderPriority,
                                    renderLimit: renderLimit, fetched: fetched)
                }
            }
            for await outcome in group {
                outcomes[outcome.id] = outcome
                await progress.itemFinished(outcome.status)
                let cost = String(format: "$%.4f", outcome.costUSD)
                log(Secrets.redact("\(outcome.status.rawValue) \(outcome.id) (\(outcome.kind)) in \(String(format: "%.1f", outcome.seconds)) s, \(cost)"
                    + (outcome.message.map { ": \($0)" } ?? "")))
            }
        }
        fetched.finish()
        await letGo.value
        try? FileManager.default.removeItem(at: weekFolder.appendingPathComponent(".staging"))
        var calls: CallSummary?
        if let gateway {
            let tally = gateway.tally
            calls = CallSummary(sent: await tally.sentByProvider, cacheHits: await tally.cacheHits, retries: await tally.retries,
                                spentUSD: await tally.spentUSD, uncertain: await tally.uncertainCalls,
                                pausedProviders: await gateway.health.pausedProviders)
        }
        var report = RunReport(week: manifest.week.description, manifest: manifest.file.path,
                               startedAt: ISO8601DateFormatter().string(from: started),
                               finishedAt: ISO8601DateFormatter().string(from: Date()),
                               seconds: Date().timeIntervalSince(started),
                               providers: ["text": providers.text.name, "image": providers.image.name],
                               items: items.compactMap { outcomes[$0.id] }, calls: calls)
        report.stopped = stop.isRequested
        report.memoryWeeks = memory?.weeks
        report.peakMemory = .now()
        report.attach(stages: await progress.stages)
        if let gateway, let paid = try? await gateway.ledger.paidByStage(runId: gateway.settings.runId) {
            report.estimate = Reconciliation(planned: planned, paid: paid)
            // A failed item's calls were paid too: its line says what they cost.
            var byItem: [String: Double] = [:]
            for stage in paid { byItem[stage.item, default: 0] += stage.usd }
            for index in report.items.indices where report.items[index].status != .done {
                report.items[index].costUSD = max(report.items[index].costUSD, byItem[report.items[index].id] ?? 0)
            }
        } else {
            report.estimate = Reconciliation(planned: planned, finished: await progress.stages)
        }
        let reportFile = weekFolder.appendingPathComponent("report.json")
        // A run of some items (--only, --day, regenerate) updates their lines of the week's report.
        let saved = try? SnakeJSON.decoder().decode(RunReport.self, from: Data(contentsOf: reportFile))
        let data = Secrets.redact(try SnakeJSON.encoder().encode(report.keepingOthers(from: saved, order: manifest.items.map(\.id))))
        try AtomicFile.write(data, to: reportFile)
        try AtomicFile.write(Data(Secrets.redact(report.summary + "\n").utf8), to: weekFolder.appendingPathComponent("report.txt"))
        return report
    }

    /// Settles reservations an earlier run left open: from the saved answer when it arrived,
    /// otherwise marked uncertain (the call may or may not have been billed; it is re-sent).
    public func recover(_ gateway: PaidCallGateway) async throws {
        for open in try await gateway.ledger.openCalls(excludingRun: gateway.settings.runId) {
            if let saved = try await gateway.cache.answer(open.requestKey) {
                try await gateway.ledger.settle(open.id, actualUSD: saved.entry.costUSD, requestId: saved.entry.requestId,
                                          units: saved.entry.units)
                log("recovered: item \(open.item) stage \(open.stage) was answered before the last run stopped; settled, not re-sent")
            } else {
                try await gateway.ledger.markUncertain(open.id, note: "in flight when an earlier run stopped; no answer was saved")
                log(String(format: "uncertain: item %@ stage %@ was in flight when the last run stopped (up to $%.4f may have been billed); it is asked again",
                           open.item, open.stage.rawValue, open.reservedUSD))
            }
        }
    }

    /// A selected item's job, built once per run, and whether the run keeps its published bundle
    /// (decided once, so its metadata.json is read once).
    struct PreparedJob: Sendable {
        let job: any KindJob
        let keeps: Bool
    }

    /// Builds each selected item's job once, with providers that report every call to the
    /// progress, and decides which published bundles are kept. An item whose manifest entry has
    /// problems gets none. Spread over the cores (pure work and one file read each).
    func prepare(_ items: [Item]) -> [String: PreparedJob] {
        let reporting = providers.reporting(to: progress)
        let built = items.parallelMap { item -> (String, PreparedJob)? in
            if let problems = manifest.itemProblems[item.id], !problems.isEmpty { return nil }
            return (item.id, prepared(job(for: item, providers: reporting)))
        }
        return Dictionary(built.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
    }

    func prepared(_ job: any KindJob) -> PreparedJob { PreparedJob(job: job, keeps: keepsBundle(job)) }

    /// The job that makes an item of its kind (with `providers` in place of the run's when given).
    func job(for item: Item, providers: ProviderSet? = nil) -> any KindJob {
        kinds.job(for: item, in: KindContext(manifest: manifest, providers: providers ?? self.providers, weekFolder: weekFolder,
                                             memory: memory, rendersAtOnce: rendersAtOnce))
    }

    /// True when the published bundle is current (this manifest, this version, the same inputs
    /// outside the manifest) and the run keeps it instead of making it again.
    func keepsBundle(_ job: some KindJob) -> Bool {
        !options.fresh && !options.skipRender && options.regenerate == nil
            && BundleWriter.isCurrent(weekFolder: weekFolder, itemId: job.item.id, manifestSha256: manifest.sha256,
                                      inputsSha256: job.inputsSha256)
    }

    /// Records what a published bundle says in the content memory; a fixed text repeating an
    /// earlier week, or a written one close to one, is noted on the item's line of the report.
    func remember<Job: KindJob>(_ job: Job, assets: Job.Assets) async -> [String] {
        guard let memory else { return [] }
        do {
            let notes = try await memory.record(item: job.item, entries: job.remembered(assets))
            for note in notes { log("item \(job.item.id): \(note)") }
            return notes
        } catch {
            // The bundle is published; the memory missing it is said, not fatal.
            log("warning: item \(job.item.id): not recorded in the content memory \(memory.store.location): \(error)")
            return []
        }
    }

    /// Makes one item (a cluster worker's claim): its job is built here.
    public func make(_ item: Item, priority: Int, renderPriority: Int? = nil, renderLimit: AsyncSemaphore) async -> ItemOutcome {
        await make(item, prepared: nil, priority: priority, renderPriority: renderPriority, renderLimit: renderLimit)
    }

    func make(_ item: Item, prepared: PreparedJob?, priority: Int, renderPriority: Int?, renderLimit: AsyncSemaphore,
              fetched: FetchCountdown? = nil) async -> ItemOutcome {
        let started = Date()
        var outcome = ItemOutcome(id: item.id, kind: item.kind, day: item.day.rawValue, status: .failed,
                                  message: nil, costUSD: 0, seconds: 0, bundle: nil)
        if let problems = manifest.itemProblems[item.id], !problems.isEmpty {
            outcome.message = "item \(item.id): " + problems.map(\.description).joined(separator: "; ")
            if problems.contains(where: \.setting) { outcome.badSetting = true }
            fetched?.done()
            return outcome
        }
        let prepared = prepared ?? self.prepared(job(for: item, providers: providers.reporting(to: progress)))
        return await make(prepared.job, keeps: prepared.keeps, outcome: outcome, started: started,
                          priority: priority, renderPriority: renderPriority ?? priority, renderLimit: renderLimit, fetched: fetched)
    }

    /// The item's work with its kind's types: fetch, then render the same assets, no casts.
    func make<Job: KindJob>(_ job: Job, keeps: Bool, outcome: ItemOutcome, started: Date, priority: Int, renderPriority: Int,
                            renderLimit: AsyncSemaphore, fetched: FetchCountdown? = nil) async -> ItemOutcome {
        var outcome = outcome
        let item = job.item
        if keeps {
            fetched?.done()
            outcome.status = .done
            outcome.message = "up to date (made from this manifest by this version); kept"
            outcome.bundle = weekFolder.appendingPathComponent(item.id).path
            return outcome
        }
        do {
            let context = CallContext(item: item.id, stage: .unnamed, gateway: gateway, priority: priority)
            let (assets, records) = try await { () async throws -> (Job.Assets, [GenerationRecord]) in
                defer { fetched?.done() }
                return try await job.fetch(context: context)
            }()
            outcome.costUSD = records.reduce(0) { $0 + $1.costUSD }
            if options.skipRender {
                outcome.status = .fetched
            } else {
                if providers.fetchesFirst { await fetched?.wait() }
                try Task.checkCancellation()
                let (bundle, notes) = try await renderLimit.withPermit(priority: renderPriority) { () async throws -> (String, [String]) in
                    let writer = try BundleWriter(weekFolder: weekFolder, itemId: item.id, replacement: options.publish,
                                                  crashPoint: options.crashPoint)
                    do {
                        let checks = try await progress.stage(item: item.id, stage: .render, provider: .render,
                                                 describe: { _ in ("\(item.kind.rawValue) \(item.quality.rawValue)", 0, false) }) {
                            try await withTaskExecutorPreference(RenderExecutor(label: "factory-render-\(item.id)")) {
                                try await job.render(assets, records: records, into: writer)
                            }
                        }
                        // The one rule for every kind: a failed check keeps what was made in the
                        // quarantine, and nothing is published.
                        if let failed = checks.first(where: { !$0.passed }) {
                            let kept = try QuarantineFolder.keep(writer.staging, item: item.id, kind: item.kind.rawValue,
                                                                 checks: checks, in: weekFolder)
                            throw FactoryError(.quality, "item \(item.id): check \(failed.name) failed: \(failed.detail); quarantined in \(kept.path)")
                        }
                        if let fence = publication {
                            try writer.prepare()
                            try await fence.publish(item: item.id) { try writer.commit() }
                        } else {
                            try writer.publish()
                        }
                        let notes = await remember(job, assets: assets)
                        // A quarantine left by an earlier failed attempt no longer applies.
                        try? FileManager.default.removeItem(at: QuarantineFolder.item(item.id, in: weekFolder))
                        return (writer.final.path, notes)
                    } catch {
                        writer.discard()
                        throw error
                    }
                }
                outcome.status = .done
                outcome.bundle = bundle
                if !notes.isEmpty { outcome.notes = notes }
            }
        } catch let deferral as Deferral {
            outcome.status = .deferred
            outcome.deferral = deferral.reason
            outcome.message = deferral.message
        } catch {
            outcome.message = Secrets.redact("\(error)".hasPrefix("item ") ? "\(error)" : "item \(item.id): \(error)")
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }
}
