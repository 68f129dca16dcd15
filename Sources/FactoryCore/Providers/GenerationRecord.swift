/// What one provider call produced and cost: recorded in metadata.json (never a key).
public struct GenerationRecord: Sendable, Codable, Equatable {
    public var stage: StageName
    public var provider: StageProvider
    public var model: String
    public var parameters: [String: String]
    public var seed: UInt64?
    public var requestId: String?
    public var promptHash: String
    /// Units billed: tokens, characters, images, seconds; by name.
    public var units: [String: Double]
    public var costUSD: Double
    /// True when the result came from the cache: nothing was called or paid for it in this run.
    public var cached: Bool

    public init(stage: StageName, provider: StageProvider, model: String, parameters: [String: String] = [:], seed: UInt64? = nil,
                requestId: String? = nil, promptHash: String, units: [String: Double] = [:], costUSD: Double = 0, cached: Bool = false) {
        self.cached = cached
        self.stage = stage
        self.provider = provider
        self.model = model
        self.parameters = parameters
        self.seed = seed
        self.requestId = requestId
        self.promptHash = promptHash
        self.units = units
        self.costUSD = costUSD
    }
}

extension GenerationRecord {
    enum CodingKeys: String, CodingKey { case stage, provider, model, parameters, seed, requestId, promptHash, units, costUSD, cached }

    /// Older metadata.json files have no `cached`: they said it as `parameters.cache`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stage: try c.decode(StageName.self, forKey: .stage), provider: try c.decode(StageProvider.self, forKey: .provider),
                  model: try c.decode(String.self, forKey: .model),
                  parameters: try c.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:],
                  seed: try c.decodeIfPresent(UInt64.self, forKey: .seed), requestId: try c.decodeIfPresent(String.self, forKey: .requestId),
                  promptHash: try c.decode(String.self, forKey: .promptHash),
                  units: try c.decodeIfPresent([String: Double].self, forKey: .units) ?? [:],
                  costUSD: try c.decodeIfPresent(Double.self, forKey: .costUSD) ?? 0)
        cached = try c.decodeIfPresent(Bool.self, forKey: .cached) ?? (parameters["cache"] == "hit")
    }
}
