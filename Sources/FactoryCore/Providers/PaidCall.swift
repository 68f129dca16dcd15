import Foundation

/// One paid provider request, described without its key: what the cache key, the ledger row and
/// the estimate are made from.
public struct PaidCall: Sendable {
    public var provider: ProviderID
    /// "imageInference", "chat.completions", "messages", "audio.speech".
    public var endpoint: String
    public var model: String
    /// The request's parameters as canonical JSON (sorted keys): model, prompt, seed, sizes…
    public var canonical: Data
    public var estimate: CostEstimate

    public init(provider: ProviderID, endpoint: String, model: String, canonical: Data, estimate: CostEstimate) {
        self.provider = provider
        self.endpoint = endpoint
        self.model = model
        self.canonical = canonical
        self.estimate = estimate
    }

    /// The cache key: provider, endpoint, model and parameters (seed and prompt included), never the key.
    public var key: String {
        Digest.sha256(Data("\(provider)\n\(endpoint)\n\(model)\n".utf8) + canonical)
    }

    /// Canonical JSON for a parameter dictionary.
    public static func canonical(_ parameters: [String: any Sendable]) -> Data {
        CanonicalJSON.data(parameters)
    }
}

/// The provider's successful answer to one attempt: the raw body, and what it says it cost.
public struct ProviderAnswer: Sendable {
    public var body: Data
    public var requestId: String?
    public var costUSD: Double
    public var units: [String: Double]
    /// True when the answer was saved by an earlier run and is being finished again (nothing paid now).
    public var replayed = false

    public init(body: Data, requestId: String?, costUSD: Double, units: [String: Double]) {
        self.body = body
        self.requestId = requestId
        self.costUSD = costUSD
        self.units = units
    }
}

/// What a finished call gives its stage: the result bytes (image, audio, JSON text) and its cost.
public struct PaidResult: Sendable {
    public var payload: Data
    public var costUSD: Double
    public var units: [String: Double]
    public var requestId: String?
    /// True when the result came from the cache (nothing was called or paid).
    public var cached: Bool
    /// The request's cache key (nil outside a run's gateway).
    public var key: String?

    public init(payload: Data, costUSD: Double, units: [String: Double], requestId: String?, cached: Bool, key: String? = nil) {
        self.key = key
        self.payload = payload
        self.costUSD = costUSD
        self.units = units
        self.requestId = requestId
        self.cached = cached
    }
}

/// Who is asking for a call: the item and stage the ledger records, and the gateway that runs it.
public struct CallContext: Sendable {
    public var item: String
    public var stage: StageName
    public var gateway: PaidCallGateway?
    /// The item's place in the plan: earlier items are served first when calls queue.
    public var priority: Int

    public init(item: String, stage: StageName, gateway: PaidCallGateway?, priority: Int = 0) {
        self.item = item
        self.stage = stage
        self.gateway = gateway
        self.priority = priority
    }

    public func with(stage: StageName) -> CallContext {
        var copy = self
        copy.stage = stage
        return copy
    }
}

/// A stage that could not run now and should run in a later run: a cap, a paused provider, a stop.
public struct Deferral: Error, CustomStringConvertible, Sendable {
    public enum Reason: String, Sendable, Codable { case budget, providerPaused = "provider-paused", stopping, uncertain }
    public var reason: Reason
    public var message: String
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = Secrets.redact(message)
    }
    public var description: String { message }
}
