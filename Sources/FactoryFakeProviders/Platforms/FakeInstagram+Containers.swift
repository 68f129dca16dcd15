import Foundation
import Hummingbird

/// Reels containers: creation, status, publishing, the publishing limit and the media list.
extension FakeInstagram {
    /// ig-container page: `status_code` EXPIRED, ERROR, FINISHED, IN_PROGRESS or PUBLISHED, and
    /// `status` (the subcode on ERROR). A resumable container whose bytes have not all arrived is
    /// IN_PROGRESS: the page does not say what Meta reports then.
    func status(of container: Container, at now: Date) -> (code: String, text: String) {
        if container.mediaId != nil { return ("PUBLISHED", "Published: the media has been published.") }
        if now.timeIntervalSince(container.created) >= config.containerLifetimeSeconds {
            return ("EXPIRED", "Expired: the container was not published within 24 hours.")
        }
        if let failure = container.failure { return ("ERROR", failure) }
        guard let arrived = container.arrived else {
            return ("IN_PROGRESS", "In progress: waiting for \((container.fileSize ?? 0) - container.received) more bytes of the video.")
        }
        if now.timeIntervalSince(arrived) < config.processingSeconds { return ("IN_PROGRESS", "In progress: processing the video.") }
        return ("FINISHED", "Finished: the media is ready to be published.")
    }

    /// Publishes in the rolling window (content_publishing_limit page: `quota_duration` 86400).
    func quotaUsage(since: Date? = nil) -> Int {
        let start = max(Date().addingTimeInterval(-config.quotaDuration), since ?? .distantPast)
        return publishes.filter { $0 > start }.count
    }

