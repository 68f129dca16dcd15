import Foundation

/// What happened to one item in a run.
public struct ItemOutcome: Sendable, Codable, Equatable {
    /// The end state of an item.
    public enum Status: String, Sendable, Codable {
        case done, failed, deferred, unsupported
        /// `--skip-render`: every paid asset is in the cache, nothing was rendered.
        case fetched
    }
    public var id: String
    public var kind: Kind
    public var day: String
    public var status: Status
    public var message: String?
    /// Why a deferred item was put off: budget, provider-paused, stopping, uncertain.
    public var deferral: Deferral.Reason?
    public var costUSD: Double
    public var seconds: Double
    public var bundle: String?
    /// Each stage of the item in this run (provider calls and the render), in the order they ended.
    public var stages: [StageOutcome] = []
    /// How the published bundle stands against earlier weeks: a fixed text that repeats one
    /// (allowed), a written one close to one.
    public var notes: [String]?
    /// True when the item failed on a model or voice choice (the run exits 2).
    public var badSetting: Bool?

    public init(id: String, kind: Kind, day: String, status: Status, message: String?, deferral: Deferral.Reason? = nil,
                costUSD: Double, seconds: Double, bundle: String?) {
        self.id = id
        self.kind = kind
        self.day = day
        self.status = status
        self.message = message
        self.deferral = deferral
        self.costUSD = costUSD
        self.seconds = seconds
        self.bundle = bundle
    }
}

/// What the run's paid calls did.
public struct CallSummary: Sendable, Codable, Equatable {
    public var sent: [String: Int]
    public var cacheHits: Int
    public var retries: Int
    public var spentUSD: Double
    public var uncertain: [String]
    public var pausedProviders: [String: String]

    public init(sent: [String: Int], cacheHits: Int, retries: Int, spentUSD: Double, uncertain: [String],
                pausedProviders: [String: String]) {
        self.sent = sent
        self.cacheHits = cacheHits
        self.retries = retries
        self.spentUSD = spentUSD
        self.uncertain = uncertain
        self.pausedProviders = pausedProviders
    }
}

/// report.json: the last run of a week, item by item.
public struct RunReport: Sendable, Codable {
    public var week: String
    public var manifest: String
    public var startedAt: String
    public var finishedAt: String
    public var seconds: Double
    public var providers: [String: String]
    public var items: [ItemOutcome]
    public var calls: CallSummary?
    public var stopped: Bool = false
    /// The run's slowest stages, slowest first (at most five).
    public var slowestStages: [StageOutcome] = []
    /// This run's estimate against what it paid, stage by stage.
    public var estimate: Reconciliation?
    /// `memory.weeks` of the run (how far back repeats were refused); nil without a memory.
    public var memoryWeeks: Int?
    /// The run's peak memory, ours and the largest helper's; nil in reports written before it was kept.
    public var peakMemory: PeakMemory?

    public init(week: String, manifest: String, startedAt: String, finishedAt: String, seconds: Double,
                providers: [String: String], items: [ItemOutcome], calls: CallSummary?) {
        self.week = week
        self.manifest = manifest
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.seconds = seconds
        self.providers = providers
        self.items = items
        self.calls = calls
    }

    /// Files each finished stage under its item and picks the slowest.
    public mutating func attach(stages: [StageOutcome]) {
        for index in items.indices { items[index].stages = stages.filter { $0.item == items[index].id } }
        slowestStages = Array(stages.filter { !$0.cached }.sorted { $0.seconds > $1.seconds }.prefix(5))
    }

    /// This report with the items an earlier report of the same week had and this run did not
    /// make, in manifest order (`order`); items no longer in the manifest are dropped.
    public func keepingOthers(from saved: RunReport?, order: [String]) -> RunReport {
        guard let saved, saved.week == week else { return self }
        let made = Set(items.map(\.id)), known = Set(order)
        var merged = self
        merged.items += saved.items.filter { !made.contains($0.id) && known.contains($0.id) }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        merged.items.sort { (rank[$0.id] ?? .max) < (rank[$1.id] ?? .max) }
        return merged
    }

    public func count(_ status: ItemOutcome.Status) -> Int { items.filter { $0.status == status }.count }
    public var notDone: [ItemOutcome] { items.filter { $0.status != .done && $0.status != .fetched } }
    public var spentUSD: Double { calls?.spentUSD ?? items.reduce(0) { $0 + $1.costUSD } }

