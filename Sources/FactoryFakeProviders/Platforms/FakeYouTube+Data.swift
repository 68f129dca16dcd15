import Foundation
import Hummingbird

/// The two Data API reads the client makes: videos.list (status and processing) and channels.list (mine).
/// Fields and values follow the videos resource in Google's discovery file (googleapis/google-api-python-client,
/// discovery_cache/documents/youtube.v3.json: uploadStatus, failureReason, rejectionReason, processingDetails);
/// each read costs 1 unit (developers.google.com/youtube/data/determine_quota_cost). See publishing-apis.md §2.
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
        let now = Date()
        let items = videos.filter { $0.videoId.map(wanted.contains) == true }
            .map { $0.resource(at: now, processingSeconds: config.processingSeconds, parts: parts) }
        return FakePostingRequest.reply(200, json: ["kind": "youtube#videoListResponse", "items": .array(items),
                                                    "pageInfo": ["totalResults": .int(Int64(items.count)), "resultsPerPage": 5]])
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
        return FakePostingRequest.reply(200, json: ["kind": "youtube#channelListResponse",
                                                    "items": [["kind": "youtube#channel", "id": .string(config.channelId)]]])
    }
}
