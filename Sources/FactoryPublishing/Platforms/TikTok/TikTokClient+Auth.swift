import FactoryCore
import Foundation

/// TikTok's OAuth v2 for a desktop app: the authorize page with PKCE, the code exchange and the
/// refresh that rotates the refresh token (developers.tiktok.com/doc/login-kit-desktop,
/// …/doc/oauth-user-access-token-management, …/docs/en/oauth-refresh-a-user-access-token), and `doctor`'s check.
extension TikTokClient {
    /// Posting, and `video.list` for `factory stats` (tiktok-api-v2-video-query).
    static let scopes = ["video.upload", "video.publish", "video.list"]

    public func authorizationURL(redirect: URL, state: String, challenge: String) -> URL {
        let base = context.authorizeURL ?? URL(string: "https://www.tiktok.com") ?? context.baseURL
        return PostingEndpoint.url(base, "/v2/auth/authorize/", query: [
            ("client_key", context.app?.clientId ?? ""), ("scope", Self.scopes.joined(separator: ",")),
            ("response_type", "code"), ("redirect_uri", redirect.absoluteString), ("state", state),
            ("code_challenge", Self.hexChallenge(challenge)), ("code_challenge_method", "S256"),
        ])
    }

    /// TikTok's desktop Login Kit wants the hex of SHA-256(verifier), not RFC 7636's base64url
    /// ("You must use hex encoding of SHA256": login-kit-desktop). A base64url S256 challenge is
    /// the same 32 bytes, so it is turned into hex; anything else is passed as it is.
    static func hexChallenge(_ challenge: String) -> String {
        let hexDigits = CharacterSet(charactersIn: "0123456789abcdef")
        if challenge.count == 64, challenge.unicodeScalars.allSatisfy(hexDigits.contains) { return challenge }
        var base64 = challenge.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let bytes = Data(base64Encoded: base64), bytes.count == 32 else { return challenge }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }

    public func exchange(code: String, redirect: URL, verifier: String) async throws -> OAuthToken {
        let app = try credentials()
        return try await tokenCall([("client_key", app.clientId), ("client_secret", app.clientSecret), ("code", code),
                                    ("grant_type", "authorization_code"), ("redirect_uri", redirect.absoluteString),
                                    ("code_verifier", verifier)], previous: nil)
    }

    /// Trades the refresh token for a new access token and the NEW refresh token TikTok returns
    /// (the old one stops working); the keeper saves the answer before it is used.
    func refresh(_ old: OAuthToken) async throws -> OAuthToken {
        let app = try credentials()
        guard let refreshToken = old.refreshToken else {
            throw PublishError(.credentials, platform: platform, "no refresh token; run `factory auth tiktok`")
        }
        return try await tokenCall([("client_key", app.clientId), ("client_secret", app.clientSecret),
                                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken)], previous: old)
    }

    private func credentials() throws -> AppCredentials {
        guard let app = context.app, !app.clientId.isEmpty, !app.clientSecret.isEmpty else {
            throw PublishError(.credentials, platform: platform, "TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET are not set (docs/publishing.md)")
        }
        Secrets.register(app.clientSecret)
        return app
    }

    /// POSTs the form to /v2/oauth/token/ and reads `access_token, expires_in, refresh_token,
    /// refresh_expires_in, scope, open_id`; lifetimes are counted from now, never assumed.
    private func tokenCall(_ form: [(String, String)], previous: OAuthToken?) async throws -> OAuthToken {
        let url = PostingEndpoint.url(context.baseURL, "/v2/oauth/token/")
        let reply = try await http.send(.POST, url, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                        body: PlatformHTTP.form(form), platform: platform)
        if reply.status >= 500 {
            throw PublishError(.transient, platform: platform, "the token endpoint answered HTTP \(reply.status)")
        }
        guard reply.status == 200, let json = reply.json, let access = json["access_token"] as? String, !access.isEmpty else {
            let json = reply.json
            let error = json?["error"] as? String ?? "HTTP \(reply.status)"
            let description = json?["error_description"] as? String ?? reply.text
            throw PublishError(.credentials, platform: platform,
                               "the token endpoint refused (\(error): \(Secrets.redact(description))); run `factory auth tiktok`")
        }
        Secrets.register(access)
        let now = context.clock.now()
        var token = previous ?? OAuthToken(accessToken: access)
        token.accessToken = access
        if let rotated = json["refresh_token"] as? String, !rotated.isEmpty {
            Secrets.register(rotated)
            token.refreshToken = rotated
        }
        token.expiresAt = PostingEndpoint.expiry(json["expires_in"], from: now)
        if let refreshEnd = PostingEndpoint.expiry(json["refresh_expires_in"], from: now) { token.refreshExpiresAt = refreshEnd }
        if let scope = json["scope"] as? String {
            token.scopes = scope.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let openId = json["open_id"] as? String { token.account = openId }
        return token
    }

    public func check() async -> PlatformCheck {
        let token: OAuthToken
        do {
            token = try await context.tokens.token(refresh: { try await refresh($0) })
        } catch {
            return PlatformCheck(platform: platform, ok: false, detail: "\(error)", fix: "run `factory auth tiktok`")
        }
        var detail = token.expiresAt.map { "token valid until \(ISO8601DateFormatter().string(from: $0))" } ?? "token without a known end"
        let scopes = token.scopes
        detail += scopes.isEmpty ? ", scopes not known yet" : ", scopes \(scopes.joined(separator: ","))"
        if !scopes.isEmpty, !scopes.contains("video.upload"), !scopes.contains("video.publish") {
            return PlatformCheck(platform: platform, ok: false, detail: detail,
                                 fix: "run `factory auth tiktok` and grant video.upload (inbox) or video.publish (direct)")
        }
        guard scopes.isEmpty || scopes.contains("video.publish") else {
            return PlatformCheck(platform: platform, ok: true, detail: detail + " (inbox uploads only; direct posts need video.publish)")
        }
        do {
            switch try await creatorInfo() {
            case .ok(let data):
                let options = (data["privacy_level_options"] as? [String] ?? []).joined(separator: ", ")
                detail += "; creator @\(data["creator_username"] as? String ?? "?") offers \(options)"
                return PlatformCheck(platform: platform, ok: true, detail: detail)
            case .limited(let why):
                return PlatformCheck(platform: platform, ok: true, detail: detail + "; creator_info rate-limited (\(why))")
            case .refused(let code, let message):
                return PlatformCheck(platform: platform, ok: false, detail: detail + "; creator_info refused (\(code): \(message))",
                                     fix: "check the app's Content Posting API set-up (Direct Post enabled) and run `factory auth tiktok`")
            }
        } catch {
            return PlatformCheck(platform: platform, ok: false, detail: detail + "; \(error)", fix: "run `factory auth tiktok`")
        }
    }
}
