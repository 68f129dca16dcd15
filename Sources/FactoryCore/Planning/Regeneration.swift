import Foundation

/// What `regenerate` redoes for one item: the stage groups asked afresh (cache bypassed) and the
/// seeds they use, checked against the stages the item actually has.
public struct Regeneration: Sendable {
    public var item: Item
    /// The paid groups asked afresh; empty for `--stage render` (only the render is redone).
    public var fresh: Set<StageGroup>
    /// The seed each re-asked seeded group uses (text and image; speech has none).
    public var seeds: [StageGroup: UInt64]

    /// `stage` nil redoes every paid stage the item has. Without `seed` or `variant`, the seeded
    /// groups take variant `nextVariant` (the number of kept versions + 1), so each regenerate
    /// gives a new picture or text instead of the provider's same answer to the same seed.
    public init(item: Item, stage: StageGroup?, seed: UInt64?, variant: Int?, nextVariant: Int, planned: [PlannedStage]) throws {
        let has = Set(planned.compactMap(\.stage.group))
        if let stage, stage != .render, !has.contains(stage) {
            let list = (StageGroup.allCases.filter { has.contains($0) } + [.render]).map(\.rawValue).joined(separator: ", ")
            throw FactoryError(.manifest, "item \(item.id) (\(item.kind.rawValue)) has no \(stage.rawValue) stage "
                               + "(\(Self.why(stage, item))); its stages are \(list)")
        }
        var item = item
        let groups: Set<StageGroup> = stage.map { $0 == .render ? [] : [$0] } ?? has
        var seeds: [StageGroup: UInt64] = [:]
        for group in groups where group != .speech {
            let chosen = seed ?? Seed.from(item.id, group.rawValue, "variant", String(variant ?? nextVariant))
            seeds[group] = chosen
            item.stageSeeds[group] = chosen
        }
        self.item = item
        fresh = groups
        self.seeds = seeds
    }

    static func why(_ stage: StageGroup, _ item: Item) -> String {
        item.content.missingStage(stage) ?? "it makes none"
    }
}
