import Foundation
import Hummingbird

/// TikTok's OAuth v2: the desktop authorize page (auto-consenting) and the token endpoint.
extension FakeTikTok {
    /// `GET /v2/auth/authorize/`: checks the request as developers.tiktok.com/doc/login-kit-desktop
    /// describes it (client_key, scope, response_type=code, redirect_uri, state, code_challenge with
    /// method S256, the challenge being the hex of SHA-256) and, the creator consenting at once,
    /// redirects to `redirect_uri?code=…&scopes=…&state=…`.
    func authorize(_ call: FakePostingRequest) -> Response {
        let q = call.query
        guard q["client_key"] == config.clientKey else {
            return Self.oauthFailure(400, .init(error: "invalid_client", description: "client_key is unknown."))
        }
        guard q["response_type"] == "code" else {
            return Self.oauthFailure(400, .init(error: "unsupported_response_type", description: "response_type must be code."))
        }
        guard let redirect = q["redirect_uri"], URL(string: redirect)?.scheme != nil else {
            return Self.oauthFailure(400, .init(error: "invalid_request", description: "redirect_uri is missing or invalid."))
        }
        guard let challenge = q["code_challenge"], !challenge.isEmpty, q["code_challenge_method"] == "S256" else {
            return Self.oauthFailure(400, .init(error: "invalid_request", description: "code_challenge with code_challenge_method=S256 is required for desktop apps."))
        }
        let requested = (q["scope"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let granted = requested.filter(config.scopes.contains)
        guard !granted.isEmpty else {
            return Self.oauthFailure(400, .init(error: "invalid_scope", description: "scope is missing or not granted."))
        }
        let code = book.remember(challenge: challenge, redirect: redirect, clientId: config.clientKey, scopes: granted)
        var target = URLComponents(string: redirect)
        var items = target?.queryItems ?? []
        items.append(URLQueryItem(name: "code", value: code))
        items.append(URLQueryItem(name: "scopes", value: granted.joined(separator: ",")))
        if let state = q["state"] { items.append(URLQueryItem(name: "state", value: state)) }
        target?.queryItems = items
        return FakePostingRequest.reply(302, headers: [("Location", target?.string ?? redirect)])
    }

    /// `POST /v2/oauth/token/` (form-encoded): `authorization_code` with the PKCE verifier, or
    /// `refresh_token`, which rotates — the old refresh token is refused afterwards
    /// (developers.tiktok.com/doc/oauth-user-access-token-management; …/docs/en/oauth-refresh-a-user-access-token).
    /// Errors in the OAuth shape `{error, error_description, log_id}` (developers.tiktok.com/doc/oauth-error-handling).
    func token(_ call: FakePostingRequest) -> Response {
        guard call.headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            return Self.oauthFailure(400, .init(error: "invalid_request", description: "Content-Type must be application/x-www-form-urlencoded."))
        }
        let form = call.form
        guard form["client_key"] == config.clientKey, form["client_secret"] == config.clientSecret else {
            return Self.oauthFailure(401, .init(error: "invalid_client", description: "Client key or secret is invalid."))
        }
        switch form["grant_type"] {
        case "authorization_code":
            let redeemed = book.redeem(code: form["code"] ?? "", verifier: form["code_verifier"] ?? "",
                                       redirect: form["redirect_uri"] ?? "", clientId: config.clientKey,
                                       challenge: FakePostingRequest.hexChallenge)
            switch redeemed {
            case .failure(let refusal): return Self.oauthFailure(400, refusal)
            case .success(let scopes): return tokenReply(book.issue(scopes: scopes, account: config.openId, prefix: ""))
            }
        case "refresh_token":
            guard let fresh = book.use(refreshToken: form["refresh_token"] ?? "", rotate: true, prefix: "") else {
                return Self.oauthFailure(400, .init(error: "invalid_grant", description: "Refresh token is invalid or expired."))
            }
            return tokenReply(fresh)
        default:
            return Self.oauthFailure(400, .init(error: "unsupported_grant_type", description: "grant_type is not supported."))
        }
    }

    private func tokenReply(_ fresh: FakeOAuthBook.Refreshed) -> Response {
        let now = Date()
        return FakePostingRequest.reply(200, json: [
            "access_token": .string(fresh.access),
            "expires_in": .int(Int64(fresh.accessGrant.expires.timeIntervalSince(now).rounded())),
            "open_id": .string(fresh.accessGrant.account),
            "refresh_token": .string(fresh.refresh),
            "refresh_expires_in": .int(Int64(fresh.refreshGrant.expires.timeIntervalSince(now).rounded())),
            "scope": .string(fresh.accessGrant.scopes.joined(separator: ",")),
            "token_type": "Bearer",
        ])
    }

    static func oauthFailure(_ status: Int, _ refusal: FakeOAuthRefusal) -> Response {
        FakePostingRequest.reply(status, json: ["error": .string(refusal.error), "error_description": .string(refusal.description),
                                                "log_id": .string(logId())])
    }
}
