import Foundation

/// The compact command-line form: `PROVIDER[/ENDPOINT]:KIND[:key=value]...`, for example
/// `anthropic:rateLimit:count=3:retryAfter=2`, `openai/speech:quota`, `runware/image:hugeImage`,
/// `anthropic:badContent:count=1`, `openai/chat:wrongCount`, `openai/realtime:reworded:count=2`,
/// `openai/realtime:socketDrop:every=3`, `openai/realtime:sessionExpired:count=1`, `openai/realtime:rateLimit:retryAfter=1`.
/// Keys: count, every (hits every Nth matching request: `every=3` is a third of them), retryAfter, retryAfterMS (or retryAfterMs), delayMS (or delayMs), billed.
extension FakeFault {
    static let providers: Set<String> = ["runware", "openai", "anthropic", "*"]

    public init(spec: String) throws {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else {
            throw FakeProviderError("fault \"\(spec)\": expected PROVIDER[/ENDPOINT]:KIND[:key=value...]")
        }
        let target = parts[0].split(separator: "/", maxSplits: 1).map(String.init)
        let provider = target.first ?? ""
        guard Self.providers.contains(provider) else {
            throw FakeProviderError("fault \"\(spec)\": provider \"\(provider)\" is not runware, openai, anthropic or *")
        }
        let endpoint = target.count > 1 ? target[1] : nil
        if let endpoint, endpoint != "*", !FakeEndpoint.all.contains(endpoint) {
            throw FakeProviderError("fault \"\(spec)\": endpoint \"\(endpoint)\" is not one of \(FakeEndpoint.all.joined(separator: ", "))")
        }
        guard let kind = Kind(rawValue: parts[1]) else {
            throw FakeProviderError("fault \"\(spec)\": kind \"\(parts[1])\" is not one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if kind.isContentKind, let endpoint, endpoint != "*", !FakeEndpoint.text.contains(endpoint) {
            throw FakeProviderError("fault \"\(spec)\": \(kind.rawValue) spoils written text, so it applies to the \(FakeEndpoint.text.joined(separator: " and ")) endpoints, not \"\(endpoint)\"")
        }
        if kind.isContentKind, provider == "runware" {
            throw FakeProviderError("fault \"\(spec)\": \(kind.rawValue) applies to openai/chat and anthropic/messages; runware writes no text")
        }
        if kind.isRealtimeKind, let endpoint, endpoint != "*", endpoint != FakeEndpoint.realtime {
            throw FakeProviderError("fault \"\(spec)\": \(kind.rawValue) acts on Realtime responses, so it applies to openai/realtime, not \"\(endpoint)\"")
        }
        if endpoint == FakeEndpoint.realtime, !kind.isRealtimeKind, !kind.isErrorStatus {
            throw FakeProviderError("fault \"\(spec)\": openai/realtime takes the error kinds at the handshake (rateLimit, serverError, overloaded, quota, spendCap, authEchoKey) and reworded, sessionExpired, socketDrop; not \(kind.rawValue)")
        }
        if kind.isRealtimeKind, provider != "openai", provider != "*" {
            throw FakeProviderError("fault \"\(spec)\": \(kind.rawValue) applies to openai/realtime; \(provider) has no Realtime API")
        }
        self.init(provider: provider, endpoint: endpoint, kind: kind)
        // An HTTP date holds colons ("Wed, 21 Oct 2026 07:28:00 GMT"): once `retryAfter=` starts,
        // the rest of the spec up to the next `key=` belongs to it.
        var options: [(String, String)] = []
        for part in parts.dropFirst(2) {
            if let eq = part.firstIndex(of: "="), !part[..<eq].contains(" ") {
                options.append((String(part[..<eq]), String(part[part.index(after: eq)...])))
            } else if let last = options.popLast(), last.0 == "retryAfter" {
                options.append((last.0, last.1 + ":" + part))
            } else {
                throw FakeProviderError("fault \"\(spec)\": \"\(part)\" is not key=value")
            }
        }
        for (key, value) in options { try apply(key: key, value: value, spec: spec) }
    }

    private mutating func apply(key: String, value: String, spec: String) throws {
        func integer() throws -> Int {
            guard let n = Int(value), n >= 0 else {
                throw FakeProviderError("fault \"\(spec)\": \(key) must be a whole number ≥ 0, not \"\(value)\"")
            }
            return n
        }
        switch key.lowercased() {
        case "count": count = try integer()
        case "every":
            every = try integer()
            guard every ?? 0 >= 1 else { throw FakeProviderError("fault \"\(spec)\": every must be 1 or more") }
        case "retryafter": retryAfter = value
        case "retryafterms": retryAfterMS = try integer()
        case "delayms", "delay": delayMS = try integer()
        case "billed": billed = ["1", "true", "yes"].contains(value.lowercased())
        default:
            throw FakeProviderError("fault \"\(spec)\": unknown key \"\(key)\" (count, every, retryAfter, retryAfterMS, delayMS, billed)")
        }
    }
}
