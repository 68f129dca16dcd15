import Foundation
import Hummingbird

/// `GET /{ig-media-id}/insights?metric=…`
/// (developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights): Reels
/// metrics as `{"data":[{"name","period":"lifetime","values":[{"value":N}],"title","description","id"}]}`.
/// A retired metric (`plays`, `impressions`, `video_views`, …: changelog v21/v22) fails the whole
/// request with code 100; until the media's insights exist (up to 48 h) `data` is empty, not
/// zeros. Every call reports `X-Business-Use-Case-Usage`, and past 100 % answers code 4
/// (developers.facebook.com/docs/graph-api/overview/rate-limiting).
extension FakeInstagram {
    static let reelMetrics: Set<String> = ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions",
                                           "ig_reels_avg_watch_time", "ig_reels_video_view_total_time", "reels_skip_rate",
                                           "reposts", "crossposted_views", "facebook_views"]
    static let retiredMetrics: Set<String> = ["plays", "clips_replays_count", "ig_reels_aggregated_all_plays_count", "impressions",
                                              "video_views"]

    func insights(_ id: String, _ call: FakeInstagramCall) -> Response {
        let spent = metrics.takeInstagramCall()
        let usage = min(100, spent)
        let header = [("X-Business-Use-Case-Usage", "{\"\(config.userId)\":[{\"type\":\"instagram\",\"call_count\":\(usage),"
                       + "\"total_cputime\":\(usage / 2),\"total_time\":\(usage / 2),\"estimated_time_to_regain_access\":0}]}")]
        // The call that reaches 100 % is answered (its header says so); the ones after it are throttled.
        guard spent <= 100 else {
            return FakeInstagramCall.graphError(code: 4, "(#4) Application request limit reached", transient: true)
        }
        guard let reel = media.first(where: { $0.id == id }) else {
            return FakeInstagramCall.graphError(code: 100, subcode: 33,
                "Unsupported get request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation")
        }
        let names = (call.fields["metric"] ?? "").split(separator: ",").map(String.init)
        guard !names.isEmpty else { return FakeInstagramCall.graphError(code: 100, "(#100) The parameter metric is required") }
        if let retired = names.first(where: Self.retiredMetrics.contains) {
            return FakeInstagramCall.graphError(code: 100,
                "(#100) Starting from v22.0, \(retired) metric is no longer supported. Please use views metric instead.")
        }
        if let unknown = names.first(where: { !Self.reelMetrics.contains($0) }) {
            return FakeInstagramCall.graphError(code: 100, "(#100) metric[0] must be one of the following values: "
                                                + Self.reelMetrics.sorted().joined(separator: ", ") + " (got \(unknown))")
        }
        let age = metrics.now.timeIntervalSince(reel.timestamp)
        guard age >= metrics.config.instagramDelayHours * 3600 else {
            return FakeInstagramCall.ok(["data": []], headers: header)
        }
        let curve = metrics.config.instagram
        let counts = metrics.counts(curve, since: reel.timestamp, title: reel.caption)
        let values: [String: FakeJSON] = [
            "views": .int(counts.views), "reach": .int(counts.views * 7 / 10), "likes": .int(counts.likes),
            "comments": .int(counts.comments), "shares": .int(counts.shares), "saved": .int(counts.saves),
            "total_interactions": .int(counts.likes + counts.comments + counts.shares + counts.saves),
            "ig_reels_avg_watch_time": .int(Int64(curve.watchMilliseconds)),
            "ig_reels_video_view_total_time": .int(Int64(curve.watchMilliseconds) * counts.views),
            "reels_skip_rate": .double(0.31), "reposts": .int(counts.shares / 2), "crossposted_views": .int(0), "facebook_views": .int(0),
        ]
        let data = names.map { name -> FakeJSON in
            ["name": .string(name), "period": "lifetime", "values": [["value": values[name] ?? .int(0)]],
             "title": .string(name), "description": "", "id": .string("\(id)/insights/\(name)/lifetime")]
        }
        return FakeInstagramCall.ok(["data": .array(data)], headers: header)
    }
}
