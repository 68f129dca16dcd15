import FactoryCore
import Foundation
import Hummingbird

/// creator_info/query, the two video inits and status/fetch.
extension FakeTikTok {
    /// `POST /v2/post/publish/creator_info/query/` (scope video.publish, 20/min per token)
    /// (developers.tiktok.com/doc/content-posting-api-reference-direct-post).
    func creatorInfo(_ call: FakePostingRequest) -> Response {
        let grant: FakeOAuthBook.Grant
        switch authorized(call, scope: "video.publish") {
        case .failure(let refusal): return refusal.response
        case .success(let found): grant = found
        }
        guard limits.admit(grant.account + "|" + (call.bearer ?? "") + "|creator_info", limit: config.creatorInfoPerMinute) else {
            return Self.failure(429, "rate_limit_exceeded", "creator_info/query is limited to \(config.creatorInfoPerMinute) requests per minute per token.")
        }
        return Self.success([
            "creator_avatar_url": .string(call.origin + "/tiktok/avatar.jpg"),
            "creator_username": .string(config.creatorUsername),
            "creator_nickname": "Fake Creator",
            "privacy_level_options": .array(config.privacyOptions.map { .string($0) }),
            "comment_disabled": false, "duet_disabled": false, "stitch_disabled": false,
            "max_video_post_duration_sec": .int(Int64(config.maxVideoPostDurationSec)),
        ])
    }

    /// `POST /v2/post/publish/video/init/` (direct: scope video.publish, post_info + source_info) and
    /// `/v2/post/publish/inbox/video/init/` (inbox: video.upload, source_info only), each 6/min per token
    /// (content-posting-api-reference-direct-post; content-posting-api-reference-upload-video). The
    /// chunk rules are the media transfer guide's (content-posting-api-media-transfer-guide).
    func initialize(_ call: FakePostingRequest, mode: String) -> Response {
        let grant: FakeOAuthBook.Grant
        switch authorized(call, scope: mode == "direct" ? "video.publish" : "video.upload") {
        case .failure(let refusal): return refusal.response
        case .success(let found): grant = found
        }
        guard limits.admit(grant.account + "|" + (call.bearer ?? "") + "|init", limit: config.initPerMinute) else {
            return Self.failure(429, "rate_limit_exceeded", "video init is limited to \(config.initPerMinute) requests per minute per token.")
        }
        guard let body = call.json, let source = body["source_info"] else {
            return Self.failure(400, "invalid_params", "source_info is required.")
        }
        guard source["source"]?.string == "FILE_UPLOAD" else {
            if source["source"]?.string == "PULL_FROM_URL" {
                return Self.failure(403, "url_ownership_unverified", "The video_url's domain or URL prefix is not verified.")
            }
            return Self.failure(400, "invalid_params", "source_info.source must be FILE_UPLOAD or PULL_FROM_URL.")
        }
        guard let size = source["video_size"]?.int, let chunk = source["chunk_size"]?.int,
              let count = source["total_chunk_count"]?.int else {
            return Self.failure(400, "invalid_params", "video_size, chunk_size and total_chunk_count are required for FILE_UPLOAD.")
        }
        if let problem = Self.chunkProblem(size: Int(size), chunk: Int(chunk), count: Int(count)) {
            return Self.failure(400, "invalid_params", problem)
        }
        var fields: [String: String] = [:]
        var title = ""
        if mode == "direct" {
            guard let info = body["post_info"], let privacy = info["privacy_level"]?.string else {
                return Self.failure(400, "invalid_params", "post_info.privacy_level is required.")
            }
            guard config.privacyOptions.contains(privacy) else {
                return Self.failure(400, "privacy_level_option_mismatch",
                                    "privacy_level \(privacy) is not among the creator's privacy_level_options.")
            }
            title = info["title"]?.string ?? ""
            guard title.utf16.count <= 2200 else {
                return Self.failure(400, "invalid_params", "post_info.title is longer than 2200 characters.")
            }
            fields["privacy_level"] = privacy
            for key in ["disable_comment", "disable_duet", "disable_stitch", "is_aigc", "brand_content_toggle", "brand_organic_toggle"] {
                if let flag = info[key]?.bool { fields[key] = String(flag) }
            }
            if let cover = info["video_cover_timestamp_ms"]?.int { fields["video_cover_timestamp_ms"] = String(cover) }
        }
        let now = Date()
        let today = uploads.filter { $0.account == grant.account && now.timeIntervalSince($0.began) < 86_400 }.count
        guard today < config.postsPerDay else {
            return Self.failure(403, "spam_risk_too_many_posts", "The creator has posted too many times in the last 24 hours.")
        }
        let publishId = "v_pub_file~v2-1." + FakePostingRequest.token("", length: 19)
        let uploadId = FakePostingRequest.token("", length: 16)
        let uploadToken = FakePostingRequest.token("", length: 24)
        uploads.append(FakeTikTokPost(publishId: publishId, mode: mode, account: grant.account, title: title, fields: fields,
                                      began: now, videoSize: Int(size), chunkSize: Int(chunk), chunkCount: Int(count),
                                      uploadId: uploadId, uploadToken: uploadToken,
                                      uploadExpires: now + config.uploadURLSeconds))
        let url = call.origin + "/tiktok/upload/video/?upload_id=\(uploadId)&upload_token=\(uploadToken)"
        return Self.success(["publish_id": .string(publishId), "upload_url": .string(url)])
    }

