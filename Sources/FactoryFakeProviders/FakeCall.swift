import FactoryCore
import Foundation

/// One generation request as the provider handlers see it.
struct FakeCall: Sendable {
    let provider: String
    let endpoint: String
    let body: Data
    /// Lower-cased header name → value.
    let headers: [String: String]
    let requestId: String
    /// `http://127.0.0.1:PORT`, for URLs the fake hands out.
    let origin: String
    let requiredKey: String?
    /// A content fault (badContent, wrongCount) the handler must work into the text it writes.
    var contentFault: FakeFault.Kind? = nil
    /// The quotes a poster-quote answer is picked from (empty: invented from the word bank).
    var quotes: [String] = []
    /// The kinds' writers of structured answers, tried in order.
    var answers: [FakeAnswerWriter] = []

    var requestHash: String { Digest.sha256(body) }
    var json: FakeJSON? { FakeJSON.parse(body) }

    /// The bearer token of `Authorization`, if any.
    var bearer: String? {
        guard let value = headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// Whether `key` is acceptable: the required one when configured, else any non-empty key.
    func accepts(_ key: String?) -> Bool {
        guard let key, !key.isEmpty else { return false }
        return requiredKey.map { $0 == key } ?? true
    }

    static func makeRequestId(provider: String) -> String {
        let alphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
        let suffix = String((0..<24).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
        switch provider {
        case "anthropic": return "req_011" + suffix
        case "openai": return "req_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        default: return UUID().uuidString.lowercased()
        }
    }
}

/// What a handler answers: status, headers, body, and what to bill once the body is delivered.
struct FakeReply: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data
    var charge: Charge?

    /// The billable part of a reply.
    struct Charge: Sendable {
        var model: String
        var costUSD: Double
    }

    init(status: Int, headers: [(String, String)] = [], body: Data, charge: Charge? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.charge = charge
    }

    static func json(_ status: Int, _ value: FakeJSON, headers: [(String, String)] = [], charge: Charge? = nil) -> FakeReply {
        FakeReply(status: status, headers: [("content-type", "application/json")] + headers, body: value.encoded(), charge: charge)
    }
}
