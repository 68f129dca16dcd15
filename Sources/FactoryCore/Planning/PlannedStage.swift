import Foundation

/// One stage of one item as `estimate` (and the start of `run`) sees it: which provider and model
/// it calls, the units it is expected to use, and what it would cost now.
public struct PlannedStage: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// A paid call that is not cached: it will be paid for.
        case toPay = "to-pay"
        /// Its result (or the provider's saved answer) is in the cache: $0.
        case cached
        /// An offline provider (or a local file): no call, $0.
        case free
        /// The published bundle is current (same manifest, same version): nothing runs, $0.
        case upToDate = "up-to-date"
    }

    public var item: String
    public var kind: Kind
    public var day: String
    /// The item's scheduled date (YYYY-MM-DD in the manifest's timezone).
    public var date: String
    public var stage: StageName
    public var provider: StageProvider
    public var model: String
    /// input_tokens, output_tokens, characters, audio_seconds, images.
    public var units: [String: Double]
    /// What this stage is expected to cost now: 0 unless `toPay`.
    public var usd: Double
    /// The most it may cost (what the run reserves against the caps).
    public var maxUSD: Double
    public var status: Status
    /// False when the request depends on an earlier stage's answer that is not known yet (the
    /// story before its narration): then the units are estimated from the brief.
    public var exact: Bool
    /// The cache key of the request, when it is exact and paid.
    public var requestKey: String?
    /// How many requests this row stands for: 1, or a story's narration chunks planned together
    /// from its stand-in (their boundaries are not known until the story is written).
    public var calls: Int = 1

    public init(item: Item, stage: StageName, provider: StageProvider, model: String, units: [String: Double] = [:], usd: Double = 0,
                maxUSD: Double = 0, status: Status, exact: Bool = true, requestKey: String? = nil) {
        self.item = item.id
        kind = item.kind
        day = item.day.rawValue
        date = item.date
        self.stage = stage
        self.provider = provider
        self.model = model
        self.units = units
        self.usd = usd
        self.maxUSD = maxUSD
        self.status = status
        self.exact = exact
        self.requestKey = requestKey
    }
}
