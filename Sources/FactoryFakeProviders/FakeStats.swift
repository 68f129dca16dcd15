import Foundation

/// What the fake has received and billed: the body of `GET /_stats` (snake_case keys).
public struct FakeStats: Codable, Sendable, Equatable {
    /// Requests received since start or the last reset (all routes except /_stats and /_reset).
    public var requests: Int
    /// Billed requests (including those read back from the charge log at start).
    public var billed: Int
    public var totalUSD: Double
    /// provider → USD.
    public var byProvider: [String: Double]
    public var charges: [FakeCharge]
    /// provider → the most generation requests it was answering at once (since start or reset).
    public var maxInFlight: [String: Int]
    /// Slow bodies (`slowBody` fault) the client hung up on before the last byte: never billed.
    public var abandoned: Int

    public init(requests: Int = 0, billed: Int = 0, totalUSD: Double = 0, byProvider: [String: Double] = [:],
                charges: [FakeCharge] = [], maxInFlight: [String: Int] = [:], abandoned: Int = 0) {
        self.maxInFlight = maxInFlight
        self.abandoned = abandoned
        self.requests = requests
        self.billed = billed
        self.totalUSD = totalUSD
        self.byProvider = byProvider
        self.charges = charges
    }

    enum CodingKeys: String, CodingKey {
        case requests, billed, charges, abandoned
        case totalUSD = "total_usd"
        case byProvider = "by_provider"
        case maxInFlight = "max_in_flight"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        requests = try c.decode(Int.self, forKey: .requests)
        billed = try c.decode(Int.self, forKey: .billed)
        totalUSD = try c.decode(Double.self, forKey: .totalUSD)
        byProvider = try c.decode([String: Double].self, forKey: .byProvider)
        charges = try c.decode([FakeCharge].self, forKey: .charges)
        maxInFlight = try c.decodeIfPresent([String: Int].self, forKey: .maxInFlight) ?? [:]
        abandoned = try c.decodeIfPresent(Int.self, forKey: .abandoned) ?? 0
    }
}

/// One billed request: a charge-log line and an entry of `FakeStats.charges` (snake_case keys).
public struct FakeCharge: Codable, Sendable, Equatable {
    /// SHA-256 hex of the request body bytes.
    public var requestHash: String
    public var provider: String
    public var endpoint: String
    public var model: String
    public var costUSD: Double
    /// ISO 8601 time the response finished.
    public var at: String
    public var requestId: String

    public init(requestHash: String, provider: String, endpoint: String, model: String, costUSD: Double,
                at: String, requestId: String) {
        self.requestHash = requestHash
        self.provider = provider
        self.endpoint = endpoint
        self.model = model
        self.costUSD = costUSD
        self.at = at
        self.requestId = requestId
    }

    enum CodingKeys: String, CodingKey {
        case provider, endpoint, model, at
        case requestHash = "request_hash"
        case costUSD = "cost_usd"
        case requestId = "request_id"
    }
}
