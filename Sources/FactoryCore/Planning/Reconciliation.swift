import Foundation

/// The run's estimate set against what it paid, stage by stage: report.json's `estimate`. The
/// estimate is the plan made when the run started (the same one `factory estimate` prints); the
/// actual is what each stage's calls settled at.
public struct Reconciliation: Sendable, Codable, Equatable {
    public struct Row: Sendable, Codable, Equatable {
        public var item: String
        public var stage: StageName
        public var provider: StageProvider
        public var estimateUSD: Double
        /// Nil when the stage did not run (its item failed or was deferred first).
        public var actualUSD: Double?
        /// The planned status: to-pay, cached, …; "unplanned" for a stage the plan did not foresee
        /// (a writer's retry, a narration chunk more than the stand-in story had).
        public var planned: String
    }

    public var rows: [Row]
    public var estimatedUSD: Double
    public var actualUSD: Double

    /// Actual over estimated, minus one (+0.12 is 12 % over the estimate); nil when nothing was estimated.
    public var deviation: Double? { estimatedUSD > 0 ? actualUSD / estimatedUSD - 1 : nil }

    /// Matches planned stages with finished ones by item and stage (the render and free stages left out).
    public init(planned: [PlannedStage], finished: [StageOutcome]) {
        self.init(planned: planned, paid: finished.filter { $0.provider != .render && $0.status == .done }.map {
            Ledger.StagePaid(item: $0.item, stage: $0.stage, provider: $0.provider, usd: $0.costUSD)
        })
    }

    /// Matches planned stages with what the ledger says each stage of this run paid, failed stages
    /// and rejected answers included.
    public init(planned: [PlannedStage], paid: [Ledger.StagePaid]) {
        var actual: [Key: Double] = [:]
        var providers: [Key: StageProvider] = [:]
        var order: [Key] = []
        for stage in paid {
            let key = Key(item: stage.item, stage: stage.stage)
            if actual[key] == nil { order.append(key) }
            actual[key, default: 0] += stage.usd
            providers[key] = stage.provider
        }
        var rows: [Row] = []
        var seen = Set<Key>()
        // A row planned from a stand-in for a whole group ("speech" for a story not yet written)
        // collects that group's stages of its item.
        var grouped: [Key: Int] = [:]
        for stage in planned where stage.status == .toPay || stage.status == .cached {
            let key = Key(item: stage.item, stage: stage.stage)
            seen.insert(key)
            if !stage.exact, let group = stage.stage.group, stage.stage == StageName(group) { grouped[key] = rows.count }
            rows.append(Row(item: stage.item, stage: stage.stage, provider: stage.provider, estimateUSD: stage.usd,
                            actualUSD: actual[key], planned: stage.status.rawValue))
        }
        for key in order where !seen.contains(key) {
            if let group = key.stage.group, let index = grouped[Key(item: key.item, stage: StageName(group))] {
                rows[index].actualUSD = (rows[index].actualUSD ?? 0) + (actual[key] ?? 0)
            } else if (actual[key] ?? 0) > 0 {
                rows.append(Row(item: key.item, stage: key.stage, provider: providers[key] ?? .none, estimateUSD: 0,
                                actualUSD: actual[key], planned: "unplanned"))
            }
        }
        self.rows = rows
        estimatedUSD = rows.reduce(0) { $0 + $1.estimateUSD }
        actualUSD = rows.reduce(0) { $0 + ($1.actualUSD ?? 0) }
    }

    /// An item's stage: what planned and paid rows are matched by.
    private struct Key: Hashable {
        var item: String
        var stage: StageName
    }

    /// One line for the run's summary.
    public var summary: String {
        var line = "estimate \(EstimateReport.usd(estimatedUSD)), paid \(EstimateReport.usd(actualUSD))"
        if let deviation { line += String(format: " (%+.0f %%)", deviation * 100) }
        let unplanned = rows.filter { $0.planned == "unplanned" }.count
        if unplanned > 0 { line += "; \(unplanned) stage\(unplanned == 1 ? "" : "s") not in the estimate" }
        return line
    }
}
