import Foundation
import Hummingbird

/// The Display API's video endpoints (scope `video.list`, 600 requests per minute each:
/// developers.tiktok.com/doc/tiktok-api-v2-video-query, …/tiktok-api-v2-video-list,
/// …/docs/en/tiktok-api-v2-rate-limit). Only the token user's public videos are served: a
/// SELF_ONLY post or an inbox upload is never listed nor returned by query. Ids are 19-digit
/// decimal strings; counts grow on the fake's metric clock (FakeMetrics).
extension FakeTikTok {
    /// `POST /v2/video/query/?fields=…` with `{"filters":{"video_ids":[…]}}`, at most 20 ids.
    func query(_ call: FakePostingRequest) -> Response {
        let grant: FakeOAuthBook.Grant
        switch videoAccess(call, endpoint: "query") {
        case .failure(let refusal): return refusal.response
        case .success(let found): grant = found
        }
        guard let ids = call.json?["filters"]?["video_ids"]?.array?.compactMap(\.string), !ids.isEmpty else {
            return Self.failure(400, "invalid_params", "filters.video_ids is required.")
        }
        guard ids.count <= 20 else { return Self.failure(400, "invalid_params", "video_ids can contain at most 20 ids.") }
        let fields = requestedFields(call)
        let videos = publicVideos(account: grant.account).filter { ids.contains($0.id) }.map { video(fields, $0) }
        return Self.success(["videos": .array(videos)])
    }

    /// `POST /v2/video/list/?fields=…` with `cursor` (Unix ms; videos created before it) and
    /// `max_count` (default 10, at most 20): public videos newest first, `cursor` and `has_more`.
    func list(_ call: FakePostingRequest) -> Response {
        let grant: FakeOAuthBook.Grant
        switch videoAccess(call, endpoint: "list") {
        case .failure(let refusal): return refusal.response
        case .success(let found): grant = found
        }
        let maxCount = Int(call.json?["max_count"]?.int ?? 10)
        guard (1...20).contains(maxCount) else { return Self.failure(400, "invalid_params", "max_count must be between 1 and 20.") }
        let before = call.json?["cursor"]?.int
        let all = publicVideos(account: grant.account).sorted { $0.created > $1.created }
            .filter { before == nil || Int64($0.created.timeIntervalSince1970 * 1000) < before! }
        let page = Array(all.prefix(maxCount))
        let cursor = page.last.map { Int64($0.created.timeIntervalSince1970 * 1000) } ?? (before ?? 0)
        let fields = requestedFields(call)
        return Self.success(["videos": .array(page.map { video(fields, $0) }), "cursor": .int(cursor),
                             "has_more": .bool(all.count > page.count)])
    }

    struct PublicVideo {
        var id: String
        var created: Date
        var title: String
    }

    /// The account's public, published videos; an id is given to each the first time it is seen
    /// (status/fetch may have withheld it).
    func publicVideos(account: String) -> [PublicVideo] {
        var found: [PublicVideo] = []
        let now = Date()
        for index in uploads.indices where uploads[index].account == account && uploads[index].isPublic {
            guard uploads[index].status(at: now, processingSeconds: config.processingSeconds) == "PUBLISH_COMPLETE",
                  let uploadedAt = uploads[index].uploadedAt else { continue }
            if uploads[index].postId == nil {
                uploads[index].postId = String(Int64.random(in: 7_000_000_000_000_000_000...7_999_999_999_999_999_999))
            }
            found.append(PublicVideo(id: uploads[index].postId ?? "", created: uploadedAt.addingTimeInterval(config.processingSeconds),
                                     title: uploads[index].title))
        }
        return found
    }

    func requestedFields(_ call: FakePostingRequest) -> Set<String> {
        Set((call.query["fields"] ?? "id").split(separator: ",").map(String.init))
    }

    /// A Video Object with the fields asked for (tiktok-api-v2-video-object).
    func video(_ fields: Set<String>, _ video: PublicVideo) -> FakeJSON {
        let counts = metrics.counts(metrics.config.tiktok, since: video.created, title: video.title)
        let all: [String: FakeJSON] = [
            "id": .string(video.id), "create_time": .int(Int64(video.created.timeIntervalSince1970)),
            "title": .string(String(video.title.prefix(150))), "video_description": .string(String(video.title.prefix(150))),
            "share_url": .string("https://www.tiktok.com/@\(config.creatorUsername)/video/\(video.id)"),
            "view_count": .int(counts.views), "like_count": .int(counts.likes), "comment_count": .int(counts.comments),
            "share_count": .int(counts.shares),
        ]
        return .object(all.filter { fields.contains($0.key) })
    }

    /// The token's grant with `video.list`, within 600 calls a minute per endpoint.
    func videoAccess(_ call: FakePostingRequest, endpoint: String) -> Result<FakeOAuthBook.Grant, FakePostingRefusal> {
        let grant: FakeOAuthBook.Grant
        switch authorized(call, scope: "video.list") {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): grant = found
        }
        guard limits.admit(grant.account + "|video-" + endpoint, limit: metrics.config.tiktokQueryPerMinute) else {
            return .failure(.init(response: Self.failure(429, "rate_limit_exceeded",
                                                         "video/\(endpoint) is limited to \(metrics.config.tiktokQueryPerMinute) requests per minute.")))
        }
        return .success(grant)
    }
}
