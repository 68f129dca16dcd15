/// A location in the manifest, printed as `items[3].hero.name` or `defaults.poster.style`.
struct NodePath: Sendable, Equatable {
    var segments: [Segment] = []

    /// One step: a key of a mapping or an index in a list.
    enum Segment: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    init() {}
    init(items index: Int) { segments = [.key("items"), .index(index)] }
    init(_ segments: [Segment]) { self.segments = segments }
    init(keys: [CodingKey]) { segments = keys.map(Self.segment) }

    static func segment(_ key: CodingKey) -> Segment {
        if let i = key.intValue { return .index(i) }
        return .key(key.stringValue)
    }

    func appending(_ key: String) -> NodePath { NodePath(segments + [.key(key)]) }

    /// Appends a decoder's path; when its first key was inherited from `defaults`, the location is
    /// the defaults entry instead of the item.
    func appending(_ keys: [CodingKey], origins: [String: NodePath]) -> NodePath {
        if let first = keys.first, first.intValue == nil, let origin = origins[first.stringValue] {
            return NodePath(origin.segments + keys.dropFirst().map(Self.segment))
        }
        return NodePath(segments + keys.map(Self.segment))
    }

    var text: String {
        var out = ""
        for segment in segments {
            switch segment {
            case .key(let k): out += out.isEmpty ? k : ".\(k)"
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }
}
