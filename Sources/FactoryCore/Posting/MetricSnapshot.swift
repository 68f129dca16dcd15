import Foundation

/// What one read of one post's figures returned: append-only, one per post per schedule slot
/// (a poll killed and run again finds the slot taken and records nothing twice). Each metric is
/// kept under the platform's own name as returned; a figure the platform did not give is nil,
/// with `reason` saying why, never 0 (docs/analytics.md).
public struct MetricSnapshot: Sendable, Equatable, Codable {
    public var week: String
    public var item: String
    public var platform: Platform
    /// The post's id on the platform, as a string (TikTok's are 19-digit numbers).
    public var postId: String
    /// The schedule moment this read answers (ISO 8601, UTC): the de-duplication key with the post.
    public var slot: String
    public var fetchedAt: String
    /// The platform's metric names and values; nil = not given.
    public var values: [String: Double?]
    /// Who can see the post, when the platform says (`SELF_ONLY`, `private`, `public`).
    public var visibility: String?
    /// Why figures are missing (not public yet, no data before 48 h, the id is not known).
    public var reason: String?

    public init(week: String, item: String, platform: Platform, postId: String, slot: String, fetchedAt: String,
                values: [String: Double?], visibility: String? = nil, reason: String? = nil) {
        self.week = week
        self.item = item
        self.platform = platform
        self.postId = postId
        self.slot = slot
        self.fetchedAt = fetchedAt
        self.values = values
        self.visibility = visibility
        self.reason = reason
    }

    /// The metrics as stored: sorted JSON with explicit nulls, so every store writes the same text.
    public static func encode(_ values: [String: Double?]) -> String {
        let parts = values.keys.sorted().map { key -> String in
            let quoted = String(decoding: (try? JSONEncoder().encode(key)) ?? Data("\"\"".utf8), as: UTF8.self)
            guard let value = values[key] ?? nil, value.isFinite else { return "\(quoted):null" }
            return value == value.rounded() && abs(value) < 1e15 ? "\(quoted):\(Int64(value))" : "\(quoted):\(value)"
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    public static func decode(_ text: String) -> [String: Double?] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [:] }
        var values: [String: Double?] = [:]
        for (key, value) in object { values.updateValue((value as? NSNumber)?.doubleValue, forKey: key) }
        return values
    }
}
