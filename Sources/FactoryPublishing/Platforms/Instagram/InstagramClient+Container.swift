import FactoryCore
import Foundation
import NIOHTTP1

/// A reel's container, from creation to PUBLISHED, and the way back in after a crash.
extension InstagramClient {
    /// A new post: the publishing limit, a container (its id saved before any byte), the video, then `settle`.
    func start(_ request: PostRequest, account: String, progress: any PostProgress) async throws -> PostOutcome {
        let quota = try await publishingLimit(account)
        if quota.isUsedUp, let total = quota.total {
            return .deferred(reason: "Instagram's publishing limit (\(total) per \(quota.window)) is used up")
        }
        // ig-user/media page: media_type=REELS, caption, share_to_feed, thumb_offset (ms); the
        // changelog: is_ai_generated=true for the AI info label; resumable-uploads page: upload_type=resumable.
        var form = [("media_type", "REELS"), ("caption", request.caption),
                    ("share_to_feed", request.instagram.shareToFeed ? "true" : "false"),
                    ("thumb_offset", String(max(0, request.coverMilliseconds)))]
        if request.aiDisclosure { form.append(("is_ai_generated", "true")) }
        let mode: String
        if let base = request.instagram.publicBaseURL {
            form.append(("video_url", Self.publicVideoURL(base, item: request.item)))
            mode = "video_url"
        } else {
            form.append(("upload_type", "resumable"))
            mode = "resumable"
        }
        let json: [String: Any]
        switch try await call(.POST, "\(account)/media", form: form) {
        case .ok(let answer): json = answer
        case .fault(let fault) where fault.isContainerLost: return .failed(reason: "Instagram could not create the container: \(fault.summary)")
        case .fault(let fault): throw fault.error("POST /media for \(request.item)")
        }
        guard let container = Self.text(json["id"]), !container.isEmpty else {
            throw PublishError(.transient, platform: platform, "POST /media for \(request.item) answered without a container id")
        }
        var details: PostDetails = [.container: container, .mode: mode]
        if let uri = json["uri"] as? String { details[.uploadURI] = uri }
        try await progress.save(remoteId: container, details: details, step: .started)
        if mode == "resumable", let refusal = try await upload(request, container: container, uri: details[.uploadURI]) {
            return .abandoned(reason: "the upload host refused container \(container)'s video (\(refusal))")
        }
        try await progress.save(remoteId: container, details: [:], step: .uploaded)
        return try await settle(request, container: container, account: account, progress: progress)
    }

    /// `<public_base_url>/<item>/video.mp4`, as `publish.instagram.public_base_url` promises.
    static func publicVideoURL(_ base: URL, item: String) -> String {
        var text = base.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        return text + (item.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? item) + "/video.mp4"
    }

    /// POST {upload host}/ig-api-upload/v24.0/{container} with `Authorization: OAuth`, `offset: 0`
    /// and `file_size` (resumable-uploads page for the host, path and header; offset/file_size and
    /// the versioned path from public code). The container's `uri` is used only on the upload host
    /// itself: the token never goes to another host. Returns why the host refused the bytes (the
    /// container cannot be completed: the caller closes it and makes a new one), nil once they are in.
    /// The page says an upload can be resumed but not how to learn the offset the host holds, so the
    /// whole file always goes from 0; a host holding part of it refuses that (2207053).
    func upload(_ request: PostRequest, container: String, uri: String?) async throws -> String? {
        let host = context.secondURL ?? URL(string: "https://rupload.facebook.com")
        guard let host else { throw PublishError(.input, platform: platform, "no Instagram upload host") }
        var target = host.appendingPathComponent("ig-api-upload").appendingPathComponent(Self.version).appendingPathComponent(container)
        if let uri, let given = URL(string: uri), given.scheme == host.scheme, given.host == host.host, given.port == host.port {
            target = given
        }
        let bytes: Data
        do { bytes = try Data(contentsOf: request.video) } catch {
            throw PublishError(.input, platform: platform, "cannot read \(request.video.path) for \(request.item): \(error)", underlying: error)
        }
        for attempt in 0..<2 {
            let token = try await currentToken()
            let headers = [("Authorization", "OAuth \(token.accessToken)"), ("offset", "0"), ("file_size", String(bytes.count)),
                           ("Content-Type", "application/octet-stream")]
            let reply = try await http.send(.POST, target, headers: headers, body: bytes, platform: platform, timeout: 3600)
            if (200..<300).contains(reply.status) { return nil }
            if reply.status == 401 || GraphFault(reply)?.code == 190 {
                if attempt == 0 { await context.tokens.invalidate(); continue }
                throw PublishError(.credentials, platform: platform, "the upload host refused the access token; run `factory auth instagram`")
            }
            if reply.status >= 500 || reply.status == 429 {
                throw PublishError(.transient, platform: platform,
                                   "uploading \(request.item) to container \(container) failed: HTTP \(reply.status) \(Secrets.redact(reply.text))")
            }
            if let fault = GraphFault(reply), fault.code != nil || fault.subcode != nil { return fault.summary }
            let debug = (reply.json?["debug_info"] as? [String: Any])?["message"] as? String
            return "HTTP \(reply.status): \(Secrets.redact(debug ?? reply.text))"
        }
        throw PublishError(.credentials, platform: platform, "the upload host refused the access token; run `factory auth instagram`")
    }

    /// Polls `status_code` every `pollEvery` for up to `processingWait` (ig-container page) and
    /// publishes once FINISHED.
    func settle(_ request: PostRequest, container: String, account: String, progress: any PostProgress) async throws -> PostOutcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: context.processingWait)
        while true {
            let status = try await containerStatus(container)
            switch status.code {
            case "FINISHED": return try await publish(request, container: container, account: account, progress: progress)
            case "PUBLISHED": return try await published(request, container: container, account: account)
            case "ERROR", "EXPIRED": return Self.lost(status, container: container)
            default:
                guard clock.now < deadline else {
                    return .processing("Instagram is still processing container \(container) (\(status.code))")
                }
                try await Task.sleep(for: context.pollEvery)
            }
        }
    }

    /// What an ERROR or EXPIRED container means: nothing lands from it, and the error-codes page's
    /// fix for a dead container (2207053, 2207020, EXPIRED after 24 h) is a new one. It is closed
    /// with Meta's reason and replaced at once.
    static func lost(_ status: (code: String, text: String), container: String) -> PostOutcome {
        if status.code == "EXPIRED" { return .abandoned(reason: "container \(container) expired unpublished (24 h)") }
        // ig-container page: on ERROR, `status` holds the error subcode.
        let known = ["2207053": "unknown upload error", "2207032": "create media failed", "2207020": "the media expired",
                     "2207003": "downloading the media took too long", "2207001": "Instagram server error"]
        let subcode = status.text.split(whereSeparator: { !$0.isNumber }).first.map(String.init) ?? ""
        let meaning = known[subcode].map { " (\($0))" } ?? ""
        return .abandoned(reason: "Instagram could not process container \(container): \(status.text.isEmpty ? "ERROR" : status.text)\(meaning)")
    }

    /// GET /{container}?fields=status_code,status (ig-container page).
    func containerStatus(_ container: String) async throws -> (code: String, text: String) {
        let json = try await graph(.GET, container, query: [("fields", "status_code,status")])
        guard let code = json["status_code"] as? String else {
            throw PublishError(.transient, platform: platform, "container \(container) answered without a status_code")
        }
        return (code, Self.text(json["status"]) ?? "")
    }
}
