import FactoryCore
import Foundation

/// Figures from `videos.list?part=statistics,status` (developers.google.com/youtube/v3/docs/videos/list):
/// 1 quota unit a call, 50 ids a call; the counts arrive as JSON strings; a deleted or hidden id is
/// simply absent from `items`; `status.privacyStatus` tells a private upload. `quotaExceeded` (403)
/// defers the rest to after midnight Pacific (developers.google.com/youtube/v3/docs/errors).
extension YouTubeClient: MetricReader {
    static let countNames = ["viewCount", "likeCount", "commentCount", "favoriteCount"]

    public func readMetrics(_ targets: [MetricTarget]) async throws -> MetricBatch {
        var batch = MetricBatch()
        let known = targets.filter { $0.record.remoteId.map { !$0.isEmpty && !$0.hasPrefix("http") } ?? false }
        for target in targets where !known.contains(where: { $0.record.id == target.record.id }) {
            batch.readings[target.record.id] = MetricReading(postId: target.record.remoteId ?? "", values: Self.missing,
                                                             reason: "the journal has no YouTube video id for it")
        }
        for start in stride(from: 0, to: known.count, by: 50) {
            let chunk = Array(known[start..<min(known.count, start + 50)])
            let ids = chunk.compactMap(\.record.remoteId)
            let url = PostingEndpoint.url(context.baseURL, "/youtube/v3/videos",
                                          query: [("part", "statistics,status"), ("id", ids.joined(separator: ",")), ("maxResults", "50")])
            let reply = try await call(.GET, url, headers: [], body: nil)
            guard reply.status == 200 else {
                let error = GoogleError(reply)
                if ["quotaExceeded", "rateLimitExceeded", "userRateLimitExceeded"].contains(error.reason) {
                    batch.deferred = error.reason == "quotaExceeded"
                        ? "YouTube's daily quota is used up (403 quotaExceeded); it resets at midnight Pacific"
                        : "YouTube is rate-limiting the project (\(error.status) \(error.reason))"
                    return batch
                }
                throw PublishError(.refused, platform: platform, "videos.list refused: \(error)")
            }
            let items = reply.json?["items"] as? [[String: Any]] ?? []
            for target in chunk {
                let id = target.record.remoteId ?? ""
                guard let item = items.first(where: { $0["id"] as? String == id }) else {
                    batch.readings[target.record.id] = MetricReading(postId: id, values: Self.missing,
                                                                     reason: "videos.list did not return it (deleted, or not visible to this token)")
                    continue
                }
                let statistics = item["statistics"] as? [String: Any] ?? [:]
                let status = item["status"] as? [String: Any] ?? [:]
                var values: [String: Double?] = [:]
                // Counts are strings ("1234"); a hidden like count is absent: nil, not 0.
                for name in Self.countNames { values.updateValue(PostingEndpoint.number(statistics[name]).map(Double.init), forKey: name) }
                batch.readings[target.record.id] = MetricReading(postId: id, values: values, visibility: status["privacyStatus"] as? String,
                                                                 reason: statistics.isEmpty ? "videos.list gave no statistics" : nil)
            }
        }
        return batch
    }

    static var missing: [String: Double?] { Dictionary(uniqueKeysWithValues: countNames.map { ($0, Double?.none) }) }
}
