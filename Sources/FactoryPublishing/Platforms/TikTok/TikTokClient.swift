import FactoryCore
import Foundation

/// Posts to TikTok through the Content Posting API: an inbox draft (`video.upload`) or a direct
/// post (`video.publish`, after creator_info/query), FILE_UPLOAD in chunks, then status/fetch
/// (developers.tiktok.com/doc/content-posting-api-reference-direct-post, …-upload-video,
/// …-media-transfer-guide, …-get-video-status). The `publish_id` is saved, with the upload URL,
/// before the first byte; a resumed post asks status/fetch about it and never inits again while
/// it may still land.
public struct TikTokClient: PlatformClient {
    public let context: PlatformContext
    let http: PlatformHTTP
    /// The chunk size aimed at for files of 5 MiB and more (the guide allows 5–64 MB).
    var preferredChunk: Int64 = 10 << 20
    public var platform: Platform { .tiktok }

    public init(context: PlatformContext, http: PlatformHTTP) {
        self.context = context
        self.http = http
    }

    public func post(_ request: PostRequest, saved: SavedPost?, progress: any PostProgress) async throws -> PostOutcome {
        let size = try PostingEndpoint.size(of: request.video, platform: platform)
        if let saved, saved.step != .intent, let publishId = saved.remoteId {
            return try await resume(request, saved: saved, publishId: publishId, size: size, progress: progress)
        }
        // Nothing was sent that could land (no publish_id): start anew.
        return try await start(request, size: size, progress: progress)
    }

    private func start(_ request: PostRequest, size: Int64, progress: any PostProgress) async throws -> PostOutcome {
        let direct = request.tiktok.mode == .direct
        var username: String?
        if direct {
            switch try await creatorInfo() {
            case .limited(let why): return .deferred(reason: "creator_info/query is rate-limited (\(why)); try again in a minute")
            case .refused(let code, let message): return .failed(reason: "creator_info/query refused: \(code): \(message)")
            case .ok(let data):
                if let refusal = Self.refusal(of: request, creator: data) { return .failed(reason: refusal) }
                username = data["creator_username"] as? String
            }
        }
        let plan = TikTokChunkPlan(size: size, preferred: preferredChunk)
        let source: [String: Any] = ["source": "FILE_UPLOAD", "video_size": size, "chunk_size": plan.chunkSize,
                                     "total_chunk_count": plan.count]
        let path = direct ? "/v2/post/publish/video/init/" : "/v2/post/publish/inbox/video/init/"
        let body: [String: Any] = direct ? ["post_info": Self.postInfo(request), "source_info": source] : ["source_info": source]
        let data: [String: Any]
        switch try await api(path, body: body) {
        case .limited(let why): return .deferred(reason: "TikTok refused the init for now (\(why)); nothing was posted")
        case .refused(let code, let message) where Self.capCodes.contains(code):
            return .deferred(reason: "TikTok refused the init for now (\(code): \(message)); nothing was posted")
        case .refused(let code, let message): return .failed(reason: "video init refused: \(code): \(message)")
        case .ok(let answer): data = answer
        }
        guard let publishId = data["publish_id"] as? String, let uploadURL = data["upload_url"] as? String else {
            throw PublishError(.refused, platform: platform, "video init answered without publish_id or upload_url")
        }
        var details: PostDetails = [.uploadURL: uploadURL, .chunkSize: String(plan.chunkSize), .mode: direct ? "direct" : "inbox"]
        // Kept for the figures: a SELF_ONLY post is seen by nobody but the creator (docs/analytics.md).
        if direct { details[.privacy] = request.tiktok.privacy.rawValue }
        if let username { details[.username] = username }
        // Saved before any byte: from here on this publish_id may land, and a restart must ask about it.
        try await progress.save(remoteId: publishId, details: details, step: .started)
        return try await upload(request.video, plan: plan, from: 0, to: uploadURL, publishId: publishId,
                                username: username, progress: progress)
    }

