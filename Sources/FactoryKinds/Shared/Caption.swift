/// The one rule every kind's caption follows for hashtags: the kind's own, then the item's; "#"
/// added where missing, spaces removed, empty ones dropped, each once whatever its case (the first
/// spelling wins).
public enum Hashtags {
    public static func merged(_ own: [String], _ extra: [String]) -> [String] {
        var tags: [String] = []
        var seen = Set<String>()
        for tag in own + extra {
            let word = tag.filter { !$0.isWhitespace }
            let t = word.hasPrefix("#") ? word : "#" + word
            guard t.count > 1, seen.insert(t.lowercased()).inserted else { continue }
            tags.append(t)
        }
        return tags
    }
}

/// Post captions, whatever the kind.
public enum Caption {
    /// The longest caption the platforms we post to take (TikTok's and Instagram's 2,200 characters).
    public static let limit = 2200

    public static func clip(_ text: String) -> String { text.count <= limit ? text : String(text.prefix(limit)) }
}
