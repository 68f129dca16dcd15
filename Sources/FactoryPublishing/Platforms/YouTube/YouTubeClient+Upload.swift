import FactoryCore
import Foundation
import NIOHTTP1

/// The resumable session's PUTs: chunks with `Content-Range`, and the `bytes */TOTAL` query whose
/// 308 and `Range: bytes=0-N` say where to carry on
/// (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol, steps 2 and 3).
extension YouTubeClient {
    enum SessionState {
        case complete(video: String)
        /// The next byte to send.
        case received(Int64)
        /// 404/410: the session no longer exists; no video came of it.
        case gone
        case refused(String)
    }

    enum UploadResult {
        case complete(video: String)
        /// 404/410: the session is gone. The video may still exist (the last reply was lost).
        case gone
    }

    /// Asks the session how far the upload got.
    func query(_ session: URL, size: Int64) async throws -> SessionState {
        let reply = try await call(.PUT, session, headers: [("Content-Range", "bytes */\(size)")], body: Data())
        return state(of: reply)
    }

    /// Sends the file from byte `start` (nil: ask the session first) in `chunkBytes` pieces, each
    /// following the server's `Range`. After any answer other than 308 or the finished video, the
    /// session is asked (`bytes */TOTAL`) before another byte goes, as the guide's resume steps say;
    /// a session that keeps refusing ends this publish with the journal open (thrown), never with a
    /// new upload: only a gone session (404/410) can free one.
    func upload(_ video: URL, size: Int64, to session: URL, from start: Int64?) async throws -> UploadResult {
        var next = start
        var refusals: [String] = []
        while true {
            let answer: SessionState
            if let at = next, at < size {
                let last = min(size, at + chunkBytes) - 1
                let bytes = try PostingEndpoint.bytes(of: video, first: at, last: last, platform: platform)
                answer = state(of: try await call(.PUT, session, headers: [("Content-Type", "video/mp4"),
                                                                           ("Content-Range", "bytes \(at)-\(last)/\(size)")], body: bytes))
            } else {
                answer = try await query(session, size: size)
                if case .received(let at) = answer, at >= size, next != nil {
                    refusals.append("the session holds every byte but names no video")
                }
            }
            switch answer {
            case .complete(let id): return .complete(video: id)
            case .gone: return .gone
            case .received(let at) where next == nil || at < size: next = at
            case .received: next = nil
            case .refused(let why):
                refusals.append(why)
                next = nil
            }
            if refusals.count >= 3 {
                throw PublishError(.refused, platform: platform,
                                   "the upload session keeps refusing (\(refusals.joined(separator: "; "))), so no new upload is begun")
            }
        }
    }

    /// The newest upload on the channel titled `title` since `since` (less a few minutes for clock
    /// skew), from the uploads playlist: channels.list `contentDetails.relatedPlaylists.uploads`, then
    /// playlistItems.list (developers.google.com/youtube/v3/docs/channels,
    /// developers.google.com/youtube/v3/docs/playlistItems/list; 1 quota unit each). Nothing ties a
    /// lost session to its video, so a title match in that window counts as ours: posting twice is
    /// the worse mistake. A lookup that fails throws, and the journal keeps the post for next time.
    func findUpload(title: String, since: Date?) async throws -> String? {
        let channels = PostingEndpoint.url(context.baseURL, "/youtube/v3/channels", query: [("part", "contentDetails"), ("mine", "true")])
        let channel = try await call(.GET, channels, headers: [], body: nil)
        guard channel.status == 200,
              let item = (channel.json?["items"] as? [[String: Any]])?.first,
              let playlist = ((item["contentDetails"] as? [String: Any])?["relatedPlaylists"] as? [String: Any])?["uploads"] as? String else {
            throw PublishError(.refused, platform: platform, "the upload session is gone and channels.list did not name the uploads playlist "
                + "(\(GoogleError(channel))), so the channel's uploads cannot be checked for its video")
        }
        let url = PostingEndpoint.url(context.baseURL, "/youtube/v3/playlistItems",
                                      query: [("part", "snippet"), ("playlistId", playlist), ("maxResults", "50")])
        let reply = try await call(.GET, url, headers: [], body: nil)
        guard reply.status == 200, let items = reply.json?["items"] as? [[String: Any]] else {
            throw PublishError(.refused, platform: platform, "the upload session is gone and playlistItems.list failed "
                + "(\(GoogleError(reply))), so the channel's uploads cannot be checked for its video")
        }
        let earliest = since?.addingTimeInterval(-300)
        let stamp = ISO8601DateFormatter()
        for item in items {
            guard let snippet = item["snippet"] as? [String: Any], snippet["title"] as? String == title,
                  let video = (snippet["resourceId"] as? [String: Any])?["videoId"] as? String else { continue }
            if let earliest {
                guard let published = (snippet["publishedAt"] as? String).flatMap(Self.date(stamp)), published >= earliest else { continue }
            }
            return video
        }
        return nil
    }

    /// RFC 3339 with or without fractional seconds.
    private static func date(_ plain: ISO8601DateFormatter) -> (String) -> Date? {
        { text in
            if let date = plain.date(from: text) { return date }
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return fractional.date(from: text)
        }
    }

    /// Reads a session reply: 200/201 with the resource, 308 with `Range`, 404/410 gone; 5xx was already thrown.
    private func state(of reply: PlatformHTTP.Reply) -> SessionState {
        switch reply.status {
        case 200, 201:
            guard let id = reply.json?["id"] as? String, !id.isEmpty else { return .refused("the upload's reply names no video id") }
            return .complete(video: id)
        case 308:
            guard let range = reply.headers["range"], let end = range.split(separator: "-").last.flatMap({ Int64($0) }) else {
                return .received(0)
            }
            return .received(end + 1)
        case 404, 410:
            return .gone
        default:
            let error = GoogleError(reply)
            return .refused(error.cap ?? "\(error)")
        }
    }
}
