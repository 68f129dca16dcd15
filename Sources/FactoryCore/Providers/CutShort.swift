import Foundation

/// A paid answer that stopped at its output limit (`stop_reason: max_tokens`, `finish_reason:
/// length`) before its text was complete: billed, and unusable as it is. The client asks once more
/// with a larger budget; the gateway keeps the answer in quarantine instead of the cache.
public struct CutShort: Error, CustomStringConvertible, Sendable {
    public var provider: ProviderID
    public var model: String
    /// The output limit the answer ran into.
    public var limit: Int
    /// Output tokens the answer used (thinking included), when the answer says.
    public var outputTokens: Int?
    /// What this answer cost in this run (0 when an earlier run paid for it).
    public var costUSD: Double

    public init(provider: ProviderID, model: String, limit: Int, outputTokens: Int?, costUSD: Double) {
        self.provider = provider
        self.model = model
        self.limit = limit
        self.outputTokens = outputTokens
        self.costUSD = costUSD
    }

    public var description: String {
        "\(provider) \(model) stopped at its output limit of \(limit) tokens before the answer was complete"
            + (outputTokens.map { " (\($0) output tokens, thinking included, billed)" } ?? "")
    }

    /// The next budget to try: twice as much, within the model's limit (nil when there is no room).
    public static func larger(than limit: Int, modelLimit: Int) -> Int? {
        let next = min(modelLimit, max(limit * 2, limit + 1_024))
        return next > limit ? next : nil
    }
}

/// An answer the provider delivered (and billed) that cannot be used as it is: not the JSON
/// asked for, no text, a refusal, an image URL that has expired. The gateway moves it from the
/// cache to the quarantine, so a later run asks again instead of replaying it. (Errors that are
/// not this, such as a broken download, leave the answer in the cache: finishing it again is free.)
public struct RejectedAnswer: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = Secrets.redact(message) }
    public var description: String { message }
}
