import FactoryCore
import Foundation

/// Figures from the Display API (developers.tiktok.com/doc/tiktok-api-v2-video-query and
/// …/tiktok-api-v2-video-list): `video/query` for posts whose video id is known, 20 ids a call;
/// `video/list` to find the id that status/fetch never gave (`publicaly_available_post_id` is
/// often empty), matched by publish time and caption. 429 `rate_limit_exceeded` defers the rest.
extension TikTokClient: MetricReader {
    static let metricFields = "id,create_time,title,video_description,view_count,like_count,comment_count,share_count"
    static let countNames = ["view_count", "like_count", "comment_count", "share_count"]

    public func readMetrics(_ targets: [MetricTarget]) async throws -> MetricBatch {
        var batch = MetricBatch()
        var known: [(target: MetricTarget, id: String)] = []
        var unknown: [MetricTarget] = []
        for target in targets {
            // An inbox upload stays in the creator's drafts until they post it in the app: no id, no figures.
            if target.record.details[.mode] == "inbox" {
                batch.readings[target.record.id] = MetricReading(
                    postId: target.record.remoteId ?? "", values: Self.missing,
                    reason: "sent to the creator's TikTok inbox: it has no id until they post it in the app")
                continue
            }
            if let id = target.record.remoteId, Self.isVideoId(id) { known.append((target, id)) } else { unknown.append(target) }
        }
        // Posts without an id: one walk down the creator's public videos, newest first, to the oldest publish time.
        if !unknown.isEmpty {
            switch try await discover(unknown) {
            case .limited(let why):
                batch.deferred = why
                return batch
            case .found(let found):
                for target in unknown {
                    if let id = found[target.record.id] {
                        known.append((target, id))
                    } else {
                        let privacy = target.record.details[.privacy]
                        batch.readings[target.record.id] = MetricReading(
                            postId: target.record.remoteId ?? "", values: Self.missing, visibility: privacy,
                            reason: privacy == "SELF_ONLY" ? "posted SELF_ONLY: only the creator can see it, and TikTok lists no figures"
                                : "TikTok gave no video id and video/list does not show it (not public yet, or not public)")
                    }
                }
            }
        }
        for start in stride(from: 0, to: known.count, by: 20) {
            let chunk = Array(known[start..<min(known.count, start + 20)])
            switch try await api("/v2/video/query/", query: [("fields", Self.metricFields)],
                                 body: ["filters": ["video_ids": chunk.map(\.id)]]) {
            case .limited(let why):
                batch.deferred = "TikTok video/query: \(why)"
                return batch
            case .refused(let code, let message):
                throw PublishError(code.hasPrefix("scope") ? .credentials : .refused, platform: platform,
                                   "video/query refused (\(code): \(message))" + (code.hasPrefix("scope") ? "; run `factory auth tiktok` to grant video.list" : ""))
            case .ok(let data):
                let videos = (data["videos"] as? [[String: Any]] ?? [])
                for (target, id) in chunk {
                    guard let video = videos.first(where: { PostingEndpoint.text($0["id"]) == id }) else {
                        batch.readings[target.record.id] = MetricReading(postId: id, values: Self.missing, visibility: target.record.details[.privacy],
                                                                         reason: "video/query did not return it (deleted, or no longer public)")
                        continue
                    }
                    var values: [String: Double?] = [:]
                    for name in Self.countNames { values.updateValue(PostingEndpoint.number(video[name]).map(Double.init), forKey: name) }
                    batch.readings[target.record.id] = MetricReading(postId: id, values: values, visibility: target.record.details[.privacy])
                }
            }
        }
        return batch
    }

    static var missing: [String: Double?] { Dictionary(uniqueKeysWithValues: countNames.map { ($0, Double?.none) }) }

    /// TikTok video ids are decimal numbers (19 digits); publish ids are not (`v_pub_…`).
    static func isVideoId(_ id: String?) -> Bool {
        guard let id, !id.isEmpty else { return false }
        return id.allSatisfy(\.isNumber)
    }

    enum Discovery {
        case found([Int64: String])
        case limited(String)
    }

    /// Pages `video/list` (20 a page, newest first) back to an hour before the oldest target, and
    /// matches each target to a video created within 15 minutes after it was begun whose title or
    /// description starts like its caption.
    func discover(_ targets: [MetricTarget]) async throws -> Discovery {
        let oldest = targets.map { Self.began($0) }.min() ?? Date()
        var found: [Int64: String] = [:]
        var cursor: Int64? = nil
        for _ in 0..<50 {
            var body: [String: Any] = ["max_count": 20]
            if let cursor { body["cursor"] = cursor }
            switch try await api("/v2/video/list/", query: [("fields", Self.metricFields)], body: body) {
            case .limited(let why): return .limited("TikTok video/list: \(why)")
            case .refused(let code, let message):
                throw PublishError(code.hasPrefix("scope") ? .credentials : .refused, platform: platform,
                                   "video/list refused (\(code): \(message))" + (code.hasPrefix("scope") ? "; run `factory auth tiktok` to grant video.list" : ""))
            case .ok(let data):
                let videos = data["videos"] as? [[String: Any]] ?? []
                for video in videos {
                    guard let id = PostingEndpoint.text(video["id"]), let created = PostingEndpoint.number(video["create_time"]) else { continue }
                    let at = Date(timeIntervalSince1970: TimeInterval(created))
                    let text = ((video["title"] as? String) ?? "") + " " + ((video["video_description"] as? String) ?? "")
                    for target in targets where found[target.record.id] == nil && !found.values.contains(id) {
                        let offset = at.timeIntervalSince(Self.began(target))
                        if offset >= -60, offset <= 900, Self.sameCaption(target.caption, text) { found[target.record.id] = id }
                    }
                }
                let next = PostingEndpoint.number(data["cursor"])
                let more = data["has_more"] as? Bool ?? false
                let oldestSeen = videos.compactMap { PostingEndpoint.number($0["create_time"]) }.min()
                guard more, let next, found.count < targets.count,
                      oldestSeen.map({ Date(timeIntervalSince1970: TimeInterval($0)) > oldest.addingTimeInterval(-3600) }) ?? false
                else { return .found(found) }
                cursor = next
            }
        }
        return .found(found)
    }

    static func began(_ target: MetricTarget) -> Date {
        ISO8601DateFormatter().date(from: target.record.createdAt) ?? target.postedAt
    }

    /// The first 40 letters and digits of the caption appear in the video's text (the creator may
    /// have edited the rest).
    static func sameCaption(_ caption: String, _ text: String) -> Bool {
        let key = { (s: String) in String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let wanted = String(key(caption).prefix(40))
        return !wanted.isEmpty && key(text).contains(wanted)
    }
}
