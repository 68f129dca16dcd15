import FactoryCore
import Foundation

/// What every live client shares: the transport, where the provider is, its key and its prices.
public struct LiveClient: Sendable {
    public var provider: ProviderID
    public var transport: HTTPTransport
    public var endpoint: ProviderEndpoint
    public var key: String
    public var models: ModelTable
    /// Today as YYYY-MM-DD (UTC), for the models' retirements; a test fixes it.
    public var today: @Sendable () -> String

    public init(provider: ProviderID, transport: HTTPTransport, endpoint: ProviderEndpoint, key: String, models: ModelTable = .bundled,
                today: @escaping @Sendable () -> String = { DayStamp.utcToday() }) {
        self.provider = provider
        self.transport = transport
        self.endpoint = endpoint
        self.key = key
        self.models = models
        self.today = today
    }

    /// Runs a call through the run's gateway: the cache, the limits, the reservation against the
    /// caps, the ledger. There is no way around it: a paid call without a gateway is refused.
    func perform(_ call: PaidCall, context: CallContext, send: @escaping @Sendable () async throws -> ProviderAnswer,
                 finish: @escaping @Sendable (ProviderAnswer) async throws -> Data) async throws -> PaidResult {
        guard let gateway = context.gateway else {
            throw FactoryError(.provider, "item \(context.item) stage \(context.stage): a paid \(call.provider) call was asked for "
                               + "outside a run's gateway (no budget, ledger or cache); nothing was sent")
        }
        return try await gateway.perform(call, context: context, priority: context.priority, send: send, finish: finish)
    }

    /// The model's row; an unknown or retired model fails here, before anything is spent.
    func spec(_ model: String, role: Role) throws -> ModelSpec {
        try models.check(provider: provider, model: model, role: role, on: today())
    }

    /// Today as YYYY-MM-DD in UTC: providers date their retirements, not our manifests' zones.
    static func today() -> String { DayStamp.utcToday() }

    /// Asks with `budget` output tokens; an answer cut at that limit is asked once more with twice
    /// the budget (within the model's limit). The larger answer also answers for the first request
    /// in the cache, so later runs ask neither again. Both calls are paid and in the ledger; a
    /// second cut fails the stage with what to change, both answers kept in quarantine.
    func growing(budget: Int, modelLimit: Int, context: CallContext, key: @Sendable (Int) throws -> PaidCall,
                 ask: @Sendable (Int) async throws -> PaidResult) async throws -> PaidResult {
        do {
            return try await ask(budget)
        } catch let cut as CutShort {
            let label = "item \(context.item) stage \(context.stage)"
            guard let larger = CutShort.larger(than: budget, modelLimit: modelLimit) else {
                throw FactoryError(.provider, "\(label): \(cut), already the model's limit; the answer was billed and kept in the "
                                   + "week's .quarantine/\(context.item)/. Lower the item's `effort:`, set `thinking: false`, or ask for less")
            }
            do {
                var result = try await ask(larger)
                if let gateway = context.gateway {
                    let first = try key(budget)
                    try await gateway.alias(first.key, to: result, call: first)
                }
                result.costUSD += cut.costUSD
                return result
            } catch let again as CutShort {
                throw FactoryError(.provider, "\(label): \(again.provider) \(again.model) stopped at its output limit twice "
                                   + "(\(budget), then \(larger) tokens, thinking included), so neither answer could be used; both were "
                                   + "billed and are kept in the week's .quarantine/\(context.item)/. Run again to ask afresh, or lower the "
                                   + "item's `effort:`, set `thinking: false`, or ask for a shorter text")
            }
        }
    }

    /// Turns an error reply into a classified failure, reading the provider's error shape.
    func failure(_ reply: HTTPTransport.Reply) -> ProviderFailure {
        let object = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]
        var code: String?, type: String?, message: String?
        if let error = object?["error"] as? [String: Any] {
            // OpenAI {"error":{message,type,code}} and Anthropic {"type":"error","error":{type,message}}
            code = error["code"] as? String
            type = error["type"] as? String
            message = error["message"] as? String
        } else if let errors = object?["errors"] as? [[String: Any]], let first = errors.first {
            // Runware {"errors":[{code,message,parameter,taskUUID}]}
            code = first["code"] as? String
            message = [first["message"] as? String, (first["parameter"] as? String).map { "(parameter \($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        } else if let text = object?["error"] as? String {
            message = text
        }
        let hasRetryAfter = reply.headers["retry-after"] != nil || reply.headers["retry-after-ms"] != nil
        let kind = StatusClass.kind(status: reply.status, code: code, type: type, hasRetryAfter: hasRetryAfter, provider: provider)
        return ProviderFailure(kind, provider: provider, status: reply.status, code: code ?? type,
                               message: message ?? (reply.body.isEmpty ? "empty answer" : reply.bodyText),
                               requestId: reply.requestId ?? object?["request_id"] as? String, retryAfter: reply.retryAfter)
    }

    static func json(_ object: Any) -> Data { CanonicalJSON.data(object) }

    /// The generation record of a structured-text call.
    static func record(_ result: PaidResult, request: TextRequest, provider: StageProvider, model: String, stage: StageName,
                       parameters: [String: String]) -> GenerationRecord {
        GenerationRecord(stage: stage, provider: provider, model: model,
                         parameters: parameters.merging(["schema": request.schemaName]) { $1 },
                         seed: request.seed, requestId: result.requestId,
                         promptHash: Digest.sha256(request.system + request.user), units: result.units, costUSD: result.costUSD,
                         cached: result.cached)
    }

    /// Rough token count for estimates (about 4 characters per token for English).
    static func tokens(_ text: String) -> Int { max(1, (text.utf8.count + 3) / 4) }

    /// The input tokens of a structured request: its prompts, and its schema as it is sent (a
    /// schema already made JSON is counted by its bytes, not serialised again for each call).
    static func tokens(system: String, user: String, schema: Any) -> Int {
        let schemaBytes = (schema as? CanonicalJSON.Raw)?.data.count ?? json(schema).count
        return max(1, (system.utf8.count + user.utf8.count + 3) / 4) + max(1, (schemaBytes + 3) / 4)
    }
}
