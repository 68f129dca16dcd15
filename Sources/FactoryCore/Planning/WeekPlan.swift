import Foundation

/// The plan of a run: every selected item's stages with what each would cost now, the totals by
/// scheduled day and by provider, and what the run would do to the caps if it ran today.
public struct WeekPlan: Sendable, Codable {
    /// An item that cannot be planned (an unreadable story override, a bad hand-written thread);
    /// the run would fail it with the same message.
    public struct Problem: Error, Sendable, Codable, Equatable {
        public var item: String
        public var message: String
        /// A model or voice choice (exit 2), not a failure of the item's own inputs.
        public var setting: Bool?

        public init(item: String, message: String, setting: Bool? = nil) {
            self.item = item
            self.message = message
            self.setting = setting
        }
    }

    /// True when a problem is a model or voice choice: `estimate` exits 2, as validate and run do.
    public var hasSettingProblem: Bool { problems.contains { $0.setting == true } }

    /// A sum of stages under one key (a day, a provider).
    public struct Total: Sendable, Codable, Equatable {
        public var key: String
        public var calls: Int
        public var usd: Double
        public var maxUSD: Double
    }

    /// The caps against spending this run today (in the manifest's timezone).
    public struct Caps: Sendable, Codable, Equatable {
        public var today: String
        public var dailyUSD: Double
        public var weeklyUSD: Double
        /// What the ledger already holds (settled and reserved) for today and for the week.
        public var committedTodayUSD: Double
        public var committedWeekUSD: Double
        /// Every scheduled day whose own total is over the daily cap (for runs made day by day).
        public var daysOverDailyCap: [String]

        public func breaksDaily(_ usd: Double) -> Bool { committedTodayUSD + usd > dailyUSD + 1e-9 }
        public func breaksWeekly(_ usd: Double) -> Bool { committedWeekUSD + usd > weeklyUSD + 1e-9 }
    }

    public var week: String
    public var timezone: String
    public var manifest: String
    public var items: Int
    public var stages: [PlannedStage]
    public var problems: [Problem]
    public var caps: Caps
    /// Re-asks the no-repeat rule may cost (nil: no content memory).
    public var reasks: ReaskForecast?

    public var totalUSD: Double { stages.reduce(0) { $0 + $1.usd } }
    public var totalMaxUSD: Double { stages.reduce(0) { $0 + $1.maxUSD } }
    /// The paid requests the plan expects (a stand-in narration row counts each of its chunks).
    public var paidCalls: Int { stages.filter { $0.status == .toPay }.reduce(0) { $0 + $1.calls } }
    /// True when spending the whole plan today would go over the daily or the weekly cap.
    public var breaksCap: Bool { caps.breaksDaily(totalUSD) || caps.breaksWeekly(totalUSD) }

    public var byDay: [Total] { Self.totals(stages, key: \.date) }
    public var byProvider: [Total] { Self.totals(stages.filter { $0.status != .upToDate }, key: \.provider.rawValue) }

    static func totals(_ stages: [PlannedStage], key: KeyPath<PlannedStage, String>) -> [Total] {
        var sums: [String: Total] = [:]
        for stage in stages {
            let k = stage[keyPath: key]
            var total = sums[k] ?? Total(key: k, calls: 0, usd: 0, maxUSD: 0)
            if stage.status == .toPay { total.calls += stage.calls }
            total.usd += stage.usd
            total.maxUSD += stage.maxUSD
            sums[k] = total
        }
        return sums.values.sorted { $0.key < $1.key }
    }
}

extension Runner {
    /// Plans every selected item without calling anything: the same jobs the run makes, asked for
    /// the requests they would send. `cache` says what is already paid for; `fresh` groups do not
    /// count as cached. Up-to-date bundles (what `run` would keep) plan as one $0 row.
    public func plan(cache: (any CacheLookup)?, fresh: Set<StageGroup> = [], committed: (today: String, day: Double, week: Double)) -> WeekPlan {
        plan(cache: cache, fresh: fresh, committed: committed, prepared: prepare(selected))
    }

    /// The plan of jobs already built (`run` builds them once, for this and for making the items).
    func plan(cache: (any CacheLookup)?, fresh: Set<StageGroup>, committed: (today: String, day: Double, week: Double),
              prepared: [String: PreparedJob]) -> WeekPlan {
        var stages: [PlannedStage] = []
        var problems: [WeekPlan.Problem] = []
        let planner = Planner(providers: providers, cache: options.fresh ? nil : cache,
                              fresh: options.fresh ? Set(StageGroup.allCases) : fresh)
        // Items plan independently (pure work and file lookups), so they are spread over the cores.
        let planned = selected.parallelMap { item -> Result<[PlannedStage], WeekPlan.Problem> in
            if let found = manifest.itemProblems[item.id], !found.isEmpty {
                return .failure(.init(item: item.id, message: found.map(\.description).joined(separator: "; "),
                                      setting: found.contains(where: \.setting) ? true : nil))
            }
            guard let prepared = prepared[item.id] else {
                return .failure(.init(item: item.id, message: "item \(item.id): its job was not built"))
            }
            if prepared.keeps {
                return .success([PlannedStage(item: item, stage: .bundle, provider: .none, model: "-", status: .upToDate)])
            }
            do {
                return .success(try prepared.job.plan(planner))
            } catch {
                return .failure(.init(item: item.id, message: Secrets.redact("\(error)")))
            }
        }
        for result in planned {
            switch result {
            case .success(let found): stages += found
            case .failure(let problem): problems.append(problem)
            }
        }
        var perDay: [String: Double] = [:]
        for stage in stages { perDay[stage.date, default: 0] += stage.usd }
        let caps = WeekPlan.Caps(today: committed.today, dailyUSD: manifest.budget.dailyUSD, weeklyUSD: manifest.budget.weeklyUSD,
                                 committedTodayUSD: committed.day, committedWeekUSD: committed.week,
                                 daysOverDailyCap: perDay.filter { $0.value > manifest.budget.dailyUSD + 1e-9 }.keys.sorted())
        return WeekPlan(week: manifest.week.description, timezone: manifest.timezone.identifier, manifest: manifest.file.path,
                        items: selected.count, stages: stages, problems: problems, caps: caps, reasks: reasks(stages))
    }
}
