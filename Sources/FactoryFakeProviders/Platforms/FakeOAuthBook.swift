import Foundation

/// The tokens one fake platform has issued: authorization codes waiting for their PKCE verifier,
/// access tokens and refresh tokens, each with its scopes and end. A value held inside the
/// platform's actor; time is `Date()` (tests configure lifetimes of seconds).
struct FakeOAuthBook: Sendable {
    struct Grant: Sendable, Equatable {
        var scopes: [String]
        var account: String
        var expires: Date
    }

    struct PendingCode: Sendable {
        var challenge: String
        var redirect: String
        var clientId: String
        var scopes: [String]
        var expires: Date
    }

    /// What a refresh got: the new access token and, where the platform rotates, the new refresh token.
    struct Refreshed: Sendable {
        var access: String
        var accessGrant: Grant
        var refresh: String
        var refreshGrant: Grant
    }

    let accessSeconds: Double
    let refreshSeconds: Double
    private(set) var access: [String: Grant] = [:]
    private(set) var refresh: [String: Grant] = [:]
    private var codes: [String: PendingCode] = [:]

    init(accessSeconds: Double, refreshSeconds: Double) {
        self.accessSeconds = accessSeconds
        self.refreshSeconds = refreshSeconds
    }

    /// Tokens a test or scenario knows in advance (`refreshTokens`, `accessTokens` in the config).
    mutating func seed(access tokens: [String], refresh refreshTokens: [String], scopes: [String], account: String) {
        let now = Date()
        for token in tokens { access[token] = Grant(scopes: scopes, account: account, expires: now + accessSeconds) }
        for token in refreshTokens { refresh[token] = Grant(scopes: scopes, account: account, expires: now + refreshSeconds) }
    }

    /// The grant behind a bearer token, when it was issued here and has not expired.
    func grant(bearer: String?) -> Grant? {
        guard let bearer, let grant = access[bearer], grant.expires > Date() else { return nil }
        return grant
    }

    /// Issues a fresh pair for a redeemed code.
    mutating func issue(scopes: [String], account: String, prefix: String) -> Refreshed {
        let now = Date()
        let accessToken = FakePostingRequest.token(prefix + "act.")
        let refreshToken = FakePostingRequest.token(prefix + "rft.")
        let accessGrant = Grant(scopes: scopes, account: account, expires: now + accessSeconds)
        let refreshGrant = Grant(scopes: scopes, account: account, expires: now + refreshSeconds)
        access[accessToken] = accessGrant
        refresh[refreshToken] = refreshGrant
        return Refreshed(access: accessToken, accessGrant: accessGrant, refresh: refreshToken, refreshGrant: refreshGrant)
    }

    /// Uses a refresh token: nil when it is unknown, spent or expired. With `rotate`, the old
    /// refresh token dies and a new one comes back (TikTok); without, the same one stays (Google).
    mutating func use(refreshToken: String, rotate: Bool, prefix: String) -> Refreshed? {
        let now = Date()
        guard let grant = refresh[refreshToken], grant.expires > now else { return nil }
        let accessToken = FakePostingRequest.token(prefix + "act.")
        let accessGrant = Grant(scopes: grant.scopes, account: grant.account, expires: now + accessSeconds)
        access[accessToken] = accessGrant
        guard rotate else {
            return Refreshed(access: accessToken, accessGrant: accessGrant, refresh: refreshToken, refreshGrant: grant)
        }
        refresh[refreshToken] = nil
        let next = FakePostingRequest.token(prefix + "rft.")
        let nextGrant = Grant(scopes: grant.scopes, account: grant.account, expires: now + refreshSeconds)
        refresh[next] = nextGrant
        return Refreshed(access: accessToken, accessGrant: accessGrant, refresh: next, refreshGrant: nextGrant)
    }

    /// Remembers a code the authorize page handed out (valid 10 minutes, once).
    mutating func remember(challenge: String, redirect: String, clientId: String, scopes: [String]) -> String {
        let code = FakePostingRequest.token("code.", length: 24)
        codes[code] = PendingCode(challenge: challenge, redirect: redirect, clientId: clientId, scopes: scopes,
                                  expires: Date() + 600)
        return code
    }

    /// Redeems a code once: it must be known and unexpired, for the same client and redirect, and
    /// `challenge(verifier)` must give back the challenge the authorize page saw. Returns the scopes or why not.
    mutating func redeem(code: String, verifier: String, redirect: String, clientId: String,
                         challenge: (String) -> String) -> Result<[String], FakeOAuthRefusal> {
        guard let pending = codes.removeValue(forKey: code), pending.expires > Date() else {
            return .failure(.init(error: "invalid_grant", description: "Authorization code is expired or was already used."))
        }
        guard pending.clientId == clientId else {
            return .failure(.init(error: "invalid_grant", description: "The code was issued to another client."))
        }
        guard pending.redirect == redirect else {
            return .failure(.init(error: "invalid_grant", description: "redirect_uri does not match the authorization request."))
        }
        guard !verifier.isEmpty, challenge(verifier) == pending.challenge else {
            return .failure(.init(error: "invalid_request", description: "Code verifier or code challenge is invalid."))
        }
        return .success(pending.scopes)
    }

    mutating func reset() {
        access = [:]
        refresh = [:]
        codes = [:]
    }
}

/// An OAuth error as RFC 6749 §5.2 spells it (TikTok adds `log_id`).
struct FakeOAuthRefusal: Error, Sendable {
    var error: String
    var description: String
}
