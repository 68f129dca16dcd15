/// A per-provider circuit breaker: a provider that keeps failing (or says the key or the money
/// is wrong) is paused for the rest of the run; its stages are deferred while others go on.
public actor ProviderHealth {
    public let threshold: Int
    private var consecutive: [ProviderID: Int] = [:]
    private var paused: [ProviderID: String] = [:]

    public init(threshold: Int = 3) { self.threshold = threshold }

    public func pauseReason(_ provider: ProviderID) -> String? { paused[provider] }

    public func succeeded(_ provider: ProviderID) { consecutive[provider] = 0 }

    /// Records a call that failed after its retries; returns true when this paused the provider.
    @discardableResult
    public func failed(_ provider: ProviderID, _ failure: ProviderFailure) -> Bool {
        guard paused[provider] == nil else { return false }
        if failure.pausesProvider {
            paused[provider] = "\(provider) is paused for this run: \(failure)"
            return true
        }
        guard failure.kind == .overloaded || failure.kind == .rateLimited || failure.kind == .notSent
            || failure.kind == .uncertain else { return false }
        consecutive[provider, default: 0] += 1
        if consecutive[provider, default: 0] >= threshold {
            paused[provider] = "\(provider) is paused for this run after \(threshold) calls failed in a row (last: \(failure))"
            return true
        }
        return false
    }

    public var pausedProviders: [String: String] { Dictionary(uniqueKeysWithValues: paused.map { ($0.key.rawValue, $0.value) }) }
}
