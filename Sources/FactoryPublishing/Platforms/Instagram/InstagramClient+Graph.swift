import FactoryCore
import Foundation
import NIOHTTP1

/// Graph calls with the token in the `Authorization` header, Meta's error envelope, and the token's
/// refresh (the one call that must carry the token in its query, as the refresh page spells it).
extension InstagramClient {
    /// Graph's error envelope `{"error":{message,type,code,error_subcode,is_transient,error_user_msg,fbtrace_id}}`
    /// (error-codes page).
    struct GraphFault: Sendable {
        var status: Int
        var code: Int?
        var subcode: Int?
        var message: String
        var userMessage: String?
        var transient: Bool

        init?(_ reply: PlatformHTTP.Reply) {
            guard !(200..<300).contains(reply.status) else { return nil }
            let error = reply.json?["error"] as? [String: Any]
            status = reply.status
            code = InstagramClient.int(error?["code"])
            subcode = InstagramClient.int(error?["error_subcode"])
            message = Secrets.redact((error?["message"] as? String) ?? "HTTP \(reply.status): \(reply.text)")
            userMessage = (error?["error_user_msg"] as? String).map(Secrets.redact)
            transient = (error?["is_transient"] as? Bool) ?? false
        }

        /// OAuthException 190 (invalid or expired token) or a bare 401.
        var isAuth: Bool { code == 190 || status == 401 }
        /// Code 9, subcode 2207042: "You reached maximum number of posts…" (error-codes page).
        var isPublishingLimit: Bool { code == 9 || subcode == 2207042 }
        /// 2207020: the container expired (error-codes page: "Generate a new container ID").
        var isExpired: Bool { subcode == 2207020 }
        /// 2207032 create failed, 2207053 unknown upload error: this container will not land (error-codes page).
        var isContainerLost: Bool { subcode == 2207032 || subcode == 2207053 }

        var summary: String {
            var text = userMessage ?? message
            if userMessage != nil, userMessage != message { text += " (\(message))" }
            return text + " [code \(code.map(String.init) ?? "?")" + (subcode.map { ", subcode \($0)" } ?? "") + "]"
        }

        /// The module's error for a fault no step turns into an outcome.
        func error(_ doing: String) -> PublishError {
            // 2207001 server error and 2207003 download timeout: "Try again" (error-codes page);
            // codes 1/2 are Graph's unknown/service errors, 4/17/32/613 its call-rate limits.
            let retry = transient || status >= 500 || subcode == 2207001 || subcode == 2207003
                || [1, 2, 4, 17, 32, 613].contains(code ?? 0)
            if retry { return PublishError(.transient, platform: .instagram, "\(doing): \(summary)") }
            if code == 10 || (200..<300).contains(code ?? 0) {
                return PublishError(.credentials, platform: .instagram,
                                    "\(doing): \(summary); the token lacks a permission (instagram_business_content_publish); run `factory auth instagram`")
            }
            return PublishError(.refused, platform: .instagram, "\(doing): \(summary)")
        }
    }

    /// A Graph reply: its JSON, or the fault.
    enum GraphAnswer {
        case ok([String: Any])
        case fault(GraphFault)
    }

    /// The token to call with, refreshed first when due.
    func currentToken() async throws -> OAuthToken {
        try await context.tokens.token { old in try await refreshed(old) }
    }

    /// `{graph}/v24.0/{path}?{query}` (or unversioned, for the token endpoints).
    func graphURL(_ path: String, query: [(String, String)] = [], versioned: Bool = true) throws -> URL {
        var url = context.baseURL
        if versioned { url.appendPathComponent(Self.version) }
        url.appendPathComponent(path)
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw PublishError(.input, platform: platform, "INSTAGRAM_BASE_URL \(context.baseURL) is not a URL")
        }
        if !query.isEmpty { parts.percentEncodedQuery = String(decoding: PlatformHTTP.form(query), as: UTF8.self) }
        guard let built = parts.url else { throw PublishError(.input, platform: platform, "cannot build a URL under \(context.baseURL)") }
        return built
    }

    /// Calls Graph with `Authorization: Bearer`; on OAuthException 190 the token is invalidated and
    /// the call made once more with a refreshed one, then it is a credentials error.
    func call(_ method: HTTPMethod, _ path: String, query: [(String, String)] = [], form: [(String, String)]? = nil) async throws -> GraphAnswer {
        let url = try graphURL(path, query: query)
        for attempt in 0..<2 {
            let token = try await currentToken()
            var headers = [("Authorization", "Bearer \(token.accessToken)")]
            if form != nil { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
            let reply = try await http.send(method, url, headers: headers, body: form.map(PlatformHTTP.form), platform: platform)
            guard let fault = GraphFault(reply) else { return .ok(reply.json ?? [:]) }
            guard fault.isAuth else { return .fault(fault) }
            if attempt == 0 { await context.tokens.invalidate() }
        }
        throw PublishError(.credentials, platform: platform,
                           "Instagram refused the access token (OAuthException 190); run `factory auth instagram` or set a new INSTAGRAM_ACCESS_TOKEN")
    }

    /// `call`, with every fault thrown as the module's error.
    func graph(_ method: HTTPMethod, _ path: String, query: [(String, String)] = [], form: [(String, String)]? = nil) async throws -> [String: Any] {
        switch try await call(method, path, query: query, form: form) {
        case .ok(let json): return json
        case .fault(let fault): throw fault.error("\(method.rawValue) /\(path.split(separator: "/").last ?? "")")
        }
    }

    /// GET /refresh_access_token?grant_type=ig_refresh_token&access_token=… (refresh_access_token
    /// page): a long-lived token at least 24 hours old and unexpired becomes a new one; its life comes
    /// from `expires_in`. The URL carries the token, so it is never printed (PlatformHTTP.printable
    /// drops queries; this function names only the path). A refusal other than 190 (a token younger
    /// than 24 h) keeps the old token while it is still valid.
    func refreshed(_ old: OAuthToken) async throws -> OAuthToken {
        let url = try graphURL("refresh_access_token", query: [("grant_type", "ig_refresh_token"), ("access_token", old.accessToken)],
                               versioned: false)
        let reply = try await http.send(.GET, url, platform: platform)
        let now = context.clock.now()
        if let fault = GraphFault(reply) {
            if !fault.isAuth, let expiresAt = old.expiresAt, expiresAt > now { return old }
            if fault.isAuth || fault.code == 100 {
                throw PublishError(.credentials, platform: platform,
                                   "Instagram would not refresh the access token (\(fault.summary)); run `factory auth instagram` or set a new INSTAGRAM_ACCESS_TOKEN")
            }
            throw fault.error("GET /refresh_access_token")
        }
        guard let json = reply.json, let access = json["access_token"] as? String, !access.isEmpty else {
            throw PublishError(.transient, platform: platform, "GET /refresh_access_token answered without a token: HTTP \(reply.status)")
        }
        Secrets.register(access)
        var token = old
        token.accessToken = access
        token.expiresAt = Self.int(json["expires_in"]).map { now.addingTimeInterval(TimeInterval($0)) }
        return token
    }
}
