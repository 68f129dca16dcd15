import FactoryCore
import Foundation

/// Uploads a Short with `videos.insert` by the resumable upload protocol, then follows
/// `videos.list` until YouTube has processed it
/// (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol). The session URI is
/// saved before any byte and the video id as soon as the upload's last reply names it; a resumed
/// post asks the session how far it got (`bytes */TOTAL`) instead of inserting again, and a session
/// that is gone is followed by a look at the channel's uploads before anything is posted anew.
public struct YouTubeClient: PlatformClient {
    public let context: PlatformContext
    let http: PlatformHTTP
    /// Bytes per upload PUT: a multiple of 256 KiB, as Google asks of every chunk but the last.
    var chunkBytes: Int64 = 8 << 20
    public var platform: Platform { .youtube }

    public init(context: PlatformContext, http: PlatformHTTP) {
        self.context = context
        self.http = http
    }

    public func post(_ request: PostRequest, saved: SavedPost?, progress: any PostProgress) async throws -> PostOutcome {
        let size = try PostingEndpoint.size(of: request.video, platform: platform)
        if let saved, saved.step != .intent {
            if let video = saved.details[.video] { return try await poll(video) }
            if let session = (saved.details[.session] ?? saved.remoteId).flatMap(URL.init(string:)) {
                // Ask the session before any byte: a killed publish's upload may have finished.
                switch try await upload(request.video, size: size, to: session, from: nil) {
                case .complete(let video): return try await finish(video, progress: progress)
                case .gone: break
                }
                let began = saved.details[.began].flatMap { ISO8601DateFormatter().date(from: $0) }
                if let video = try await findUpload(title: Self.title(request), since: began) {
                    return try await finish(video, progress: progress)
                }
                // Gone, and no video of that title since it began: nothing can land from it.
            }
        }
        return try await start(request, size: size, progress: progress)
    }

    private func start(_ request: PostRequest, size: Int64, progress: any PostProgress) async throws -> PostOutcome {
        let url = PostingEndpoint.url(context.baseURL, "/upload/youtube/v3/videos",
                                      query: [("uploadType", "resumable"), ("part", "snippet,status")])
        let body = try JSONSerialization.data(withJSONObject: Self.resource(request), options: [.sortedKeys])
        let began = ISO8601DateFormatter().string(from: Date())
        let reply = try await call(.POST, url, headers: [("Content-Type", "application/json; charset=UTF-8"),
                                                         ("X-Upload-Content-Length", String(size)),
                                                         ("X-Upload-Content-Type", "video/mp4")], body: body)
        guard (200..<300).contains(reply.status) else {
            let error = GoogleError(reply)
            if let cap = error.cap { return .deferred(reason: cap) }
            return .failed(reason: "videos.insert refused: \(error)")
        }
        guard let location = reply.headers["location"], let session = URL(string: location) else {
            throw PublishError(.refused, platform: platform, "videos.insert answered without a session URI (Location)")
        }
        // Saved before any byte: a restart asks this session how far it got, and if the session is
        // gone, looks for a video of this title uploaded since `began`.
        // The privacy asked for is kept for the figures: a private video is flagged in `factory stats`.
        try await progress.save(remoteId: location, details: [.session: location, .began: began,
                                                              .privacy: request.youtube.privacy.rawValue], step: .started)
        switch try await upload(request.video, size: size, to: session, from: 0) {
        case .complete(let video): return try await finish(video, progress: progress)
        case .gone:
            if let video = try await findUpload(title: Self.title(request), since: ISO8601DateFormatter().date(from: began)) {
                return try await finish(video, progress: progress)
            }
            return .failed(reason: "the upload session vanished before the video was complete, and no video of this title is on the channel")
        }
    }

    private func finish(_ video: String, progress: any PostProgress) async throws -> PostOutcome {
        try await progress.save(remoteId: video, details: [.video: video], step: .uploaded)
        return try await poll(video)
    }

    /// The `video` resource to insert: title (≤100 characters, no < or >), the caption as description,
    /// hashtags as tags, category, privacy (publishAt only with private), made-for-kids and the
    /// synthetic-media label (videos page, discovery document, revision history 2024-10-30).
    /// The title as sent: without < or >, at most 100 characters, the item id when empty.
    static func title(_ request: PostRequest) -> String {
        let title = String(request.title.filter { $0 != "<" && $0 != ">" }.prefix(100))
        return title.isEmpty ? request.item : title
    }

    static func resource(_ request: PostRequest) -> [String: Any] {
        var description = request.caption.filter { $0 != "<" && $0 != ">" }
        while description.utf8.count > 5000 { description.removeLast() }
        var snippet: [String: Any] = ["title": title(request), "description": description,
                                      "categoryId": request.youtube.categoryId]
        let tags = request.hashtags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
        if !tags.isEmpty { snippet["tags"] = tags }
        var status: [String: Any] = ["privacyStatus": request.youtube.privacy.rawValue,
                                     "containsSyntheticMedia": request.aiDisclosure]
        if request.youtube.privacy == .private, let publishAt = request.youtube.publishAt {
            status["publishAt"] = ISO8601DateFormatter().string(from: publishAt)
        }
        if let kids = request.youtube.madeForKids { status["selfDeclaredMadeForKids"] = kids }
        return ["snippet": snippet, "status": status]
    }
}