    /// GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config[&since] (its reference
    /// page): `{"data":[{"quota_usage":N,"config":{"quota_total":50,"quota_duration":86400}}]}`.
    func limit(_ call: FakeInstagramCall) -> Response {
        let since = call.fields["since"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
        let wanted = Set((call.fields["fields"] ?? "quota_usage").split(separator: ",").map(String.init))
        var entry: [String: FakeJSON] = ["quota_usage": .int(Int64(quotaUsage(since: since)))]
        if wanted.contains("config") {
            entry["config"] = ["quota_total": .int(Int64(config.quotaTotal)), "quota_duration": .int(Int64(config.quotaDuration))]
        }
        return FakeInstagramCall.ok(["data": [.object(entry)]])
    }

    /// POST /{ig-user-id}/media (ig-user/media page) for a reel: media_type=REELS with either
    /// upload_type=resumable (resumable-uploads page; the reply's `uri` is secondary, from public
    /// code) or video_url, which the fake records and takes as fetched at once (it fetches nothing).
    /// Caption ≤2,200 characters and ≤30 hashtags are secondary (repliz docs); so is the error shape
    /// for them (code 100 here). 400 containers per rolling 24 h is the page's; its error is not.
    func createContainer(_ call: FakeInstagramCall) -> Response {
        let fields = call.fields
        guard fields["media_type"] == "REELS" else {
            return FakeInstagramCall.graphError(code: 100, subcode: 2207023, "The media type is not supported by this fake: only REELS")
        }
        let caption = fields["caption"] ?? ""
        guard caption.count <= 2200 else {
            return FakeInstagramCall.graphError(code: 100, "The caption is too long: at most 2,200 characters", userMessage: "Caption too long")
        }
        guard caption.split(whereSeparator: \.isWhitespace).filter({ $0.hasPrefix("#") }).count <= 30 else {
            return FakeInstagramCall.graphError(code: 100, "The caption has too many hashtags: at most 30", userMessage: "Too many hashtags")
        }
        let resumable = fields["upload_type"] == "resumable"
        let videoURL = fields["video_url"]
        guard resumable != (videoURL != nil) else {
            return FakeInstagramCall.graphError(code: 100, "Give either upload_type=resumable or video_url")
        }
        let now = Date()
        creations = creations.filter { now.timeIntervalSince($0) < config.quotaDuration }
        guard creations.count < config.containerLimit else {
            return FakeInstagramCall.graphError(code: 4, "An Instagram account can only create \(config.containerLimit) containers within a rolling 24 hour period")
        }
        creations.append(now)
        var container = Container(id: Self.randomId(), created: now, caption: caption,
                                  shareToFeed: fields["share_to_feed"].map { $0 == "true" } ?? true,
                                  aiGenerated: fields["is_ai_generated"] == "true", mode: resumable ? "resumable" : "video_url",
                                  videoURL: videoURL, thumbOffset: fields["thumb_offset"])
        if !resumable { arrive(&container, at: now) }
        containers[container.id] = container
        order.append(container.id)
        guard resumable else { return FakeInstagramCall.ok(["id": .string(container.id)]) }
        let uri = "\(call.origin)/rupload/ig-api-upload/\(call.version ?? "v24.0")/\(container.id)"
        return FakeInstagramCall.ok(["id": .string(container.id), "uri": .string(uri)])
    }

    /// The video is all there: processing starts, or the container is marked to fail (`failNext`).
    func arrive(_ container: inout Container, at now: Date) {
        container.arrived = now
        if failuresLeft > 0 {
            failuresLeft -= 1
            container.failure = config.failReason
        }
    }

    /// GET /{id}: a container (ig-container page: id, status_code, status) or a reel (IG Media:
    /// id, caption, media_product_type, timestamp, permalink).
    func node(_ id: String) -> Response {
        if let container = containers[id] {
            let status = status(of: container, at: Date())
            return FakeInstagramCall.ok(["id": .string(id), "status_code": .string(status.code), "status": .string(status.text)])
        }
        if let reel = media.first(where: { $0.id == id }) { return FakeInstagramCall.ok(Self.json(reel)) }
        return FakeInstagramCall.graphError(code: 100, subcode: 33,
            "Unsupported get request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation")
    }

    /// POST /{ig-user-id}/media_publish?creation_id= (media_publish page) → `{"id": media id}`.
    /// Beyond `quota_total` in the window: code 9, subcode 2207042 (error-codes page). Expired:
    /// code -2, 2207020 (error-codes page). Not finished: code 9007, subcode 2207027 (not in the
    /// captured pages; chosen). A second publish of a PUBLISHED container: the docs do not say;
    /// the fake refuses it and counts it (`publish_calls`), so tests catch a client that sends one.
    func publish(_ call: FakeInstagramCall) -> Response {
        guard let id = call.fields["creation_id"], var container = containers[id] else {
            return FakeInstagramCall.graphError(code: 100, subcode: 33, "Unsupported post request. The creation_id does not name a container")
        }
        container.publishCalls += 1
        containers[id] = container
        let now = Date()
        switch status(of: container, at: now).code {
        case "PUBLISHED":
            return FakeInstagramCall.graphError(code: 100, "The container \(id) was published already")
        case "EXPIRED":
            return FakeInstagramCall.graphError(code: -2, subcode: 2207020, "The media you are trying to access has expired. Please try to upload again.")
        case "ERROR":
            return FakeInstagramCall.graphError(code: -1, subcode: Int(container.failure ?? "") ?? 2207053, "unknown upload error")
        case "IN_PROGRESS":
            return FakeInstagramCall.graphError(code: 9007, subcode: 2207027, "Media ID is not available",
                                                userMessage: "The media is not ready for publishing, please wait for a moment")
        default: break
        }
        guard quotaUsage() < config.quotaTotal else {
            return FakeInstagramCall.graphError(code: 9, subcode: 2207042, "Application request limit reached",
                userMessage: "You reached maximum number of posts that is allowed to be published by Content Publishing API.")
        }
        let reel = Media(id: Self.randomId("179"), container: id, caption: container.caption, timestamp: now,
                         permalink: "https://www.instagram.com/reel/\(Self.randomId("C", length: 10))/")
        media.insert(reel, at: 0)
        publishes.append(now)
        container.mediaId = reel.id
        containers[id] = container
        return FakeInstagramCall.ok(["id": .string(reel.id)])
    }

    /// GET /{ig-user-id}/media (ig-user/media page): the account's reels, newest first.
    func mediaList() -> Response {
        FakeInstagramCall.ok(["data": .array(media.map(Self.json)), "paging": [:]])
    }

    static func json(_ reel: Media) -> FakeJSON {
        ["id": .string(reel.id), "caption": .string(reel.caption), "media_product_type": "REELS", "media_type": "VIDEO",
         "timestamp": .string(ISO8601DateFormatter().string(from: reel.timestamp)), "permalink": .string(reel.permalink)]
    }
}
