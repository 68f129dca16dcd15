import FactoryCore
import Foundation
import NIOHTTP1

/// TikTok's JSON calls with their error envelope `error {code, message, log_id}`
/// (developers.tiktok.com/doc/tiktok-api-v2-error-handling), status polling and the chunk PUTs.
extension TikTokClient {
    /// What a TikTok call came to, short of a thrown credentials or transient error.
    enum Answer {
        case ok([String: Any])
        /// A rate limit (HTTP 429, `rate_limit_exceeded`).
        case limited(String)
        case refused(code: String, message: String)
    }

    /// status/fetch's data.
    struct Status {
        var word: String
        var failReason: String?
        var postIds: [String]
        var uploadedBytes: Int64
    }

    enum StatusAnswer {
        case status(Status)
        case limited
    }

    /// POSTs JSON to `path` with the bearer token; on a 401 the token is refreshed and the call made
    /// once more. A second 401, or `access_token_invalid`/`scope_not_authorized`, is a credentials
    /// error; a 5xx or a dropped connection is transient.
    func api(_ path: String, query: [(String, String)] = [], body: [String: Any]) async throws -> Answer {
        let payload = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        let url = PostingEndpoint.url(context.baseURL, path, query: query)
        for attempt in 0..<2 {
            let token = try await context.tokens.token(refresh: { try await refresh($0) })
            let reply = try await http.send(.POST, url, headers: [("Authorization", "Bearer " + token.accessToken),
                                                                  ("Content-Type", "application/json; charset=UTF-8")],
                                            body: payload, platform: platform)
            let error = reply.json?["error"] as? [String: Any]
            let code = error?["code"] as? String ?? (reply.status == 200 ? "ok" : "http_\(reply.status)")
            let message = error?["message"] as? String ?? reply.text
            if reply.status == 401 || code == "access_token_invalid" || code == "scope_not_authorized" {
                if attempt == 0, code != "scope_not_authorized" {
                    await context.tokens.invalidate()
                    continue
                }
                let fix = code == "scope_not_authorized"
                    ? "the token lacks the scope \(path.contains("inbox") ? "video.upload" : "video.publish"); run `factory auth tiktok`"
                    : "run `factory auth tiktok`"
                throw PublishError(.credentials, platform: platform, "\(path) refused the token (\(code): \(message)); \(fix)")
            }
            if reply.status >= 500 {
                throw PublishError(.transient, platform: platform, "\(path) answered HTTP \(reply.status) (\(code): \(message))")
            }
            if reply.status == 429 || code == "rate_limit_exceeded" { return .limited("\(code): \(message)") }
            guard reply.status == 200, code == "ok" else { return .refused(code: code, message: Secrets.redact(message)) }
            return .ok(reply.json?["data"] as? [String: Any] ?? [:])
        }
        throw PublishError(.credentials, platform: platform, "\(path) refused the token twice; run `factory auth tiktok`")
    }

    func creatorInfo() async throws -> Answer {
        try await api("/v2/post/publish/creator_info/query/", body: [:])
    }

    func fetchStatus(_ publishId: String) async throws -> StatusAnswer {
        switch try await api("/v2/post/publish/status/fetch/", body: ["publish_id": publishId]) {
        case .limited: return .limited
        case .refused(let code, let message):
            throw PublishError(.refused, platform: platform,
                               "status/fetch refused publish_id \(publishId) (\(code): \(message))")
        case .ok(let data):
            let ids = (data["publicaly_available_post_id"] as? [Any] ?? []).compactMap { value -> String? in
                if let text = value as? String { return text }
                return PostingEndpoint.number(value).map(String.init)
            }
            return .status(Status(word: data["status"] as? String ?? "", failReason: data["fail_reason"] as? String,
                                  postIds: ids, uploadedBytes: PostingEndpoint.number(data["uploaded_bytes"]) ?? 0))
        }
    }

    /// The outcome a status gives, or nil while TikTok is still processing.
    func outcome(_ status: Status, publishId: String, username: String?) -> PostOutcome? {
        switch status.word {
        case "PUBLISH_COMPLETE":
            guard let postId = status.postIds.first else { return .posted(remoteId: publishId, url: nil) }
            return .posted(remoteId: postId, url: "https://www.tiktok.com/@\(username ?? "")/video/\(postId)")
        case "SEND_TO_USER_INBOX":
            return .posted(remoteId: publishId, url: nil)
        case "FAILED":
            return .failed(reason: "TikTok failed the post: \(status.failReason ?? "no reason given")")
        default:
            return nil
        }
    }

    /// Asks status/fetch every `pollEvery` until a final status or `processingWait` has passed.
    func poll(_ publishId: String, username: String?) async throws -> PostOutcome {
        let deadline = ContinuousClock.now + context.processingWait
        var last = "not asked yet"
        while true {
            if case .status(let status) = try await fetchStatus(publishId) {
                if let outcome = outcome(status, publishId: publishId, username: username) { return outcome }
                last = status.word
            } else {
                last = "rate-limited"
            }
            guard ContinuousClock.now + context.pollEvery <= deadline else {
                return .processing("TikTok is still processing publish_id \(publishId) (\(last))")
            }
            try await Task.sleep(for: context.pollEvery)
        }
    }

    /// PUTs chunks `from`… of the file to the upload URL, in order, as the media transfer guide
    /// spells them. Returns why TikTok refused a chunk (4xx: nothing will land from this upload URL);
    /// throws transient on a 5xx or a dropped connection.
    func send(_ video: URL, plan: TikTokChunkPlan, from start: Int64, to uploadURL: String) async throws -> String? {
        guard let url = URL(string: uploadURL) else { return "the saved upload URL is not a URL" }
        for index in start..<plan.count {
            let range = plan.range(index)
            let bytes = try PostingEndpoint.bytes(of: video, first: range.first, last: range.last, platform: platform)
            // The upload URL carries its own upload token; no bearer token goes with the bytes.
            let reply = try await http.send(.PUT, url, headers: [("Content-Type", "video/mp4"),
                                                                 ("Content-Range", "bytes \(range.first)-\(range.last)/\(plan.size)")],
                                            body: bytes, platform: platform)
            if reply.status >= 500 {
                throw PublishError(.transient, platform: platform,
                                   "chunk \(index + 1)/\(plan.count) answered HTTP \(reply.status)")
            }
            guard (200..<300).contains(reply.status) else {
                let error = reply.json?["error"] as? [String: Any]
                return "HTTP \(reply.status) \(error?["code"] as? String ?? ""): \(error?["message"] as? String ?? reply.text)"
            }
        }
        return nil
    }
}