    /// Sends chunks `from`… and then waits for TikTok's word. A refused chunk never ends the post
    /// here: a killed publish's last chunk may still have arrived (TikTok then refuses a resend:
    /// the upload is complete), so only status/fetch can say whether this publish_id will land.
    func upload(_ video: URL, plan: TikTokChunkPlan, from first: Int64, to uploadURL: String, publishId: String,
                        username: String?, progress: any PostProgress) async throws -> PostOutcome {
        if let refusal = try await send(video, plan: plan, from: first, to: uploadURL) {
            guard case .status(let status) = try await fetchStatus(publishId) else {
                return .processing("a chunk was refused (\(refusal)) and status/fetch is rate-limited; publish_id \(publishId) stays open")
            }
            if let outcome = outcome(status, publishId: publishId, username: username) { return outcome }
            guard status.uploadedBytes >= plan.size else {
                // Only FAILED frees a new post: TikTok documents no lifetime for the upload URL.
                return .processing("a chunk was refused (\(refusal)); TikTok holds \(status.uploadedBytes) of \(plan.size) bytes "
                    + "of publish_id \(publishId) (\(status.word)), kept open until it lands or TikTok fails it")
            }
        }
        try await progress.save(remoteId: publishId, details: [:], step: .uploaded)
        return try await poll(publishId, username: username)
    }

    private func resume(_ request: PostRequest, saved: SavedPost, publishId: String, size: Int64,
                        progress: any PostProgress) async throws -> PostOutcome {
        let username = saved.details[.username]
        guard case .status(let status) = try await fetchStatus(publishId) else {
            return .processing("status/fetch is rate-limited; publish_id \(publishId) is asked about next time")
        }
        if let outcome = outcome(status, publishId: publishId, username: username) { return outcome }
        if status.word == "PROCESSING_UPLOAD", status.uploadedBytes < size {
            // The same publish_id gets its remaining chunks, from where TikTok's bytes stop: it
            // cannot become a second post. Without its upload URL it waits for TikTok's verdict.
            guard let uploadURL = saved.details[.uploadURL] else {
                return .processing("TikTok holds \(status.uploadedBytes) of \(size) bytes of publish_id \(publishId) "
                    + "and its upload URL was not kept; it stays open until TikTok fails it")
            }
            let chunk = saved.details[.chunkSize].flatMap(Int64.init) ?? TikTokChunkPlan(size: size, preferred: preferredChunk).chunkSize
            let plan = TikTokChunkPlan(size: size, chunkSize: chunk)
            return try await upload(request.video, plan: plan, from: plan.chunk(containing: status.uploadedBytes), to: uploadURL,
                                    publishId: publishId, username: username, progress: progress)
        }
        return try await poll(publishId, username: username)
    }

    /// Why `request` cannot be posted by this creator, from creator_info/query; nil when it can.
    static func refusal(of request: PostRequest, creator: [String: Any]) -> String? {
        let options = creator["privacy_level_options"] as? [String] ?? []
        let wanted = request.tiktok.privacy.rawValue
        guard options.contains(wanted) else {
            return "the creator's account does not offer privacy \(wanted) (it offers \(options.joined(separator: ", "))); "
                + "set publish.tiktok.privacy to one of them"
        }
        if let longest = PostingEndpoint.number(creator["max_video_post_duration_sec"]), longest > 0,
           request.durationSeconds > Double(longest) {
            return "the video lasts \(Int(request.durationSeconds.rounded())) s; this creator may post at most \(longest) s"
        }
        return nil
    }

    /// `post_info` for a direct post: the caption as `title`, the privacy, the interaction switches,
    /// the cover frame and the AI label (`is_aigc`: secondary sources only).
    static func postInfo(_ request: PostRequest) -> [String: Any] {
        var info: [String: Any] = ["title": String(request.caption.prefix(2200)), "privacy_level": request.tiktok.privacy.rawValue,
                                   "disable_comment": request.tiktok.disableComment, "disable_duet": request.tiktok.disableDuet,
                                   "disable_stitch": request.tiktok.disableStitch,
                                   "video_cover_timestamp_ms": request.coverMilliseconds]
        if request.aiDisclosure { info["is_aigc"] = true }
        return info
    }

    /// Posting refusals that are caps rather than faults: nothing was posted, try later.
    static let capCodes: Set<String> = ["rate_limit_exceeded", "spam_risk_too_many_posts", "spam_risk_too_many_pending_share",
                                        "reached_active_user_cap"]
}
