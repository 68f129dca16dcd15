import Foundation

/// Each platform's limits on what is posted with a video, checked at `validate` on the texts the
/// manifest gives and again at `publish` on the bundle's own (docs/publishing.md, with sources).
public enum PostingRules {
    public struct Limits: Sendable {
        public var title: Int?
        public var caption: Int
        public var hashtags: Int?
    }

    public static func limits(_ platform: Platform) -> Limits {
        switch platform {
        // TikTok: a video's `title` (its caption) up to 2,200 characters (secondary: docs.postsyncer.com);
        // no hashtag limit found in TikTok's docs.
        case .tiktok: Limits(title: nil, caption: 2200, hashtags: nil)
        // YouTube: title ≤100, description ≤5,000; more than 15 hashtags and YouTube ignores them all.
        case .youtube: Limits(title: 100, caption: 5000, hashtags: 15)
        // Instagram: caption ≤2,200 characters, ≤30 hashtags.
        case .instagram: Limits(title: nil, caption: 2200, hashtags: 30)
        }
    }

    /// The hashtags in `text` (words starting with #).
    public static func hashtags(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { $0.hasPrefix("#") && $0.count > 1 }
    }

    /// What breaks `platform`'s limits, one sentence each naming the field and the limit; empty when all is well.
    public static func problems(_ platform: Platform, title: String?, caption: String?, hashtags: [String]) -> [String] {
        let limit = limits(platform)
        var found: [String] = []
        if let max = limit.title, let title, title.count > max {
            found.append("the title has \(title.count) characters; \(platform.title) takes at most \(max)")
        }
        if let caption, caption.count > limit.caption {
            found.append("the caption has \(caption.count) characters; \(platform.title) takes at most \(limit.caption)")
        }
        let tags = Set(hashtags.map { $0.lowercased() } + Self.hashtags(in: caption ?? "").map { $0.lowercased() })
        if let max = limit.hashtags, tags.count > max {
            let why = platform == .youtube ? " (with more, YouTube ignores every one)" : ""
            found.append("\(tags.count) hashtags; \(platform.title) takes at most \(max)\(why)")
        }
        return found
    }
}
