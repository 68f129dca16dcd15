import Foundation

/// Turns the requests an item's job would send into planned stages, without sending anything:
/// the provider builds each paid call exactly as it would for the run, and the cache says
/// whether it is already paid for. Used by `estimate`, by `regenerate` before it asks, and by `run`.
public struct Planner: Sendable {
    public let providers: ProviderSet
    /// The run's cache; nil plans every paid call as to be paid.
    public let cache: (any CacheLookup)?
    /// Groups asked afresh (`--fresh` is every group; `regenerate --stage` one): cached results do not count.
    public let fresh: Set<StageGroup>

    public init(providers: ProviderSet, cache: (any CacheLookup)?, fresh: Set<StageGroup> = []) {
        self.providers = providers
        self.cache = cache
        self.fresh = fresh
    }

    func isFresh(_ stage: StageName) -> Bool { stage.group.map { fresh.contains($0) } ?? false }

    /// A stage from the paid call its provider would make (nil: the provider is free).
    /// `exact: false` marks a call built from a stand-in for an answer not known yet.
    /// `call` is only asked for when the provider bills (`paid`): free providers need no request.
    package func stage(_ item: Item, _ name: StageName, provider: StageProvider, paid: Bool, exact: Bool = true,
               call: () throws -> PaidCall?) rethrows -> PlannedStage {
        guard paid, let call = try call() else {
            return PlannedStage(item: item, stage: name, provider: provider, model: "-", status: .free, exact: exact)
        }
        // The key hashes the whole request: made once, for the lookup and the row.
        let key = exact ? call.key : nil
        let cached = key.map { !isFresh(name) && (cache?.holds($0) ?? false) } ?? false
        return PlannedStage(item: item, stage: name, provider: .live(call.provider), model: call.model, units: call.estimate.units,
                            usd: cached ? 0 : call.estimate.usd, maxUSD: cached ? 0 : call.estimate.maxUSD,
                            status: cached ? .cached : .toPay, exact: exact, requestKey: key)
    }

    /// One row for several requests not known exactly yet (never cached): `parts` are the calls
    /// with how many times each stands, summed into the row's units and price.
    package func stand(_ item: Item, _ name: StageName, provider: StageProvider, paid: Bool, count: Int,
               parts: () throws -> [(call: PaidCall?, times: Int)]) rethrows -> PlannedStage {
        guard paid else {
            var row = PlannedStage(item: item, stage: name, provider: provider, model: "-", status: .free, exact: false)
            row.calls = count
            return row
        }
        var units: [String: Double] = [:]
        var usd = 0.0, max = 0.0, calls = 0, model = "-", paidBy = provider
        for (call, times) in try parts() {
            guard let call else { continue }
            for (unit, value) in call.estimate.units { units[unit, default: 0] += value * Double(times) }
            usd += call.estimate.usd * Double(times)
            max += call.estimate.maxUSD * Double(times)
            calls += times
            (model, paidBy) = (call.model, .live(call.provider))
        }
        var row = PlannedStage(item: item, stage: name, provider: paidBy, model: model, units: units, usd: usd, maxUSD: max,
                               status: .toPay, exact: false)
        row.calls = calls
        return row
    }

    /// The text a planned stage's cached call produced, so the stages that depend on it can be
    /// planned exactly (nil when the stage is to be paid: its key is not looked up again).
    package func cachedText(_ stage: PlannedStage) -> String? {
        guard stage.status == .cached, let key = stage.requestKey, let hit = cache?.result(key) else { return nil }
        return String(decoding: hit.payload, as: UTF8.self)
    }
}
