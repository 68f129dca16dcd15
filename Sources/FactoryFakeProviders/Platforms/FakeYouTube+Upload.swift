import Foundation
import Hummingbird

/// `videos.insert` by the resumable upload protocol
/// (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol).
extension FakeYouTube {
    static let quantum = 256 << 10

    /// Step 1: `POST /upload/youtube/v3/videos?uploadType=resumable&part=…` with the video resource,
    /// `X-Upload-Content-Length` and `X-Upload-Content-Type`; the session URI comes back in `Location`.
    /// The resource is checked against videos.insert's rules (title 1–100 characters without < or >,
    /// publishAt only with private: the discovery document and the videos page).
    func insert(_ call: FakePostingRequest) -> Response {
        if case .failure(let refusal) = authorized(call, scopes: Self.uploadScopes) { return refusal.response }
        guard call.query["uploadType"] == "resumable" else {
            return Self.failure(400, reason: "invalidParameter", domain: "global", "uploadType must be resumable here.")
        }
        guard let part = call.query["part"], !part.isEmpty else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: part")
        }
        guard let total = call.headers["x-upload-content-length"].flatMap(Int.init), total > 0 else {
            return Self.failure(400, reason: "badRequest", domain: "global", "X-Upload-Content-Length is required: the size of the file to upload.")
        }
        let type = call.headers["x-upload-content-type"] ?? "application/octet-stream"
        guard type.hasPrefix("video/") || type == "application/octet-stream" else {
            return Self.failure(400, reason: "badRequest", domain: "global", "X-Upload-Content-Type must be video/* or application/octet-stream.")
        }
        guard let video = call.json, let snippet = video["snippet"], let status = video["status"] else {
            return Self.failure(400, reason: "invalidVideoMetadata", domain: "youtube.video", "The request body must be a video resource with snippet and status.")
        }
        let parts = Set(part.split(separator: ",").map(String.init))
        guard parts.contains("snippet"), parts.contains("status") else {
            return Self.failure(400, reason: "unexpectedPart", domain: "youtube.part", "part must name snippet and status, the parts the resource sets.")
        }
        if let problem = Self.metadataProblem(snippet: snippet, status: status) {
            return Self.failure(400, reason: problem.reason, domain: "youtube.video", problem.message)
        }
        let day = Self.pacificDay(Date())
        guard (inserts[day] ?? 0) < config.insertsPerDay else {
            return Self.failure(403, reason: "quotaExceeded", domain: "youtube.quota",
                                "The request cannot be completed because you have exceeded your quota.")
        }
        let recent = videos.filter { $0.videoId != nil && Date().timeIntervalSince($0.uploadedAt ?? .distantPast) < 86_400 }.count
        if config.channelUploadsPerDay > 0, recent >= config.channelUploadsPerDay {
            return Self.failure(400, reason: "uploadLimitExceeded", domain: "youtube.video", "The user has exceeded the number of videos they may upload.")
        }
        inserts[day, default: 0] += 1
        let uploadId = FakePostingRequest.token("AGfake", length: 40)
        videos.append(FakeYouTubeVideo(uploadId: uploadId, sessionExpires: Date() + config.sessionSeconds, total: total,
                                       contentType: type, snippet: snippet, status: status))
        let location = call.origin + "/youtube/upload/youtube/v3/videos?uploadType=resumable&part=\(part)&upload_id=\(uploadId)"
        return FakePostingRequest.reply(200, headers: [("Location", location), ("X-GUploader-UploadID", uploadId)])
    }

    /// Steps 2 and 3: `PUT <session URI>` with bytes (whole, or chunks with `Content-Range`, each but
    /// the last a multiple of 256 KiB), or with `Content-Range: bytes */TOTAL` and no body to ask how far
    /// it got: 308 with `Range: bytes=0-N` (none when nothing arrived), or the resource once complete.
    /// An unknown or expired session is 404: start again.
    func upload(_ call: FakePostingRequest) -> Response {
        if case .failure(let refusal) = authorized(call, scopes: Self.uploadScopes) { return refusal.response }
        guard let index = videos.firstIndex(where: { $0.uploadId == call.query["upload_id"] }),
              videos[index].sessionExpires > Date() else {
            return Self.failure(404, reason: "notFound", domain: "global", "The upload session does not exist or has expired; start a new one.")
        }
        let video = videos[index]
        let range = call.contentRange
        if let range, range.total != video.total {
            return Self.failure(400, reason: "badRequest", domain: "global", "Content-Range total \(range.total) is not X-Upload-Content-Length \(video.total).")
        }
        if let range, range.first == nil {
            guard call.body.isEmpty else {
                return Self.failure(400, reason: "badRequest", domain: "global", "A status query (bytes */TOTAL) has no body.")
            }
            return video.videoId != nil ? complete(index) : incomplete(video.received)
        }
        // Bytes for a finished session: the guide has the client query first; the fake refuses them
        // (the guide does not say what Google answers; refusing is the strict reading).
        guard video.videoId == nil else {
            return Self.failure(400, reason: "badRequest", domain: "global", "The upload is complete. Query with bytes */\(video.total).")
        }
        let first = range?.first ?? 0
        let last = range?.last ?? (video.total - 1)
        guard first == video.received else {
            return Self.failure(400, reason: "badRequest", domain: "global", "The chunk starts at byte \(first); the session has \(video.received). Query with bytes */\(video.total).")
        }
        // A body cut short by a dying client: the session keeps what arrived, in whole 256 KiB
        // units, and a status query reports it (the guide's "resume an interrupted upload").
        guard call.complete else {
            let kept = min(call.body.count, last - first + 1) / Self.quantum * Self.quantum
            videos[index].received = first + kept
            return incomplete(first + kept)
        }
        guard call.body.count == last - first + 1 else {
            return Self.failure(400, reason: "badRequest", domain: "global", "The body has \(call.body.count) bytes; Content-Range says \(last - first + 1).")
        }
        guard last + 1 == video.total || call.body.count % Self.quantum == 0 else {
            return Self.failure(400, reason: "badRequest", domain: "global", "Every chunk but the last must be a multiple of 256 KiB.")
        }
        if config.failUploadAtBytes > 0, !uploadFaultUsed, last + 1 > config.failUploadAtBytes {
            uploadFaultUsed = true
            videos[index].received = max(video.received, config.failUploadAtBytes / Self.quantum * Self.quantum)
            return Self.failure(503, reason: "backendError", domain: "global", "injected fault: the connection was interrupted.")
        }
        videos[index].received = last + 1
        guard last + 1 == video.total else { return incomplete(last + 1) }
        videos[index].videoId = FakePostingRequest.token("", length: 11)
        videos[index].uploadedAt = Date()
        if failsLeft > 0 {
            failsLeft -= 1
            videos[index].failReason = config.failReason
        }
        return complete(index)
    }

    private func incomplete(_ received: Int) -> Response {
        FakePostingRequest.reply(308, headers: received > 0 ? [("Range", "bytes=0-\(received - 1)")] : [])
    }

    private func complete(_ index: Int) -> Response {
        FakePostingRequest.reply(201, json: videos[index].resource(at: Date(), processingSeconds: config.processingSeconds,
                                                                   parts: ["snippet", "status"]))
    }

    static func metadataProblem(snippet: FakeJSON, status: FakeJSON) -> (reason: String, message: String)? {
        let title = snippet["title"]?.string ?? ""
        if title.isEmpty || title.count > 100 || title.contains("<") || title.contains(">") {
            return ("invalidTitle", "The request metadata specifies an invalid or empty video title (1–100 characters, no < or >).")
        }
        if let description = snippet["description"]?.string, description.utf8.count > 5000 || description.contains("<") || description.contains(">") {
            return ("invalidDescription", "The request metadata specifies an invalid video description (at most 5000 bytes, no < or >).")
        }
        if let tags = snippet["tags"]?.array, tags.compactMap(\.string).reduce(0, { $0 + $1.count }) > 500 {
            return ("invalidTags", "The request metadata specifies invalid video keywords (500 characters in all).")
        }
        if let category = snippet["categoryId"], Int(category.string ?? "x") == nil {
            return ("invalidCategoryId", "The snippet.categoryId property specifies an invalid category ID.")
        }
        let privacy = status["privacyStatus"]?.string ?? "public"
        guard ["private", "unlisted", "public"].contains(privacy) else {
            return ("invalidVideoMetadata", "status.privacyStatus must be private, unlisted or public.")
        }
        if let publishAt = status["publishAt"]?.string {
            guard privacy == "private", ISO8601DateFormatter().date(from: publishAt) != nil else {
                return ("invalidPublishAt", "status.publishAt can be set only when status.privacyStatus is private, as an ISO 8601 time.")
            }
        }
        return nil
    }

    /// The quota's day: it resets at midnight Pacific (determine_quota_cost page).
    static func pacificDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(parts.year ?? 0)-\(parts.month ?? 0)-\(parts.day ?? 0)"
    }
}
