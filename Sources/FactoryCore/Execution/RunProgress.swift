import Foundation

/// How one stage of one item went (a provider call, or the render): printed as it finishes when
/// there is no terminal, and kept per item in report.json.
public struct StageOutcome: Sendable, Codable, Equatable {
    /// How the stage ended.
    public enum Status: String, Sendable, Codable { case done, failed, deferred }
    public var item: String
    /// `text`, `image-2`, `speech-03`, `render`…
    public var stage: StageName
    /// `runware`, `openai`, `anthropic`, `offline`, or `render` for the render pool.
    public var provider: StageProvider
    public var model: String
    public var status: Status
    /// Wall time from the stage being asked for to its end, waits for a provider slot and retries included.
    public var seconds: Double
    public var costUSD: Double
    /// The result came from the cache: nothing was called or paid.
    public var cached: Bool
    /// Why a failed or deferred stage ended (keys scrubbed).
    public var message: String?

    public init(item: String, stage: StageName, provider: StageProvider, model: String, status: Status, seconds: Double,
                costUSD: Double, cached: Bool, message: String? = nil) {
        self.item = item
        self.stage = stage
        self.provider = provider
        self.model = model
        self.status = status
        self.seconds = seconds
        self.costUSD = costUSD
        self.cached = cached
        self.message = message.map(Secrets.redact)
    }
}

/// What the live view draws: a moment of the run, as a plain value.
public struct ProgressSnapshot: Sendable, Equatable {
    public var elapsed: Double
    public var itemsTotal: Int
    public var itemsDone: Int
    public var itemsFailed: Int
    public var itemsDeferred: Int
    public var stagesFinished: Int
    /// Stages asked for and not finished, by provider (waiting for a slot, retrying or at the API; `render` too).
    public var inFlight: [String: Int]
    /// Calls being sent to each paid provider right now (only providers that went through the gateway).
    public var atProvider: [String: Int]
    public var spentUSD: Double
    /// What the daily cap already counted today when the run started.
    public var committedTodayUSD: Double
    public var dailyCapUSD: Double?
    public var lastStage: StageOutcome?

    public init(elapsed: Double = 0, itemsTotal: Int = 0, itemsDone: Int = 0, itemsFailed: Int = 0, itemsDeferred: Int = 0,
                stagesFinished: Int = 0, inFlight: [String: Int] = [:], atProvider: [String: Int] = [:], spentUSD: Double = 0,
                committedTodayUSD: Double = 0, dailyCapUSD: Double? = nil, lastStage: StageOutcome? = nil) {
        self.elapsed = elapsed
        self.itemsTotal = itemsTotal
        self.itemsDone = itemsDone
        self.itemsFailed = itemsFailed
        self.itemsDeferred = itemsDeferred
        self.stagesFinished = stagesFinished
        self.inFlight = inFlight
        self.atProvider = atProvider
        self.spentUSD = spentUSD
        self.committedTodayUSD = committedTodayUSD
        self.dailyCapUSD = dailyCapUSD
        self.lastStage = lastStage
    }

    public var itemsFinished: Int { itemsDone + itemsFailed + itemsDeferred }

    /// Seconds left at the pace so far (items finished per second); nil until the first item ends.
    public var etaSeconds: Double? {
        guard itemsTotal > 0, itemsFinished > 0 else { return nil }
        return elapsed / Double(itemsFinished) * Double(max(0, itemsTotal - itemsFinished))
    }

    /// Today's spend so far, against the daily cap.
    public var spentTodayUSD: Double { committedTodayUSD + spentUSD }
}

/// The run's progress, reported into by the runner (items, renders, provider stages) and the gateway
/// (calls at the provider, money paid); read by the live view, and the source of the report's stages.
public actor RunProgress {
    /// Called with each stage as it finishes (the plain, one-line-per-stage output).
    public typealias StageSink = @Sendable (StageOutcome) -> Void

    private let onStage: StageSink?
    private let started = ContinuousClock.now
    private var snapshotState: ProgressSnapshot
    private var finished: [StageOutcome] = []

    public init(dailyCapUSD: Double? = nil, committedTodayUSD: Double = 0, onStage: StageSink? = nil) {
        self.onStage = onStage
        snapshotState = ProgressSnapshot(committedTodayUSD: committedTodayUSD, dailyCapUSD: dailyCapUSD)
    }

    /// The daily cap, and what it already counted today when the run started.
    public func budget(dailyCapUSD: Double, committedTodayUSD: Double) {
        snapshotState.dailyCapUSD = dailyCapUSD
        snapshotState.committedTodayUSD = committedTodayUSD
    }

    /// The run selected `items` items.
    public func begin(items: Int) { snapshotState.itemsTotal = items }

    public func itemFinished(_ status: ItemOutcome.Status) {
        switch status {
        case .done, .fetched: snapshotState.itemsDone += 1
        case .failed, .unsupported: snapshotState.itemsFailed += 1
        case .deferred: snapshotState.itemsDeferred += 1
        }
    }

    func stageBegan(_ provider: StageProvider) { snapshotState.inFlight[provider.rawValue, default: 0] += 1 }

    func stageEnded(_ outcome: StageOutcome) {
        snapshotState.inFlight[outcome.provider.rawValue, default: 1] -= 1
        snapshotState.stagesFinished += 1
        snapshotState.lastStage = outcome
        finished.append(outcome)
        onStage?(outcome)
    }

    /// The gateway is sending a call to `provider` (`ended` false) or has its answer or failure (`true`).
    func sending(_ provider: ProviderID, ended: Bool) { snapshotState.atProvider[provider.rawValue, default: 0] += ended ? -1 : 1 }

    /// Money the gateway settled (a call's actual cost).
    func paid(_ usd: Double) { snapshotState.spentUSD += usd }

    public func snapshot() -> ProgressSnapshot {
        var copy = snapshotState
        let elapsed = ContinuousClock.now - started
        copy.elapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return copy
    }

    /// Every finished stage, in the order they ended.
    public var stages: [StageOutcome] { finished }
}

extension RunProgress {
    /// Runs one stage: counted in flight for `provider` while `body` runs, then recorded with its
    /// wall time; `describe` reads the model, cost and cache flag from the stage's result.
    nonisolated func stage<T: Sendable>(item: String, stage: StageName, provider: StageProvider,
                                        describe: (T) -> (model: String, costUSD: Double, cached: Bool),
                                        _ body: () async throws -> T) async throws -> T {
        await stageBegan(provider)
        let started = ContinuousClock.now
        func seconds() -> Double {
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        do {
            let value = try await body()
            let (model, cost, cached) = describe(value)
            await stageEnded(StageOutcome(item: item, stage: stage, provider: provider, model: model, status: .done,
                                          seconds: seconds(), costUSD: cost, cached: cached))
            return value
        } catch {
            let deferral = error as? Deferral
            await stageEnded(StageOutcome(item: item, stage: stage, provider: provider, model: "", status: deferral == nil ? .failed : .deferred,
                                          seconds: seconds(), costUSD: 0, cached: false,
                                          message: deferral?.message ?? (error is CancellationError ? "cancelled" : "\(error)")))
            throw error
        }
    }

    /// The gateway's one attempt at the provider: counted as at the provider while `send` runs.
    static func sending<T: Sendable>(_ provider: ProviderID, on progress: RunProgress?, _ send: () async throws -> T) async throws -> T {
        guard let progress else { return try await send() }
        await progress.sending(provider, ended: false)
        do {
            let value = try await send()
            await progress.sending(provider, ended: true)
            return value
        } catch {
            await progress.sending(provider, ended: true)
            throw error
        }
    }
}
