import Foundation

/// Every paid call goes through here: the cache first, then the provider's limit and the global
/// limit, a reservation against the caps, the call with its retries, the answer saved the moment
/// it arrives, and the ledger settled to the actual cost. See docs/cost-and-resume.md.
public final class PaidCallGateway: Sendable {
    /// Fixed for the whole run.
    public struct Settings: Sendable {
        public var budget: Budget
        public var timezone: TimeZone
        public var week: String
        public var runId: String
        public var fresh: Bool
        /// Calls in flight per provider; one missing from the map gets 1, never the global limit.
        public var limits: [ProviderID: Int]
        public var total: Int
        public var policies: [ProviderID: RetryPolicy]
        /// Stage groups asked afresh whatever the cache holds (`regenerate --stage`).
        public var freshStages: Set<StageGroup>
        /// The week's `.quarantine` folder, where rejected answers are kept per item (nil: beside the cache).
        public var quarantine: URL?
        /// The kill-and-resume tests' hook (`FACTORY_CRASH_AT`, resolved by the command layer); nil in a run.
        public var crashPoint: CrashPoint?

        public init(budget: Budget, timezone: TimeZone, week: String, runId: String, fresh: Bool,
                    limits: [ProviderID: Int], total: Int, policies: [ProviderID: RetryPolicy] = [:], freshStages: Set<StageGroup> = []) {
            self.freshStages = freshStages
            self.budget = budget
            self.timezone = timezone
            self.week = week
            self.runId = runId
            self.fresh = fresh
            self.limits = limits
            self.total = total
            self.policies = policies
        }
    }

    public let settings: Settings
    public let ledger: any LedgerStore
    public let cache: any AnswerCache
    public let stop: StopSignal
    public let health = ProviderHealth()
    public let tally = CallTally()
    /// The run's progress: calls at the provider and money paid, as they happen.
    public let progress: RunProgress?
    /// Provider slots shared with other processes (cluster mode); nil on one machine.
    public let slots: (any ProviderSlots)?
    let global: AsyncSemaphore
    let perProvider: [ProviderID: AsyncSemaphore]
    /// Where the run's lines go (the writers say here why they ask again).
    package let log: @Sendable (String) -> Void
    let sleep: @Sendable (Double) async throws -> Void

    public init(settings: Settings, ledger: any LedgerStore, cache: any AnswerCache, stop: StopSignal,
                log: @escaping @Sendable (String) -> Void,
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
                progress: RunProgress? = nil, slots: (any ProviderSlots)? = nil) {
        self.settings = settings
        self.slots = slots
        self.progress = progress
        self.ledger = ledger
        self.cache = cache
        self.stop = stop
        self.log = log
        self.sleep = sleep
        global = AsyncSemaphore(limit: settings.total)
        var semaphores: [ProviderID: AsyncSemaphore] = [:]
        for provider in ProviderID.allCases {
            semaphores[provider] = AsyncSemaphore(limit: settings.limits[provider] ?? 1)
        }
        perProvider = semaphores
    }

    /// The calendar day in the manifest's timezone by the ledger's clock: the daily cap's bucket.
    public func day() -> String { DayStamp.day(ledger.clock.now(), in: settings.timezone) }

