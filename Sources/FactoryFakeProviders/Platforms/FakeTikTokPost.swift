import Foundation

/// One post the fake TikTok holds, from init to its final status.
struct FakeTikTokPost: Sendable {
    var publishId: String
    /// direct | inbox
    var mode: String
    var account: String
    var title: String
    var fields: [String: String]
    var began: Date
    var videoSize: Int
    var chunkSize: Int
    var chunkCount: Int
    var received = 0
    var uploadId: String
    var uploadToken: String
    var uploadExpires: Date
    /// When the last byte arrived.
    var uploadedAt: Date? = nil
    /// Set when the upload completed while a failure was due (`failNext`).
    var failReason: String? = nil
    /// The post id once public (withheld until moderation ends: content-posting-api-reference-get-video-status).
    var postId: String? = nil

    /// The status word of status/fetch at `now`: PROCESSING_UPLOAD until the bytes are in and
    /// processed, then FAILED, SEND_TO_USER_INBOX (inbox uploads) or PUBLISH_COMPLETE (direct posts)
    /// (get-video-status page; the two terminal words per the workato page, secondary).
    /// An upload whose URL lapsed before its last byte ends FAILED: the docs do not say what TikTok
    /// reports for an abandoned upload (nor how long the URL lives); this is the fake's choice.
    func status(at now: Date, processingSeconds: Double) -> String {
        guard let uploadedAt else { return now >= uploadExpires ? "FAILED" : "PROCESSING_UPLOAD" }
        guard now.timeIntervalSince(uploadedAt) >= processingSeconds else { return "PROCESSING_UPLOAD" }
        if failReason != nil { return "FAILED" }
        return mode == "inbox" ? "SEND_TO_USER_INBOX" : "PUBLISH_COMPLETE"
    }

    /// status/fetch's `fail_reason` once FAILED.
    var reason: String { failReason ?? (uploadedAt == nil ? "upload_url_expired" : "") }

    /// Only public posts get a `publicaly_available_post_id`.
    var isPublic: Bool { fields["privacy_level"] == "PUBLIC_TO_EVERYONE" }

    func summary(at now: Date, processingSeconds: Double) -> FakePlatformPost {
        let status = status(at: now, processingSeconds: processingSeconds)
        var fields = fields
        fields["mode"] = mode
        if status == "FAILED" { fields["fail_reason"] = reason }
        return FakePlatformPost(platform: "tiktok", id: publishId, title: title, bytes: received, status: status,
                                landed: status == "PUBLISH_COMPLETE" || status == "SEND_TO_USER_INBOX", fields: fields)
    }
}
