import Foundation
import Hummingbird

/// Google's OAuth 2.0 for desktop apps (developers.google.com/identity/protocols/oauth2/native-app):
/// the consent page, auto-consenting, and the token endpoint.
extension FakeYouTube {
    /// `GET /o/oauth2/v2/auth`: client_id, redirect_uri, response_type=code, scope (space-separated),
    /// code_challenge with S256 (base64url of SHA-256, RFC 7636), state; redirects with code, scope and state.
    func authorize(_ call: FakePostingRequest) -> Response {
        let q = call.query
        guard q["client_id"] == config.clientId else {
            return Self.oauthFailure(400, .init(error: "invalid_client", description: "The OAuth client was not found."))
        }
        guard q["response_type"] == "code" else {
            return Self.oauthFailure(400, .init(error: "unsupported_response_type", description: "response_type must be code."))
        }
        guard let redirect = q["redirect_uri"], URL(string: redirect)?.scheme != nil else {
            return Self.oauthFailure(400, .init(error: "invalid_request", description: "Missing required parameter: redirect_uri"))
        }
        guard let challenge = q["code_challenge"], !challenge.isEmpty, q["code_challenge_method"] == "S256" else {
            return Self.oauthFailure(400, .init(error: "invalid_request", description: "code_challenge with code_challenge_method=S256 is required."))
        }
        let requested = (q["scope"] ?? "").split(separator: " ").map(String.init)
        let granted = requested.filter(config.scopes.contains)
        guard !granted.isEmpty else {
            return Self.oauthFailure(400, .init(error: "invalid_scope", description: "Some requested scopes were invalid."))
        }
        let code = book.remember(challenge: challenge, redirect: redirect, clientId: config.clientId, scopes: granted)
        var target = URLComponents(string: redirect)
        var items = target?.queryItems ?? []
        if let state = q["state"] { items.append(URLQueryItem(name: "state", value: state)) }
        items.append(URLQueryItem(name: "code", value: code))
        items.append(URLQueryItem(name: "scope", value: granted.joined(separator: " ")))
        target?.queryItems = items
        return FakePostingRequest.reply(302, headers: [("Location", target?.string ?? redirect)])
    }

    /// `POST /token` (form-encoded): `authorization_code` with the PKCE verifier gives an access token
    /// (expires_in 3599) and a refresh token; `refresh_token` gives a new access token and no new
    /// refresh token (Google keeps the old one). Errors `{error, error_description}`: invalid_grant 400,
    /// invalid_client 401.
    func token(_ call: FakePostingRequest) -> Response {
        let form = call.form
        guard form["client_id"] == config.clientId, form["client_secret"] == config.clientSecret else {
            return Self.oauthFailure(401, .init(error: "invalid_client", description: "Unauthorized"))
        }
        switch form["grant_type"] {
        case "authorization_code":
            let redeemed = book.redeem(code: form["code"] ?? "", verifier: form["code_verifier"] ?? "",
                                       redirect: form["redirect_uri"] ?? "", clientId: config.clientId,
                                       challenge: FakePostingRequest.base64URLChallenge)
            switch redeemed {
            case .failure(let refusal): return Self.oauthFailure(400, refusal)
            case .success(let scopes):
                let fresh = book.issue(scopes: scopes, account: config.channelId, prefix: "ya29.")
                return tokenReply(fresh, includeRefresh: true)
            }
        case "refresh_token":
            guard let fresh = book.use(refreshToken: form["refresh_token"] ?? "", rotate: false, prefix: "ya29.") else {
                return Self.oauthFailure(400, .init(error: "invalid_grant", description: "Token has been expired or revoked."))
            }
            return tokenReply(fresh, includeRefresh: false)
        default:
            return Self.oauthFailure(400, .init(error: "unsupported_grant_type", description: "Invalid grant_type: \(form["grant_type"] ?? "")"))
        }
    }

    private func tokenReply(_ fresh: FakeOAuthBook.Refreshed, includeRefresh: Bool) -> Response {
        var body: [String: FakeJSON] = [
            "access_token": .string(fresh.access),
            "expires_in": .int(Int64(fresh.accessGrant.expires.timeIntervalSince(Date()).rounded())),
            "scope": .string(fresh.accessGrant.scopes.joined(separator: " ")),
            "token_type": "Bearer",
        ]
        if includeRefresh { body["refresh_token"] = .string(fresh.refresh) }
        return FakePostingRequest.reply(200, json: .object(body))
    }

    static func oauthFailure(_ status: Int, _ refusal: FakeOAuthRefusal) -> Response {
        FakePostingRequest.reply(status, json: ["error": .string(refusal.error), "error_description": .string(refusal.description)])
    }
}
