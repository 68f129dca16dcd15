import Foundation
import Hummingbird

/// rupload.facebook.com: the video bytes of a resumable container.
extension FakeInstagram {
    /// POST /ig-api-upload[/{version}]/{container-id} (resumable-uploads page: the endpoint and the
    /// `Authorization: OAuth` header; `offset`, `file_size` and the reply
    /// `{"success":true,"message":"Upload successful."}` are secondary, from public code). An upload
    /// resumes at `offset` = the bytes received so far; the page says uploads can be resumed but not
    /// how the offset is learnt, so the fake names it in its errors. Sending the whole file again at 0
    /// after it arrived changes nothing.
    func upload(_ call: FakeInstagramCall) -> Response {
        let parts = call.parts
        guard parts.first == "ig-api-upload", parts.count == 2 || parts.count == 3, let id = parts.last else {
            return FakeInstagramCall.uploadError(404, type: "NotFoundError", "no such upload path")
        }
        if parts.count == 3, !FakeInstagramCall.isVersion(parts[1]) {
            return FakeInstagramCall.uploadError(404, type: "NotFoundError", "no such upload path")
        }
        guard let token = call.oauthHeaderToken, isValid(token) else {
            return FakeInstagramCall.uploadError(401, type: "AuthError", "Authorization: OAuth <valid access token> is required")
        }
        guard var container = containers[id], container.mode == "resumable" else {
            return FakeInstagramCall.uploadError(400, type: "ProcessingFailedError", "\(id) is not a resumable container")
        }
        guard status(of: container, at: Date()).code != "EXPIRED" else {
            return FakeInstagramCall.uploadError(400, type: "ProcessingFailedError", "the container expired")
        }
        guard let size = call.headers["file_size"].flatMap(Int.init), size > 0,
              let offset = call.headers["offset"].flatMap(Int.init), offset >= 0 else {
            return FakeInstagramCall.uploadError(400, type: "BadRequestError", "offset and file_size headers are required")
        }
        if let known = container.fileSize, known != size {
            return FakeInstagramCall.uploadError(400, type: "BadRequestError", "file_size \(size) differs from the \(known) bytes begun with")
        }
        let success: FakeJSON = ["success": true, "message": "Upload successful."]
        if container.arrived != nil {
            guard offset == 0, call.body.count == size else {
                return FakeInstagramCall.uploadError(400, type: "BadRequestError", "the video was received whole already")
            }
            return FakeInstagramCall.ok(success)
        }
        // An upload resumes where the bytes stop, and nowhere else: a resend from 0 over bytes
        // already received breaks the container (error-codes page: 2207053 "unknown upload error",
        // whose fix is a new container); its status_code turns ERROR.
        guard offset == container.received else {
            container.failure = "2207053"
            containers[id] = container
            return FakeInstagramCall.graphError(code: -1, subcode: 2207053,
                                                "offset \(offset) does not follow the \(container.received) bytes received: upload to a new container")
        }
        guard offset + call.body.count <= size else {
            return FakeInstagramCall.uploadError(400, type: "BadRequestError", "more bytes than file_size \(size)")
        }
        container.fileSize = size
        // A dying client's body: what arrived stays.
        container.received = offset + call.body.count
        guard call.complete else {
            containers[id] = container
            return FakeInstagramCall.uploadError(400, type: "BadRequestError", "the body was cut short", retriable: true)
        }
        if container.received == size { arrive(&container, at: Date()) }
        containers[id] = container
        return FakeInstagramCall.ok(success)
    }
}
