import Foundation

/// What the offline painter reads to vary an image's art (live APIs ignore it): the kind whose
/// artist paints it, the week and the scene's prompt, and the kind's own hints under keys its
/// folder declares (`ImageHints.Key`, e.g. a poster's series and style). Encoded as the flat
/// string map it replaced, so anything that stored a request reads the same.
public struct ImageHints: Sendable, Equatable, Codable {
    /// The kind whose offline artist paints the image (nil: the generic landscape).
    public var kind: Kind?
    /// The ISO week, so a week's pictures differ from the last one's.
    public var week: String?
    /// The scene in words, for the painter's choices; the request's prompt when nil.
    public var prompt: String?
    /// The kind's own hints.
    public var own: [Key: String]

    /// A key a kind declares for its own hints (`extension ImageHints.Key { static let role = … }`).
    public struct Key: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
    }

    public init(kind: Kind? = nil, week: String? = nil, prompt: String? = nil, own: [Key: String] = [:]) {
        self.kind = kind
        self.week = week
        self.prompt = prompt
        self.own = own
    }

    public subscript(key: Key) -> String? {
        get { own[key] }
        set { own[key] = newValue }
    }

    /// The flat map: "kind", "week", "prompt" and the kind's own keys.
    public var flat: [String: String] {
        var map = Dictionary(uniqueKeysWithValues: own.map { ($0.key.rawValue, $0.value) })
        map["kind"] = kind?.rawValue
        map["week"] = week
        map["prompt"] = prompt
        return map
    }

    public init(flat map: [String: String]) {
        var own = map
        kind = own.removeValue(forKey: "kind").map { Kind($0) }
        week = own.removeValue(forKey: "week")
        prompt = own.removeValue(forKey: "prompt")
        self.own = Dictionary(uniqueKeysWithValues: own.map { (Key(rawValue: $0.key), $0.value) })
    }

    public init(from decoder: any Decoder) throws {
        self.init(flat: try [String: String](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try flat.encode(to: encoder)
    }
}
