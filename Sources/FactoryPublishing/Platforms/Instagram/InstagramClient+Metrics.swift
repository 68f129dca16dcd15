import FactoryCore
import Foundation

/// Figures from `GET /{ig-media-id}/insights` (developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights),
/// one call a post, with the Reels metrics current in v24 only: one retired name (`plays`,
/// `impressions`, `video_views`…) fails the whole request. An empty `data` is "not yet" (up to
/// 48 h late), never 0. Throttling (codes 4, 17, 32, 613) and a `X-Business-Use-Case-Usage`
/// near its ceiling defer the rest (developers.facebook.com/docs/graph-api/overview/rate-limiting).
extension InstagramClient: MetricReader {
    public static let metricNames = ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions",
                                     "ig_reels_avg_watch_time"]
    /// Stop asking once any usage figure passes this share of the budget.
    static let usageCeiling = 90

    public func readMetrics(_ targets: [MetricTarget]) async throws -> MetricBatch {
        var batch = MetricBatch()
        for target in targets {
            guard let media = target.record.remoteId, !media.isEmpty else {
                batch.readings[target.record.id] = MetricReading(postId: "", values: Self.missing, reason: "the journal has no media id for it")
                continue
            }
            let url = try graphURL("\(media)/insights", query: [("metric", Self.metricNames.joined(separator: ","))])
            var reply = try await send(url)
            if GraphFault(reply)?.isAuth == true {
                await context.tokens.invalidate()
                reply = try await send(url)
            }
            if let fault = GraphFault(reply) {
                if [4, 17, 32, 341, 613].contains(fault.code ?? 0) {
                    batch.deferred = "Instagram is throttling the app (\(fault.summary))"
                    return batch
                }
                if fault.code == 10 || (200..<300).contains(fault.code ?? 0) || fault.isAuth {
                    throw PublishError(.credentials, platform: platform,
                                       "insights: \(fault.summary); the token lacks instagram_business_manage_insights; run `factory auth instagram`")
                }
                batch.readings[target.record.id] = MetricReading(postId: media, values: Self.missing, reason: "insights refused: \(fault.summary)")
                continue
            }
            let data = reply.json?["data"] as? [[String: Any]] ?? []
            var values = Self.missing
            for entry in data {
                guard let name = entry["name"] as? String, Self.metricNames.contains(name) else { continue }
                let first = (entry["values"] as? [[String: Any]])?.first?["value"] ?? (entry["total_value"] as? [String: Any])?["value"]
                values.updateValue((first as? NSNumber)?.doubleValue, forKey: name)
            }
            batch.readings[target.record.id] = MetricReading(
                postId: media, values: values,
                reason: data.isEmpty ? "Instagram has no figures for it yet (they can take 48 h)" : nil)
            if let usage = Self.usage(reply.headers["x-business-use-case-usage"]),
               usage >= Self.usageCeiling {
                batch.deferred = "Instagram's business use case usage is at \(usage) %; the rest waits for the next poll"
                return batch
            }
        }
        return batch
    }

    private func send(_ url: URL) async throws -> PlatformHTTP.Reply {
        let token = try await currentToken()
        return try await http.send(.GET, url, headers: [("Authorization", "Bearer \(token.accessToken)")], body: nil, platform: platform)
    }

    static var missing: [String: Double?] { Dictionary(uniqueKeysWithValues: metricNames.map { ($0, Double?.none) }) }

    /// The highest of `call_count`, `total_cputime` and `total_time` (percent) across the header's
    /// business entries, or nil without the header.
    static func usage(_ header: String?) -> Int? {
        guard let header, let object = try? JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any] else { return nil }
        var highest: Int?
        for case let entries as [[String: Any]] in object.values {
            for entry in entries {
                for key in ["call_count", "total_cputime", "total_time"] {
                    if let value = InstagramClient.int(entry[key]) { highest = max(highest ?? 0, value) }
                }
            }
        }
        return highest
    }
}
