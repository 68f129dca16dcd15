import FactoryCore
import Foundation
import NIOHTTP1

/// Google calls with the bearer token (refreshed once on a 401), Google's error envelope, and the
/// `videos.list` polling (developers.google.com/youtube/v3/docs/errors; the discovery document for
/// `status.uploadStatus` and `processingDetails.processingStatus`).
extension YouTubeClient {
    /// Sends with `Authorization: Bearer`; a 401 invalidates the token and tries once more; a second
    /// 401 is a credentials error, a 5xx or a dropped connection transient. Any other reply is returned.
    func call(_ method: HTTPMethod, _ url: URL, headers: [(String, String)], body: Data?) async throws -> PlatformHTTP.Reply {
        for attempt in 0..<2 {
            let token = try await context.tokens.token(refresh: { try await refresh($0) })
            let reply = try await http.send(method, url, headers: [("Authorization", "Bearer " + token.accessToken)] + headers,
                                            body: body, platform: platform)
            if reply.status == 401 {
                if attempt == 0 {
                    await context.tokens.invalidate()
                    continue
                }
                throw PublishError(.credentials, platform: platform,
                                   "\(PlatformHTTP.printable(url)) refused the token (\(GoogleError(reply))); run `factory auth youtube`")
            }
            if reply.status >= 500 {
                throw PublishError(.transient, platform: platform,
                                   "\(method.rawValue) \(PlatformHTTP.printable(url)) answered HTTP \(reply.status) (\(GoogleError(reply)))")
            }
            let error = GoogleError(reply)
            if reply.status == 403, ["insufficientPermissions", "forbidden"].contains(error.reason) {
                throw PublishError(.credentials, platform: platform, "\(error); run `factory auth youtube` and grant the upload scope")
            }
            return reply
        }
        throw PublishError(.credentials, platform: platform, "the token was refused twice; run `factory auth youtube`")
    }

    /// Asks videos.list every `pollEvery` until the video is processed, failed or rejected, or until
    /// `processingWait` has passed.
    func poll(_ video: String) async throws -> PostOutcome {
        let url = PostingEndpoint.url(context.baseURL, "/youtube/v3/videos", query: [("id", video), ("part", "status,processingDetails")])
        let deadline = ContinuousClock.now + context.processingWait
        var last = "not asked yet"
        while true {
            let reply = try await call(.GET, url, headers: [], body: nil)
            if reply.status == 200 {
                let item = (reply.json?["items"] as? [[String: Any]])?.first
                let status = item?["status"] as? [String: Any]
                let details = item?["processingDetails"] as? [String: Any]
                if let outcome = Self.outcome(video, status: status, details: details) { return outcome }
                last = item == nil ? "not listed yet"
                    : "\(status?["uploadStatus"] as? String ?? "?")/\(details?["processingStatus"] as? String ?? "?")"
            } else {
                last = "videos.list: \(GoogleError(reply))"
            }
            guard ContinuousClock.now + context.pollEvery <= deadline else {
                return .processing("YouTube is still processing video \(video) (\(last))")
            }
            try await Task.sleep(for: context.pollEvery)
        }
    }

    static func outcome(_ video: String, status: [String: Any]?, details: [String: Any]?) -> PostOutcome? {
        let upload = status?["uploadStatus"] as? String
        let processing = details?["processingStatus"] as? String
        switch upload {
        case "failed": return .failed(reason: "YouTube failed the upload: \(status?["failureReason"] as? String ?? "no reason given")")
        case "rejected": return .failed(reason: "YouTube rejected the video: \(status?["rejectionReason"] as? String ?? "no reason given")")
        case "deleted": return .failed(reason: "the video was deleted on YouTube")
        default: break
        }
        if processing == "failed" || processing == "terminated" {
            return .failed(reason: "YouTube's processing \(processing ?? ""): \(details?["processingFailureReason"] as? String ?? "no reason given")")
        }
        if upload == "processed" || processing == "succeeded" {
            return .posted(remoteId: video, url: "https://www.youtube.com/shorts/\(video)")
        }
        return nil
    }
}

/// Google's error envelope `{error {code, message, errors [{domain, reason, message}]}}`, read from a reply.
struct GoogleError: CustomStringConvertible {
    var status: Int
    var reason: String
    var message: String

    init(_ reply: PlatformHTTP.Reply) {
        status = reply.status
        let error = reply.json?["error"] as? [String: Any]
        let first = (error?["errors"] as? [[String: Any]])?.first
        reason = first?["reason"] as? String ?? (reply.json?["error"] as? String) ?? "HTTP \(reply.status)"
        message = Secrets.redact(error?["message"] as? String ?? first?["message"] as? String ?? reply.text)
    }

    var description: String { "\(status) \(reason): \(message)" }

    /// The reason as a cap to wait out (nothing was created), or nil for any other refusal.
    var cap: String? {
        switch reason {
        case "quotaExceeded":
            return "YouTube's daily videos.insert quota is used up (403 quotaExceeded); it resets at midnight Pacific"
        case "uploadLimitExceeded":
            return "the channel reached YouTube's 24-hour upload cap (400 uploadLimitExceeded); try again in 24 hours"
        case "rateLimitExceeded", "userRateLimitExceeded":
            return "YouTube is rate-limiting the project (\(status) \(reason)); try again shortly"
        default:
            return nil
        }
    }
}