    /// 0 all done; 1 an item failed or is not supported; 3 an item was deferred by a budget cap;
    /// 75 items were deferred for another reason (a paused provider, a stop): run again later.
    public var exitCode: Int32 {
        if items.contains(where: { $0.badSetting == true }) { return 2 }
        if items.contains(where: { $0.status == .failed || $0.status == .unsupported }) { return 1 }
        if items.contains(where: { $0.deferral == .budget }) { return 3 }
        if items.contains(where: { $0.status == .deferred }) { return 75 }
        return 0
    }

    /// A few lines for the terminal or the cron log.
    public var summary: String {
        var head = "\(count(.done))/\(items.count) items done"
        if count(.fetched) > 0 { head += ", \(count(.fetched)) fetched (render skipped)" }
        if count(.deferred) > 0 { head += ", \(count(.deferred)) deferred" }
        if count(.failed) > 0 { head += ", \(count(.failed)) failed" }
        head += " in \(String(format: "%.1f", seconds)) s, spent $\(String(format: "%.4f", spentUSD))"
        if let calls {
            let sent = calls.sent.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            head += " (calls: \(sent.isEmpty ? "none" : sent); cache hits \(calls.cacheHits); retries \(calls.retries))"
        }
        if stopped { head += "; stopped before the end (run again to finish)" }
        var lines = [head]
        for item in notDone {
            let label = switch item.status {
            case .unsupported: "not supported"
            case .deferred: "DEFERRED (\(item.deferral?.rawValue ?? "later"))"
            default: "FAILED"
            }
            lines.append("  \(label) \(item.id): \(item.message ?? "")")
        }
        for line in calls?.uncertain ?? [] { lines.append("  UNCERTAIN \(line)") }
        for item in items { for note in item.notes ?? [] { lines.append("  NOTE \(item.id): \(note)") } }
        if let estimate, estimate.estimatedUSD > 0 || estimate.actualUSD > 0 { lines.append("  " + estimate.summary) }
        if !slowestStages.isEmpty {
            lines.append("  slowest stages: " + slowestStages.prefix(3).map { stage in
                "\(stage.item) \(stage.stage) \(String(format: "%.1f", stage.seconds)) s" + (stage.provider == .render ? "" : " (\(stage.provider))")
            }.joined(separator: ", "))
        }
        if let peakMemory { lines.append("  " + peakMemory.summary) }
        return lines.joined(separator: "\n")
    }
}

// Reports written before stages were recorded have no `stages` or `slowest_stages`: they still
// decode (a partial run merges its items into the week's saved report).
extension ItemOutcome {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(Kind.self, forKey: .kind)
        day = try c.decode(String.self, forKey: .day)
        status = try c.decode(Status.self, forKey: .status)
        message = try c.decodeIfPresent(String.self, forKey: .message)
        deferral = try c.decodeIfPresent(Deferral.Reason.self, forKey: .deferral)
        costUSD = try c.decode(Double.self, forKey: .costUSD)
        seconds = try c.decode(Double.self, forKey: .seconds)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
        stages = try c.decodeIfPresent([StageOutcome].self, forKey: .stages) ?? []
        notes = try c.decodeIfPresent([String].self, forKey: .notes)
    }
}

extension RunReport {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        week = try c.decode(String.self, forKey: .week)
        manifest = try c.decode(String.self, forKey: .manifest)
        startedAt = try c.decode(String.self, forKey: .startedAt)
        finishedAt = try c.decode(String.self, forKey: .finishedAt)
        seconds = try c.decode(Double.self, forKey: .seconds)
        providers = try c.decode([String: String].self, forKey: .providers)
        items = try c.decode([ItemOutcome].self, forKey: .items)
        calls = try c.decodeIfPresent(CallSummary.self, forKey: .calls)
        stopped = try c.decodeIfPresent(Bool.self, forKey: .stopped) ?? false
        slowestStages = try c.decodeIfPresent([StageOutcome].self, forKey: .slowestStages) ?? []
        estimate = try c.decodeIfPresent(Reconciliation.self, forKey: .estimate)
        memoryWeeks = try c.decodeIfPresent(Int.self, forKey: .memoryWeeks)
        peakMemory = try c.decodeIfPresent(PeakMemory.self, forKey: .peakMemory)
    }
}