    /// Runs one paid call. `send` makes one attempt and returns the provider's answer or throws a
    /// `ProviderFailure`; `finish` turns an answer (fresh, or saved by an earlier run) into the result.
    public func perform(_ call: PaidCall, context: CallContext, priority: Int = 0,
                        send: @escaping @Sendable () async throws -> ProviderAnswer,
                        finish: @escaping @Sendable (ProviderAnswer) async throws -> Data) async throws -> PaidResult {
        let key = call.key
        let cache = self.cache
        let fresh = settings.fresh || context.stage.group.map { settings.freshStages.contains($0) } ?? false
        let saved = fresh ? nil : try await cache.saved(key)
        if let hit = saved?.result {
            await tally.hit()
            return PaidResult(payload: hit.payload, costUSD: 0, units: hit.entry.units, requestId: hit.entry.requestId, cached: true, key: key)
        }
        if let saved = saved?.answer {
            // Paid for by an earlier run that stopped before finishing the result: finish it, pay nothing.
            var answer = ProviderAnswer(body: saved.payload, requestId: saved.entry.requestId, costUSD: saved.entry.costUSD,
                                        units: saved.entry.units)
            answer.replayed = true
            let payload = try await finishing(answer, call: call, key: key, context: context, finish: finish)
            try await cache.storeResult(key, payload: payload, entry: saved.entry)
            await tally.hit()
            return PaidResult(payload: payload, costUSD: 0, units: saved.entry.units, requestId: saved.entry.requestId, cached: true, key: key)
        }
        // Every provider has its own limit (ProviderID is closed): no call falls back to the global one alone.
        // In cluster mode a slot of the provider's account-wide limit is held too (`slots`).
        let semaphore = perProvider[call.provider, default: AsyncSemaphore(limit: 1)]
        let answer = try await semaphore.withPermit(priority: priority) {
            try await self.global.withPermit(priority: priority) {
                guard let slots = self.slots else { return try await self.attempts(call, key: key, context: context, send: send) }
                return try await slots.withSlot(call.provider) { try await self.attempts(call, key: key, context: context, send: send) }
            }
        }
        let payload = try await finishing(answer, call: call, key: key, context: context, finish: finish)
        let record = entry(call, answer)
        try await cache.storeResult(key, payload: payload, entry: record)
        return PaidResult(payload: payload, costUSD: answer.costUSD, units: answer.units, requestId: answer.requestId, cached: false, key: key)
    }

    /// Turns an answer into its result; an answer that cannot be used (cut at the output limit, not
    /// the JSON asked for) leaves the cache for the quarantine, so no later run replays it as final.
    /// Its cost stays in the ledger: it was paid.
    func finishing(_ answer: ProviderAnswer, call: PaidCall, key: String, context: CallContext,
                   finish: @Sendable (ProviderAnswer) async throws -> Data) async throws -> Data {
        do {
            return try await finish(answer)
        } catch let error where error is CutShort || error is RejectedAnswer {
            let cache = self.cache, folder = quarantineFolder(item: context.item)
            let reason = "item \(context.item) stage \(context.stage) (\(call.provider.rawValue) \(call.model)): \(error)"
            let kept = try? await cache.quarantine(key, into: folder, reason: reason)
            if let kept { log("rejected answer kept in \(kept.path); a later run asks again") }
            throw error
        }
    }

    /// Moves a finished result out of the cache into the item's quarantine (a writer's answer its
    /// own check rejected twice): the next run asks again.
    public func reject(_ key: String, item: String, reason: String) async {
        let cache = self.cache, folder = quarantineFolder(item: item)
        _ = try? await cache.quarantine(key, into: folder, reason: reason)
    }

    /// Where rejected answers of an item are kept: beside the week's bundles when the run has a week folder.
    func quarantineFolder(item: String) -> URL {
        (settings.quarantine ?? cache.defaultQuarantine)
            .appendingPathComponent(item, isDirectory: true)
    }

    /// Stores a result under another request's key too: a request retried with a larger budget
    /// answers for the first one, so a later run finds it without asking twice.
    public func alias(_ key: String, to result: PaidResult, call: PaidCall) async throws {
        let cache = self.cache
        let entry = ResultCache.Entry(provider: .live(call.provider), endpoint: call.endpoint, model: call.model, requestId: result.requestId,
                                      costUSD: 0, units: result.units)
        try await cache.storeResult(key, payload: result.payload, entry: entry)
    }

    func entry(_ call: PaidCall, _ answer: ProviderAnswer) -> ResultCache.Entry {
        ResultCache.Entry(provider: .live(call.provider), endpoint: call.endpoint, model: call.model, requestId: answer.requestId,
                          costUSD: answer.costUSD, units: answer.units)
    }

