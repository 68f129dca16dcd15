import FactoryCore
import Foundation
import NIOHTTP1

/// `media_publish`, the reel it makes, and carrying on with a saved container.
extension InstagramClient {
    /// POST /{ig-user-id}/media_publish?creation_id= (media_publish page) → the media id, saved at
    /// once, then its permalink. The limit (code 9 / 2207042) defers: the container is kept and a
    /// later publish publishes it while it is FINISHED.
    func publish(_ request: PostRequest, container: String, account: String, progress: any PostProgress) async throws -> PostOutcome {
        try await progress.save(remoteId: container, details: [:], step: .publishing)
        let json: [String: Any]
        switch try await call(.POST, "\(account)/media_publish", query: [("creation_id", container)]) {
        case .ok(let answer): json = answer
        case .fault(let fault) where fault.isPublishingLimit:
            return .deferred(reason: "Instagram's publishing limit is used up (\(fault.summary)); container \(container) is kept")
        case .fault(let fault) where fault.isExpired: return .abandoned(reason: "container \(container) expired unpublished (\(fault.summary))")
        case .fault(let fault) where fault.isContainerLost: return .failed(reason: "Instagram could not publish the reel: \(fault.summary)")
        case .fault(let fault) where fault.code == 9007:
            return .processing("Instagram says container \(container) is not ready yet (\(fault.summary))")
        case .fault(let fault): throw fault.error("POST /media_publish for \(request.item)")
        }
        guard let media = Self.text(json["id"]), !media.isEmpty else {
            throw PublishError(.transient, platform: platform, "media_publish for \(request.item) answered without a media id")
        }
        try await progress.save(remoteId: container, details: [.media: media], step: .publishing)
        return await posted(media)
    }

    /// The reel with its permalink (IG Media `permalink`); a failed read leaves the link out, never the post.
    func posted(_ media: String) async -> PostOutcome {
        let json = try? await graph(.GET, media, query: [("fields", "permalink")])
        return .posted(remoteId: media, url: json?["permalink"] as? String)
    }

    /// Carries on with a container an earlier publish saved: its `status_code` decides, so a
    /// PUBLISHED container is never published again (docs/publishing.md, idempotency).
    func resume(_ request: PostRequest, container: String, saved: SavedPost, account: String,
                progress: any PostProgress) async throws -> PostOutcome {
        if let media = saved.details[.media] { return await posted(media) }
        let status = try await containerStatus(container)
        switch status.code {
        case "PUBLISHED": return try await published(request, container: container, account: account)
        case "FINISHED": return try await publish(request, container: container, account: account, progress: progress)
        case "ERROR", "EXPIRED": return Self.lost(status, container: container)
        default:
            if saved.step == .started, saved.details[.mode] != "video_url" {
                // The bytes may not all have gone, and Meta documents no way to learn the offset the
                // host holds: the whole file goes again from 0. A host that has every byte takes
                // that; one holding part of them refuses it (2207053), and since an unpublished
                // container never lands, it is closed and replaced.
                if let refusal = try await upload(request, container: container, uri: saved.details[.uploadURI]) {
                    return .abandoned(reason: "the upload host refused container \(container)'s video again (\(refusal))")
                }
                try await progress.save(remoteId: container, details: [:], step: .uploaded)
            }
            return try await settle(request, container: container, account: account, progress: progress)
        }
    }

    /// A PUBLISHED container whose media id was not saved: the account's newest reel with this
    /// caption (GET /{ig-user-id}/media, ig-user/media page). If none is listed, the container id
    /// stands in: the reel is on Instagram either way, and it must not be posted again.
    func published(_ request: PostRequest, container: String, account: String) async throws -> PostOutcome {
        let json = try await graph(.GET, "\(account)/media", query: [("fields", "id,caption,media_product_type,timestamp,permalink")])
        let reels = (json["data"] as? [[String: Any]]) ?? []
        let match = reels.first { reel in
            (reel["media_product_type"] as? String) == "REELS" && (reel["caption"] as? String) == request.caption
        }
        guard let match, let media = Self.text(match["id"]) else { return .posted(remoteId: container, url: nil) }
        return .posted(remoteId: media, url: match["permalink"] as? String)
    }
}
