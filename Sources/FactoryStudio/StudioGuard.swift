import Crypto
import Foundation
import Hummingbird

/// The studio's door: it can post to the creator's accounts, so every request passes here first
/// (docs/studio.md, "Safe by default"). A request is served only when
/// - its `Host` is the address the studio is bound to (a DNS-rebinding page names another host);
/// - it carries the session cookie, which only the secret printed at start buys (`/?key=…`, once);
/// - a state change is a POST from the studio's own `Origin` with the session's CSRF token.
/// Every refusal answers before any handler runs, so a refused request changes nothing.
struct StudioGuard: Sendable {
    /// The random secret of the printed URL (32 bytes, hex).
    let secret: String
    /// The cookie's value, and the CSRF token the page sends back in `X-CSRF-Token`.
    let session: String
    let csrf: String
    /// `host:port` spellings a browser may send for the bound address.
    let hosts: Set<String>
    /// `http://host:port` for each of them.
    var origins: Set<String> { Set(hosts.map { "http://" + $0 }) }

    static let cookie = "factory_studio"

    init(bind: String, port: Int, secret: String = StudioGuard.random(), session: String = StudioGuard.random(),
         csrf: String = StudioGuard.random()) {
        self.secret = secret
        self.session = session
        self.csrf = csrf
        var names = [bind.contains(":") ? "[\(bind)]" : bind]
        if bind == "127.0.0.1" || bind == "::1" || bind == "localhost" { names += ["127.0.0.1", "localhost", "[::1]"] }
        hosts = Set(names.map { "\($0):\(port)" })
    }

    /// 256 random bits as hex.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// What the door says about a request.
    enum Verdict: Equatable {
        case pass
        /// `/?key=SECRET`: set the cookie and send the browser to `/` without the key in its URL.
        case enter
        case refuse(status: Int, code: String, message: String)
    }

    func verdict(method: String, path: String, query: [String: String], headers: [String: String]) -> Verdict {
        guard let host = headers["host"], hosts.contains(host.lowercased()) else {
            return .refuse(status: 421, code: "wrong-host",
                           message: "this studio answers only to \(hosts.sorted().joined(separator: " or ")); open the URL it printed")
        }
        if method == "GET", path == "/", let key = query["key"] {
            guard Self.same(key, secret) else { return .refuse(status: 401, code: "no-session", message: "that key is not this studio's") }
            return .enter
        }
        guard let cookies = headers["cookie"], Self.cookieValue(cookies, name: Self.cookie).map({ Self.same($0, session) }) == true else {
            return .refuse(status: 401, code: "no-session", message: "open the URL `factory studio` printed (it carries the key)")
        }
        guard ["GET", "HEAD"].contains(method) else {
            guard method == "POST" else {
                return .refuse(status: 405, code: "method", message: "state changes are POST only")
            }
            guard let origin = headers["origin"], origins.contains(origin.lowercased()) else {
                return .refuse(status: 403, code: "foreign-origin", message: "a state change must come from the studio's own page")
            }
            guard let token = headers["x-csrf-token"], Self.same(token, csrf) else {
                return .refuse(status: 403, code: "csrf", message: "the CSRF token is missing or wrong; reload the page")
            }
            return .pass
        }
        return .pass
    }

    /// The `Set-Cookie` for a new session: HttpOnly, SameSite=Strict, the whole site.
    var setCookie: String { "\(Self.cookie)=\(session); Path=/; HttpOnly; SameSite=Strict" }

    static func cookieValue(_ header: String, name: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name { return parts[1] }
        }
        return nil
    }

    /// Compares in time independent of where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(SHA256.hash(data: Data(a.utf8))), y = Array(SHA256.hash(data: Data(b.utf8)))
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
