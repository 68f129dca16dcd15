import FactoryCore
import Foundation
import NIOHTTP1

/// `factory auth instagram`: Business Login for Instagram, then the long-lived token.
extension InstagramClient {
    /// {authorize host}/oauth/authorize?client_id&redirect_uri&response_type=code&scope&state
    /// (oauth-authorize page). Instagram Login documents no PKCE, so `challenge` is not sent.
    public func authorizationURL(redirect: URL, state: String, challenge: String) -> URL {
        let base = context.authorizeURL ?? URL(string: "https://api.instagram.com") ?? redirect
        var parts = URLComponents(url: base.appendingPathComponent("oauth").appendingPathComponent("authorize"),
                                  resolvingAgainstBaseURL: false)
        parts?.percentEncodedQuery = String(decoding: PlatformHTTP.form([
            ("client_id", context.app?.clientId ?? ""), ("redirect_uri", redirect.absoluteString), ("response_type", "code"),
            ("scope", Self.scopes.joined(separator: ",")), ("state", state),
        ]), as: UTF8.self)
        return parts?.url ?? base
    }

    /// POST {authorize host}/oauth/access_token (business-login page, step 2: form client_id,
    /// client_secret, grant_type=authorization_code, redirect_uri, code) → a short-lived token and
    /// the user id; then GET {graph}/access_token?grant_type=ig_exchange_token (access_token page)
    /// → the 60-day token, its life from `expires_in`. The `#_` Meta appends to the redirect is cut off.
    public func exchange(code: String, redirect: URL, verifier: String) async throws -> OAuthToken {
        guard let app = context.app else {
            throw PublishError(.credentials, platform: platform, "Instagram's app id and secret are not set (docs/publishing.md)")
        }
        Secrets.register(app.clientSecret)
        let code = code.hasSuffix("#_") ? String(code.dropLast(2)) : code
        let base = context.authorizeURL ?? URL(string: "https://api.instagram.com") ?? context.baseURL
        let form = PlatformHTTP.form([("client_id", app.clientId), ("client_secret", app.clientSecret),
                                      ("grant_type", "authorization_code"), ("redirect_uri", redirect.absoluteString), ("code", code)])
        let first = try await http.send(.POST, base.appendingPathComponent("oauth").appendingPathComponent("access_token"),
                                        headers: [("Content-Type", "application/x-www-form-urlencoded")], body: form, platform: platform)
        if let fault = GraphFault(first) {
            throw PublishError(.credentials, platform: platform, "Instagram refused the authorization code: \(fault.summary)")
        }
        // The page shows `{"data":[{access_token,user_id,permissions}]}`; older answers were flat.
        let answer = ((first.json?["data"] as? [[String: Any]])?.first) ?? first.json ?? [:]
        guard let short = answer["access_token"] as? String, let user = Self.text(answer["user_id"]) else {
            throw PublishError(.credentials, platform: platform, "Instagram's code exchange answered without a token and user id")
        }
        Secrets.register(short)
        let scopes = (answer["permissions"] as? String).map { $0.split(separator: ",").map(String.init) }
            ?? (answer["permissions"] as? [String]) ?? Self.scopes
        let url = try graphURL("access_token", query: [("grant_type", "ig_exchange_token"), ("client_secret", app.clientSecret),
                                                       ("access_token", short)], versioned: false)
        let second = try await http.send(.GET, url, platform: platform)
        if let fault = GraphFault(second) {
            throw PublishError(.credentials, platform: platform, "Instagram would not give a long-lived token: \(fault.summary)")
        }
        guard let long = second.json?["access_token"] as? String, !long.isEmpty else {
            throw PublishError(.credentials, platform: platform, "Instagram's token exchange answered without a token")
        }
        Secrets.register(long)
        let expiresAt = Self.int(second.json?["expires_in"]).map { context.clock.now().addingTimeInterval(TimeInterval($0)) }
        return OAuthToken(accessToken: long, expiresAt: expiresAt, scopes: scopes, account: user)
    }
}
