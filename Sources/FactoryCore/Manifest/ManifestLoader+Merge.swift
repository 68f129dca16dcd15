import Foundation
import Yams

/// The `defaults:` section split into what applies to every kind and what applies to one.
struct SplitDefaults {
    /// Top-level keys that are item settings too (`loudness:`), under every default.
    var topLevel: [(Node, Node)] = []
    var common: [(Node, Node)] = []
    var perKind: [Kind: [(Node, Node)]] = [:]
}

extension LoadSession {
    /// Separates `defaults.<kind>:` blocks from shared defaults and checks their keys.
    mutating func splitDefaults(_ node: Node?) -> SplitDefaults {
        var split = SplitDefaults()
        guard let node else { return split }
        guard let mapping = node.mapping else {
            problems.append(problem(at: node, path: "defaults", "defaults must be a mapping such as `defaults: { format: story }`"))
            return split
        }
        let everyKey = kinds.everyKey
        for (key, value) in mapping {
            let name = key.string ?? ""
            if let descriptor = kinds[Kind(name)] {
                let kind = descriptor.kind
                guard let inner = value.mapping else {
                    problems.append(problem(at: value, path: "defaults.\(name)", "defaults.\(name) must be a mapping of \(name) settings"))
                    continue
                }
                let allowed = Item.commonKeys + descriptor.keys
                for (k, v) in inner {
                    let innerName = k.string ?? ""
                    if ["id", "kind", "day"].contains(innerName) {
                        problems.append(problem(at: k, path: "defaults.\(name).\(innerName)", "\(innerName) cannot have a default; set it on each item"))
                    } else if !allowed.contains(innerName) {
                        problems.append(problem(at: k, path: "defaults.\(name).\(innerName)", unknownKeyMessage(innerName, allowed)))
                    } else {
                        split.perKind[kind, default: []].append((k, v))
                    }
                }
            } else if ["id", "kind", "day"].contains(name) {
                problems.append(problem(at: key, path: "defaults.\(name)", "\(name) cannot have a default; set it on each item"))
            } else if everyKey.contains(name) {
                split.common.append((key, value))
            } else {
                problems.append(problem(at: key, path: "defaults.\(name)", unknownKeyMessage(name, Array(everyKey) + kinds.kinds.map(\.rawValue))))
            }
        }
        return split
    }

    func unknownKeyMessage(_ key: String, _ allowed: [String]) -> String {
        if let near = Suggest.closest(to: key, in: allowed) { return "unknown key \"\(key)\"; did you mean \"\(near)\"?" }
        return "unknown key \"\(key)\"; remove it"
    }

    /// The item's mapping with inherited defaults underneath it (a key set on the item wins), and
    /// where each inherited key came from.
    func merge(item: Node, defaults: SplitDefaults) -> (node: Node, origins: [String: NodePath]) {
        guard let mapping = item.mapping else { return (item, [:]) }
        let kind = item["kind"]?.string.flatMap { kinds[Kind($0)]?.kind }
        let allowed = Set(Item.commonKeys + (kind.flatMap { kinds[$0]?.keys } ?? []))
        var pairs: [(Node, Node)] = []
        var origins: [String: NodePath] = [:]
        var index: [String: Int] = [:]
        func put(_ key: Node, _ value: Node, _ origin: NodePath?) {
            let name = key.string ?? ""
            if let i = index[name] { pairs[i] = (key, value) } else { index[name] = pairs.count; pairs.append((key, value)) }
            origins[name] = origin
        }
        for (k, v) in defaults.topLevel where allowed.contains(k.string ?? "") {
            put(k, v, NodePath([.key(k.string ?? "")]))
        }
        // Shared defaults apply only where the kind has such a setting (a default voice does not
        // make a poster invalid).
        for (k, v) in defaults.common where allowed.contains(k.string ?? "") {
            put(k, v, NodePath([.key("defaults"), .key(k.string ?? "")]))
        }
        if let kind {
            for (k, v) in defaults.perKind[kind] ?? [] {
                put(k, v, NodePath([.key("defaults"), .key(kind.rawValue), .key(k.string ?? "")]))
            }
        }
        for (k, v) in mapping { put(k, v, nil) }
        return (Node.mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)), origins)
    }
}
