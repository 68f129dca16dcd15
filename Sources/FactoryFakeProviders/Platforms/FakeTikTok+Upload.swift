import Foundation
import Hummingbird

/// The upload_url's PUTs, per developers.tiktok.com/doc/content-posting-api-media-transfer-guide:
/// `Content-Type` a video type, `Content-Range: bytes FIRST-LAST/TOTAL` on chunk boundaries,
/// chunks in order (a chunk may be sent again after an interruption), 206 for a part, 201 at the end.
/// A chunk cut short by a dying client is dropped whole; a chunk sent after the last byte arrived is
/// refused: the upload is complete and TikTok processes it on its own clock (status/fetch tells).
extension FakeTikTok {
    func upload(_ call: FakePostingRequest) -> Response {
        guard let index = uploads.firstIndex(where: { $0.uploadId == call.query["upload_id"] }),
              uploads[index].uploadToken == call.query["upload_token"] else {
            return Self.failure(404, "invalid_params", "upload_id or upload_token is unknown.")
        }
        // The upload URL's lifetime is not documented (not found); once past it the URL is refused.
        guard uploads[index].uploadExpires > Date() else {
            return Self.failure(403, "invalid_file_upload", "The upload URL has expired.")
        }
        let post = uploads[index]
        guard let type = call.headers["content-type"], ["video/mp4", "video/quicktime", "video/webm"].contains(type) else {
            return Self.failure(400, "invalid_file_upload", "Content-Type must be video/mp4, video/quicktime or video/webm.")
        }
        guard let range = call.contentRange, let first = range.first, let last = range.last else {
            return Self.failure(400, "invalid_file_upload", "Content-Range: bytes FIRST-LAST/TOTAL is required.")
        }
        guard range.total == post.videoSize else {
            return Self.failure(400, "invalid_file_upload", "Content-Range total \(range.total) is not video_size \(post.videoSize).")
        }
        guard first % post.chunkSize == 0, first / post.chunkSize < post.chunkCount else {
            return Self.failure(400, "invalid_file_upload", "Content-Range does not start on a chunk boundary.")
        }
        guard post.received < post.videoSize else {
            return Self.failure(400, "invalid_file_upload",
                                "the chunk at bytes \(first)-\(last) does not continue the upload at \(post.received) of \(post.videoSize).")
        }
        let chunkIndex = first / post.chunkSize
        let expectedLast = chunkIndex == post.chunkCount - 1 ? post.videoSize - 1 : first + post.chunkSize - 1
        guard last == expectedLast else {
            return Self.failure(400, "invalid_file_upload", "chunk \(chunkIndex + 1) must end at byte \(expectedLast).")
        }
        guard call.complete, call.body.count == last - first + 1 else {
            return Self.failure(400, "invalid_file_upload", "the body has \(call.body.count) bytes; Content-Range says \(last - first + 1).")
        }
        guard first <= post.received else {
            return Self.failure(400, "invalid_file_upload", "chunks must be uploaded sequentially; expected byte \(post.received).")
        }
        if config.failUploadAtBytes > 0, !uploadFaultUsed, last + 1 > config.failUploadAtBytes {
            uploadFaultUsed = true
            return Self.failure(503, "internal_error", "injected fault: the upload was interrupted.")
        }
        uploads[index].received = last + 1
        guard last + 1 == post.videoSize else { return FakePostingRequest.reply(206) }
        if uploads[index].uploadedAt == nil {
            uploads[index].uploadedAt = Date()
            if failsLeft > 0 {
                failsLeft -= 1
                uploads[index].failReason = config.failReason
            }
        }
        return FakePostingRequest.reply(201)
    }
}
