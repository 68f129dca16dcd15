import Foundation

/// One upload the fake YouTube holds: its resumable session, then the video it became.
struct FakeYouTubeVideo: Sendable {
    var uploadId: String
    var sessionExpires: Date
    var total: Int
    var contentType: String
    var received = 0
    /// The `video` resource's settable parts as sent (snippet, status).
    var snippet: FakeJSON
    var status: FakeJSON
    var videoId: String? = nil
    var uploadedAt: Date? = nil
    var failReason: String? = nil

    /// `status.uploadStatus` and `processingDetails.processingStatus` at `now`: uploaded/processing
    /// until processed/succeeded, or failed/failed (values from the discovery document youtube.v3.json).
    func state(at now: Date, processingSeconds: Double) -> (upload: String, processing: String, progress: Double) {
        guard let uploadedAt else { return ("uploading", "processing", 0) }
        let elapsed = now.timeIntervalSince(uploadedAt)
        guard elapsed >= processingSeconds else {
            return ("uploaded", "processing", processingSeconds > 0 ? elapsed / processingSeconds : 1)
        }
        return failReason == nil ? ("processed", "succeeded", 1) : ("failed", "failed", 1)
    }

    /// The video resource as videos.insert and videos.list return it.
    func resource(at now: Date, processingSeconds: Double, parts: Set<String>) -> FakeJSON {
        let state = state(at: now, processingSeconds: processingSeconds)
        var fields: [String: FakeJSON] = ["kind": "youtube#video", "etag": .string(FakePostingRequest.token("", length: 27)),
                                          "id": .string(videoId ?? "")]
        if parts.contains("snippet") { fields["snippet"] = snippet }
        if parts.contains("status") {
            var statusFields = status.object ?? [:]
            statusFields["uploadStatus"] = .string(state.upload)
            if let failReason, state.upload == "failed" { statusFields["failureReason"] = .string(failReason) }
            if let kids = statusFields["selfDeclaredMadeForKids"] { statusFields["madeForKids"] = kids }
            fields["status"] = .object(statusFields)
        }
        if parts.contains("processingDetails") {
            var details: [String: FakeJSON] = ["processingStatus": .string(state.processing)]
            if state.processing == "processing" {
                let done = Int64(state.progress * 1000)
                details["processingProgress"] = ["partsTotal": 1000, "partsProcessed": .int(done),
                                                 "timeLeftMs": .int(Int64((1 - state.progress) * 1000 * 1000))]
            }
            if state.processing == "failed" { details["processingFailureReason"] = "transcodeFailed" }
            fields["processingDetails"] = .object(details)
        }
        return .object(fields)
    }

    func summary(at now: Date, processingSeconds: Double) -> FakePlatformPost {
        let state = state(at: now, processingSeconds: processingSeconds)
        var fields: [String: String] = ["uploadStatus": state.upload, "processingStatus": state.processing]
        for (key, value) in status.object ?? [:] {
            fields[key] = value.string ?? value.bool.map(String.init) ?? value.text
        }
        if let categoryId = snippet["categoryId"]?.string { fields["categoryId"] = categoryId }
        if let tags = snippet["tags"]?.array { fields["tags"] = tags.compactMap(\.string).joined(separator: ",") }
        if let description = snippet["description"]?.string { fields["description"] = description }
        if let failReason { fields["failureReason"] = failReason }
        return FakePlatformPost(platform: "youtube", id: videoId ?? uploadId, title: snippet["title"]?.string ?? "",
                                bytes: received, status: state.upload, landed: state.upload == "processed", fields: fields)
    }
}
