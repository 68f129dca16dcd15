/// What one provider call produced and cost: recorded in metadata.json (never a key).
public struct GenerationRecord: Sendable, Codable, Equatable {
    public var stage: String
    public var provider: String
    public var model: String
    public var parameters: [String: String]
    public var seed: UInt64?
    public var requestId: String?
    public var promptHash: String
    /// Units billed: tokens, characters, images, seconds; by name.
    public var units: [String: Double]
    public var costUSD: Double

    public init(stage: String, provider: String, model: String, parameters: [String: String] = [:], seed: UInt64? = nil,
                requestId: String? = nil, promptHash: String, units: [String: Double] = [:], costUSD: Double = 0) {
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
