import Foundation

/// Requests per key (access token + endpoint) in a sliding window: TikTok's "each user
/// access_token is limited to N requests per minute" (content-posting-api-reference-direct-post,
/// …-get-video-status). A value held inside the platform's actor.
struct FakeRateWindow: Sendable {
    var seconds: Double
    private var stamps: [String: [Date]] = [:]

    init(seconds: Double) { self.seconds = seconds }

    /// Counts one request under `key`; false (and not counted) when `limit` were already made in the window.
    /// A limit of 0 or less means no limit.
    mutating func admit(_ key: String, limit: Int) -> Bool {
        guard limit > 0 else { return true }
        let now = Date()
        var recent = (stamps[key] ?? []).filter { now.timeIntervalSince($0) < seconds }
        guard recent.count < limit else {
            stamps[key] = recent
            return false
        }
        recent.append(now)
        stamps[key] = recent
        return true
    }

    mutating func reset() { stamps = [:] }
}
