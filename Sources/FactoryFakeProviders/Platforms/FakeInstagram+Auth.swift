import Foundation
import Hummingbird

/// Instagram Login: the authorize page, the code exchange, the long-lived token and its refresh,
/// and the strict token check every other Graph call goes through.
extension FakeInstagram {
    /// The token endpoints (no token needed to call them); nil for any other path.
    func oauth(_ call: FakeInstagramCall) -> Response? {
        switch (call.method, call.parts) {
        case (.get, ["oauth", "authorize"]): authorize(call)
        case (.post, ["oauth", "access_token"]): exchangeCode(call)
        case (.get, ["access_token"]): longLived(call)
        case (.get, ["refresh_access_token"]): refresh(call)
        default: nil
        }
    }

    /// api.instagram.com/oauth/authorize (oauth-authorize page): client_id, redirect_uri,
    /// response_type=code and scope are required; the user "grants" at once and is sent back with
    /// `code` and `state`, and "#_" appended to the redirect as the page says Meta does.
    private func authorize(_ call: FakeInstagramCall) -> Response {
        let fields = call.fields
        guard fields["client_id"] == config.clientId, let redirect = fields["redirect_uri"], fields["response_type"] == "code",
              let scope = fields["scope"], var target = URLComponents(string: redirect) else {
            return FakeInstagramCall.graphError(code: 100, "Invalid request: client_id, redirect_uri, response_type=code and scope are required")
        }
        let scopes = scope.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        guard scopes.contains("instagram_business_basic") else {
            // oauth-authorize page: "instagram_basic or instagram_business_basic is required".
            return FakeInstagramCall.graphError(code: 100, "Invalid scope: instagram_business_basic is required")
        }
        let code = Self.randomId("AQ", length: 24)
        codes[code] = redirect
        var items = target.queryItems ?? []
        items.append(URLQueryItem(name: "code", value: code))
        if let state = fields["state"] { items.append(URLQueryItem(name: "state", value: state)) }
        target.queryItems = items
        let location = (target.string ?? redirect) + "#_"
        return FakeInstagramCall.ok(["redirect": .string(location)], status: 302, headers: [("Location", location)])
    }

    /// POST api.instagram.com/oauth/access_token (business-login page, step 2): the form's client_id,
    /// client_secret, grant_type=authorization_code, redirect_uri and code → a short-lived token (1 h)
    /// with the user id and the granted permissions, in the page's `data` array.
    private func exchangeCode(_ call: FakeInstagramCall) -> Response {
        let form = call.fields
        guard form["client_id"] == config.clientId, form["client_secret"] == config.clientSecret else {
            return FakeInstagramCall.graphError(code: 101, "Error validating client secret.")
        }
        guard form["grant_type"] == "authorization_code", let code = form["code"], let redirect = codes[code],
              form["redirect_uri"] == redirect else {
            return FakeInstagramCall.graphError(code: 100, "Invalid authorization code or redirect_uri")
        }
        codes[code] = nil  // A code is good once.
        let token = issue(lifetime: config.shortTokenLifetimeSeconds)
        return FakeInstagramCall.ok(["data": [[
            "access_token": .string(token), "user_id": .string(config.userId),
            "permissions": "instagram_business_basic,instagram_business_content_publish",
        ]]])
    }

    /// GET graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret&access_token
    /// (access_token page): a valid short-lived token becomes a 60-day one.
    private func longLived(_ call: FakeInstagramCall) -> Response {
        guard call.fields["grant_type"] == "ig_exchange_token", call.fields["client_secret"] == config.clientSecret else {
            return FakeInstagramCall.graphError(code: 100, "grant_type=ig_exchange_token and the app's client_secret are required")
        }
        if let rejected = rejection(call.fields["access_token"]) { return rejected }
        let token = issue(lifetime: config.tokenLifetimeSeconds)
        return FakeInstagramCall.ok(["access_token": .string(token), "token_type": "bearer",
                                     "expires_in": .int(Int64(config.tokenLifetimeSeconds))])
    }

    /// GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token
    /// (refresh_access_token page): only a token "at least 24 hours old but has not expired"; the
    /// new one is valid 60 days from now. The page does not say the old token stops working, so
    /// here it stays valid until its own expiry. What Meta answers for a too-young token is not on
    /// the page: the fake answers code 100 naming the rule.
    private func refresh(_ call: FakeInstagramCall) -> Response {
        guard call.fields["grant_type"] == "ig_refresh_token" else {
            return FakeInstagramCall.graphError(code: 100, "grant_type must be ig_refresh_token")
        }
        if let rejected = rejection(call.fields["access_token"]) { return rejected }
        guard let old = call.fields["access_token"], let record = tokens[old] else { return Self.unsupported(call) }
        guard Date().timeIntervalSince(record.issued) >= config.refreshMinimumAgeSeconds else {
            return FakeInstagramCall.graphError(code: 100, "The access token is too new to be refreshed: a long-lived token can be refreshed once it is at least 24 hours old")
        }
        let token = issue(lifetime: config.tokenLifetimeSeconds)
        return FakeInstagramCall.ok(["access_token": .string(token), "token_type": "bearer",
                                     "expires_in": .int(Int64(config.tokenLifetimeSeconds))])
    }

    /// GET /me?fields=user_id,username (ig-user / me page): the account the token posts as.
    func me() -> Response {
        FakeInstagramCall.ok(["id": .string(config.userId), "user_id": .string(config.userId), "username": .string(config.username)])
    }

    func isValid(_ token: String) -> Bool { rejection(token) == nil }

    /// nil for an issued, unexpired token; else OAuthException code 190 (subcode 463 once it expired).
    /// The HTTP status is not on the error-codes page; 400 like every error the page lists.
    func rejection(_ presented: String?) -> Response? {
        guard let presented else {
            return FakeInstagramCall.graphError(code: 190, "An active access token must be used to query information about the current user.")
        }
        guard let record = tokens[presented] else {
            return FakeInstagramCall.graphError(code: 190, "Invalid OAuth access token - Cannot parse access token")
        }
        guard record.expires > Date() else {
            return FakeInstagramCall.graphError(code: 190, subcode: 463, "Error validating access token: Session has expired")
        }
        return nil
    }

    private func issue(lifetime: Double) -> String {
        let token = Self.randomId("IGAA", length: 40)
        let now = Date()
        tokens[token] = Token(issued: now, expires: now.addingTimeInterval(lifetime))
        return token
    }
}
