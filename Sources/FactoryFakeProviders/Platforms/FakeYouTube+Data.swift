import Foundation
import Hummingbird

/// The Data API reads the client makes: videos.list (status and processing), channels.list (mine) and
/// playlistItems.list (the uploads playlist, to find a video whose upload session was lost).
/// Fields and values follow the videos resource in Google's discovery file (googleapis/google-api-python-client,
/// discovery_cache/documents/youtube.v3.json: uploadStatus, failureReason, rejectionReason, processingDetails);
/// each read costs 1 unit (developers.google.com/youtube/data/determine_quota_cost).
extension FakeYouTube {
    /// `GET /youtube/v3/videos?id=…&part=status,processingDetails` (videos.list; the parts'
    /// fields from the discovery document youtube.v3.json). Unknown ids are left out of `items`.
    func list(_ call: FakePostingRequest) -> Response {
        if case .failure(let refusal) = authorized(call, scopes: Self.readScopes + Self.uploadScopes) { return refusal.response }
        guard let part = call.query["part"], !part.isEmpty else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: part")
        }
        guard let ids = call.query["id"], !ids.isEmpty else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: id, myRating, chart")
        }
        let wanted = Set(ids.split(separator: ",").map(String.init))
        let parts = Set(part.split(separator: ",").map(String.init))
        // Statistics cost a unit of the day's quota here (the fake's own bucket: videos.list is 1 unit,
        // developers.google.com/youtube/v3/determine_quota_cost); the day's used up → 403 quotaExceeded.
        if parts.contains("statistics"), !metrics.takeYouTubeUnit() {
            return Self.failure(403, reason: "quotaExceeded", domain: "youtube.quota",
                                "The request cannot be completed because you have exceeded your <a href=\"/youtube/v3/getting-started#quota\">quota</a>.")
        }
        let now = Date()
        let items = videos.filter { $0.videoId.map(wanted.contains) == true }.map { video -> FakeJSON in
            var resource = video.resource(at: now, processingSeconds: config.processingSeconds, parts: parts)
            if parts.contains("statistics"), case .object(var fields) = resource {
                fields["statistics"] = statistics(video)
                resource = .object(fields)
            }
            return resource
        }
        return FakePostingRequest.reply(200, json: ["kind": "youtube#videoListResponse", "items": .array(items),
                                                    "pageInfo": ["totalResults": .int(Int64(items.count)), "resultsPerPage": 5]])
    }

    /// `statistics` of videos.list (developers.google.com/youtube/v3/docs/videos): 64-bit counts sent
    /// as JSON strings; a video still processing has none yet.
    func statistics(_ video: FakeYouTubeVideo) -> FakeJSON {
        guard let uploadedAt = video.uploadedAt else { return ["viewCount": "0", "likeCount": "0", "favoriteCount": "0", "commentCount": "0"] }
        let counts = metrics.counts(metrics.config.youtube, since: uploadedAt.addingTimeInterval(config.processingSeconds),
                                    title: video.snippet["title"]?.string ?? "")
        return ["viewCount": .string(String(counts.views)), "likeCount": .string(String(counts.likes)),
                "favoriteCount": "0", "commentCount": .string(String(counts.comments))]
    }

    /// `GET /youtube/v3/channels?part=id&mine=true` (channels.list): the token's own channel.
    func channels(_ call: FakePostingRequest) -> Response {
        if case .failure(let refusal) = authorized(call, scopes: Self.readScopes + Self.uploadScopes) { return refusal.response }
        guard call.query["part"]?.isEmpty == false else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: part")
        }
        guard call.query["mine"] == "true" else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: mine, id, forHandle")
        }
        var channel: [String: FakeJSON] = ["kind": "youtube#channel", "id": .string(config.channelId)]
        if call.query["part"]?.split(separator: ",").contains("contentDetails") == true {
            channel["contentDetails"] = ["relatedPlaylists": ["uploads": .string(uploadsPlaylist)]]
        }
        return FakePostingRequest.reply(200, json: ["kind": "youtube#channelListResponse", "items": [.object(channel)]])
    }

    /// The channel's uploads playlist id: channels.list's `contentDetails.relatedPlaylists.uploads`
    /// (developers.google.com/youtube/v3/docs/channels), "UU" and the rest of the channel id.
    var uploadsPlaylist: String { "UU" + config.channelId.dropFirst(2) }

    /// `GET /youtube/v3/playlistItems?part=snippet,status&playlistId=…&maxResults=N`
    /// (developers.google.com/youtube/v3/docs/playlistItems/list): the uploads playlist lists every
    /// video the channel has, newest first, each with `snippet.title`, `snippet.publishedAt` and
    /// `snippet.resourceId.videoId`; `maxResults` 0–50, default 5. Only the uploads playlist exists here.
    func playlistItems(_ call: FakePostingRequest) -> Response {
        if case .failure(let refusal) = authorized(call, scopes: Self.readScopes) { return refusal.response }
        guard call.query["part"]?.isEmpty == false else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: part")
        }
        guard let playlist = call.query["playlistId"] else {
            return Self.failure(400, reason: "missingRequiredParameter", domain: "global", "No filter selected. Expected one of: id, playlistId")
        }
        guard playlist == uploadsPlaylist else {
            return Self.failure(404, reason: "playlistNotFound", domain: "youtube.playlistItem",
                                "The playlist identified with the request's playlistId parameter cannot be found.")
        }
        let wanted = call.query["maxResults"].flatMap(Int.init) ?? 5
        guard (0...50).contains(wanted) else {
            return Self.failure(400, reason: "invalidParameter", domain: "global", "maxResults must be between 0 and 50.")
        }
        let stamp = ISO8601DateFormatter()
        let items: [FakeJSON] = videos.filter { $0.videoId != nil }
            .sorted { ($0.uploadedAt ?? .distantPast) > ($1.uploadedAt ?? .distantPast) }
            .prefix(wanted).map { video in
                ["kind": "youtube#playlistItem", "id": .string(FakePostingRequest.token("UU", length: 30)),
                 "snippet": ["publishedAt": .string(stamp.string(from: video.uploadedAt ?? Date())),
                             "channelId": .string(config.channelId), "title": video.snippet["title"] ?? "",
                             "playlistId": .string(playlist),
                             "resourceId": ["kind": "youtube#video", "videoId": .string(video.videoId ?? "")]],
                 "status": ["privacyStatus": video.status["privacyStatus"] ?? "public"]]
            }
        return FakePostingRequest.reply(200, json: ["kind": "youtube#playlistItemListResponse", "items": .array(items),
                                                    "pageInfo": ["totalResults": .int(Int64(items.count)),
                                                                 "resultsPerPage": .int(Int64(wanted))]])
    }
}