    func attempts(_ call: PaidCall, key: String, context: CallContext,
                  send: @Sendable () async throws -> ProviderAnswer) async throws -> ProviderAnswer {
        let policy = settings.policies[call.provider] ?? call.provider.retryPolicy
        let label = "item \(context.item) stage \(context.stage)"
        var attempt = 1
        while true {
            if stop.isRequested {
                throw Deferral(.stopping, "\(label): not started, the run was asked to stop; run again to finish it")
            }
            if let reason = await health.pauseReason(call.provider) {
                throw Deferral(.providerPaused, "\(label): \(reason)")
            }
            try Task.checkCancellation()
            let id: Int64
            let reservation = Ledger.Reservation(requestKey: key, day: day(), week: settings.week, provider: StageProvider.live(call.provider),
                                                 model: call.model, item: context.item, stage: context.stage,
                                                 estimate: call.estimate, runId: settings.runId)
            let ledger = self.ledger, cache = self.cache, budget = settings.budget
            do {
                id = try await ledger.reserve(reservation, budget: budget)
            } catch let exceeded as BudgetExceeded {
                throw Deferral(.budget, "\(label) (\(call.provider.rawValue) \(call.model)): \(exceeded)")
            }
            settings.crashPoint?.pass("reserved")
            do {
                await tally.sent(call.provider)
                let answer = try await RunProgress.sending(call.provider, on: progress, send)
                settings.crashPoint?.pass("responded")
                let record = entry(call, answer)
                // The answer is where every run (every worker) sees it before the reservation is settled.
                try await cache.storeAnswer(key, body: answer.body, entry: record)
                settings.crashPoint?.pass("cached")
                try await ledger.settle(id, actualUSD: answer.costUSD, requestId: answer.requestId, units: answer.units)
                settings.crashPoint?.pass("settled")
                await health.succeeded(call.provider)
                await tally.paid(answer.costUSD)
                await progress?.paid(answer.costUSD)
                return answer
            } catch let failure as ProviderFailure {
                switch failure.kind {
                case .uncertain:
                    try await ledger.markUncertain(id, note: failure.description)
                    await tally.uncertain("\(label): \(failure)")
                    await health.failed(call.provider, failure)
                    throw Deferral(.uncertain, "\(label): \(failure); the provider may have billed this call, so it was "
                                   + "not re-sent (its reservation stays counted); run again to retry it")
                case .malformed:
                    // A complete answer was delivered, so it was billed: count it at the estimate.
                    try await ledger.settle(id, actualUSD: call.estimate.usd, requestId: failure.requestId, units: call.estimate.units)
                    await tally.paid(call.estimate.usd)
                    await progress?.paid(call.estimate.usd)
                default:
                    try await ledger.release(id, note: failure.description)
                }
                if let delay = policy.delay(after: failure, attempt: attempt, jitter: Double.random(in: 0..<1)) {
                    await tally.retried()
                    log(String(format: "%@: %@; retry %d in %.1f s", label, failure.description, attempt, delay))
                    try await sleep(delay)
                    attempt += 1
                    continue
                }
                if await health.failed(call.provider, failure), let reason = await health.pauseReason(call.provider) {
                    log(reason)
                }
                switch failure.kind {
                case .invalidRequest, .auth, .quota, .malformed:
                    throw FactoryError(.provider, "\(label): \(failure)")
                default:
                    throw Deferral(.providerPaused, "\(label): \(failure) after \(attempt) attempts; run again later")
                }
            } catch {
                // Anything else after the reservation (a cancelled task, a full disk): not billed as far as we know.
                try? await ledger.release(id, note: "\(error)")
                throw error
            }
        }
    }
}

/// What the run's calls did, for the report.
public actor CallTally {
    public private(set) var sentByProvider: [String: Int] = [:]
    public private(set) var cacheHits = 0
    public private(set) var retries = 0
    public private(set) var spentUSD = 0.0
    public private(set) var uncertainCalls: [String] = []

    public init() {}

    func hit() { cacheHits += 1 }
    func sent(_ provider: ProviderID) { sentByProvider[provider.rawValue, default: 0] += 1 }
    func retried() { retries += 1 }
    func paid(_ usd: Double) { spentUSD += usd }
    func uncertain(_ text: String) { uncertainCalls.append(text) }
}
