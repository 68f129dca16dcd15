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
        case gone
        case refused(String)
    }

    /// Asks the session how far the upload got.
    func query(_ session: URL, size: Int64) async throws -> SessionState {
        let reply = try await call(.PUT, session, headers: [("Content-Range", "bytes */\(size)")], body: Data())
        return state(of: reply, fallback: 0)
    }

    /// Sends the file from byte `start` in `chunkBytes` pieces, each following the server's `Range`.
    func upload(_ video: URL, size: Int64, to session: URL, from start: Int64) async throws -> UploadResult {
        var next = start
        var queried = false
        while true {
            if next >= size {
                // Everything was sent but no resource came back: ask once.
                guard !queried else { return .refused("the session took every byte but never named the video") }
                queried = true
                switch try await query(session, size: size) {
                case .complete(let id): return .complete(video: id)
                case .received(let at): next = at; if at >= size { return .refused("the session took every byte but never named the video") }
                case .gone: return .gone
                case .refused(let why): return .refused(why)
                }
            }
            let last = min(size, next + chunkBytes) - 1
            let bytes = try PostingEndpoint.bytes(of: video, first: next, last: last, platform: platform)
            let reply = try await call(.PUT, session, headers: [("Content-Type", "video/mp4"),
                                                               ("Content-Range", "bytes \(next)-\(last)/\(size)")], body: bytes)
            switch state(of: reply, fallback: next) {
            case .complete(let id): return .complete(video: id)
            case .received(let at): next = at
            case .gone: return .gone
            case .refused(let why): return .refused(why)
            }
        }
    }

    /// Reads a session reply: 200/201 with the resource, 308 with `Range`, 404/410 gone; 5xx was already thrown.
    private func state(of reply: PlatformHTTP.Reply, fallback: Int64) -> SessionState {
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