    /// The media transfer guide's chunk restrictions; nil when they hold. 5 MB is read as 5 MiB and
    /// 64/128 MB as 64,000,000/128,000,000 bytes, the strict reading of both.
    static func chunkProblem(size: Int, chunk: Int, count: Int) -> String? {
        let minChunk = 5 << 20, maxChunk = 64_000_000, maxLast = 128_000_000
        guard size > 0 else { return "video_size must be positive." }
        if size < minChunk {
            return chunk == size && count == 1 ? nil : "a video under 5 MB is uploaded whole: chunk_size = video_size, total_chunk_count = 1."
        }
        guard chunk >= minChunk && chunk <= maxChunk else { return "chunk_size must be between 5 MB and 64 MB." }
        guard count == size / chunk else { return "total_chunk_count must be video_size / chunk_size rounded down (\(size / chunk))." }
        guard (1...1000).contains(count) else { return "total_chunk_count must be between 1 and 1000." }
        guard size - (count - 1) * chunk <= maxLast else { return "the final chunk may be at most 128 MB." }
        guard size <= maxChunk || count > 1 else { return "a video over 64 MB must be uploaded in chunks." }
        return nil
    }

    /// `POST /v2/post/publish/status/fetch/` (30/min per token)
    /// (developers.tiktok.com/doc/content-posting-api-reference-get-video-status).
    func status(_ call: FakePostingRequest) -> Response {
        let grant: FakeOAuthBook.Grant
        switch authorized(call, scope: "video.upload", "video.publish") {
        case .failure(let refusal): return refusal.response
        case .success(let found): grant = found
        }
        guard limits.admit(grant.account + "|" + (call.bearer ?? "") + "|status", limit: config.statusPerMinute) else {
            return Self.failure(429, "rate_limit_exceeded", "status/fetch is limited to \(config.statusPerMinute) requests per minute per token.")
        }
        guard let id = call.json?["publish_id"]?.string, let index = uploads.firstIndex(where: { $0.publishId == id }),
              uploads[index].account == grant.account else {
            return Self.failure(400, "invalid_params", "publish_id is missing or unknown.")
        }
        let now = Date()
        let status = uploads[index].status(at: now, processingSeconds: config.processingSeconds)
        if status == "PUBLISH_COMPLETE", uploads[index].isPublic, uploads[index].postId == nil {
            uploads[index].postId = String(Int64.random(in: 7_000_000_000_000_000_000...7_999_999_999_999_999_999))
        }
        var data: [String: FakeJSON] = ["status": .string(status), "uploaded_bytes": .int(Int64(uploads[index].received)),
                                        "publicaly_available_post_id": .array(metrics.config.tiktokIdsWithheld ? []
                                            : uploads[index].postId.map { [.string($0)] } ?? [])]
        if status == "FAILED" { data["fail_reason"] = .string(uploads[index].reason) }
        return Self.success(.object(data))
    }
}
