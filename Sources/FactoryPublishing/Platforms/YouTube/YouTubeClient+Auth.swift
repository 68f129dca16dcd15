import FactoryCore
import Foundation

/// Google's OAuth 2.0 for desktop apps (developers.google.com/identity/protocols/oauth2/native-app):
/// consent with PKCE, offline access and a forced consent screen (so a refresh token comes back),
/// the code exchange and the refresh at `/token`, and `doctor`'s check (channels.list mine=true).
extension YouTubeClient {
    static let scopes = ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"]

    public func authorizationURL(redirect: URL, state: String, challenge: String) -> URL {
        let base = context.authorizeURL ?? URL(string: "https://accounts.google.com") ?? context.baseURL
        return PostingEndpoint.url(base, "/o/oauth2/v2/auth", query: [
            ("client_id", context.app?.clientId ?? ""), ("redirect_uri", redirect.absoluteString), ("response_type", "code"),
            ("scope", Self.scopes.joined(separator: " ")), ("access_type", "offline"), ("prompt", "consent"),
            ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ])
    }

    public func exchange(code: String, redirect: URL, verifier: String) async throws -> OAuthToken {
        let app = try credentials()
        return try await tokenCall([("code", code), ("client_id", app.clientId), ("client_secret", app.clientSecret),
                                    ("redirect_uri", redirect.absoluteString), ("grant_type", "authorization_code"),
                                    ("code_verifier", verifier)], previous: nil)
    }

    /// A new access token for the refresh token; Google usually sends no new refresh token, so the old one is kept.
    func refresh(_ old: OAuthToken) async throws -> OAuthToken {
        let app = try credentials()
        guard let refreshToken = old.refreshToken else {
            throw PublishError(.credentials, platform: platform, "no refresh token; run `factory auth youtube`")
        }
        return try await tokenCall([("client_id", app.clientId), ("client_secret", app.clientSecret),
                                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken)], previous: old)
    }

    private func credentials() throws -> AppCredentials {
        guard let app = context.app, !app.clientId.isEmpty, !app.clientSecret.isEmpty else {
            throw PublishError(.credentials, platform: platform, "YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET are not set (docs/publishing.md)")
        }
        Secrets.register(app.clientSecret)
        return app
    }

    private func tokenCall(_ form: [(String, String)], previous: OAuthToken?) async throws -> OAuthToken {
        let host = context.secondURL ?? URL(string: "https://oauth2.googleapis.com") ?? context.baseURL
        let reply = try await http.send(.POST, PostingEndpoint.url(host, "/token"),
                                        headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                        body: PlatformHTTP.form(form), platform: platform)
        if reply.status >= 500 {
            throw PublishError(.transient, platform: platform, "Google's token endpoint answered HTTP \(reply.status)")
        }
        guard reply.status == 200, let json = reply.json, let access = json["access_token"] as? String, !access.isEmpty else {
            let error = reply.json?["error"] as? String ?? "HTTP \(reply.status)"
            let description = reply.json?["error_description"] as? String ?? reply.text
            throw PublishError(.credentials, platform: platform,
                               "Google's token endpoint refused (\(error): \(Secrets.redact(description))); run `factory auth youtube`")
        }
        Secrets.register(access)
        let now = context.clock.now()
        var token = previous ?? OAuthToken(accessToken: access)
        token.accessToken = access
        if let fresh = json["refresh_token"] as? String, !fresh.isEmpty {
            Secrets.register(fresh)
            token.refreshToken = fresh
        }
        token.expiresAt = PostingEndpoint.expiry(json["expires_in"], from: now)
        if let refreshEnd = PostingEndpoint.expiry(json["refresh_token_expires_in"], from: now) { token.refreshExpiresAt = refreshEnd }
        if let scope = json["scope"] as? String { token.scopes = scope.split(separator: " ").map(String.init) }
        return token
    }

    public func check() async -> PlatformCheck {
        let token: OAuthToken
        do {
            token = try await context.tokens.token(refresh: { try await refresh($0) })
        } catch {
            return PlatformCheck(platform: platform, ok: false, detail: "\(error)", fix: "run `factory auth youtube`")
        }
        var detail = token.expiresAt.map { "token valid until \(ISO8601DateFormatter().string(from: $0))" } ?? "token without a known end"
        let short = token.scopes.map { $0.replacingOccurrences(of: "https://www.googleapis.com/auth/", with: "") }
        if !short.isEmpty {
            detail += ", scopes \(short.joined(separator: ","))"
            guard short.contains(where: ["youtube.upload", "youtube", "youtube.force-ssl", "youtubepartner"].contains) else {
                return PlatformCheck(platform: platform, ok: false, detail: detail, fix: "run `factory auth youtube` and grant youtube.upload")
            }
        }
        do {
            let url = PostingEndpoint.url(context.baseURL, "/youtube/v3/channels", query: [("part", "id"), ("mine", "true")])
            let reply = try await call(.GET, url, headers: [], body: nil)
            guard reply.status == 200, let channel = (reply.json?["items"] as? [[String: Any]])?.first?["id"] as? String else {
                return PlatformCheck(platform: platform, ok: false, detail: detail + "; channels.list: \(GoogleError(reply))",
                                     fix: "create a YouTube channel for this Google account, or run `factory auth youtube` with the right account")
            }
            return PlatformCheck(platform: platform, ok: true, detail: detail + "; channel \(channel)")
        } catch {
            return PlatformCheck(platform: platform, ok: false, detail: detail + "; \(error)", fix: "run `factory auth youtube`")
        }
    }
}
