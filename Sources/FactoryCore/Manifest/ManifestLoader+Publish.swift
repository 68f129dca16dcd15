import Foundation
import Yams

extension LoadSession {
    /// `publish:` against the items: YouTube's made-for-kids said for children's items, and the
    /// texts the manifest gives (title, caption, hashtags) within each platform's limits.
    mutating func checkPublishing(_ publish: PublishSettings, items: [Item], root: Node) {
        let sequence = root["items"]?.sequence.map(Array.init) ?? []
        // Each item's place in the YAML, found once (a search per item is quadratic in a big week).
        let positions = Self.positions(of: sequence)
        for (index, item) in items.enumerated() {
            let platforms = item.publishing.platforms ?? publish.platforms
            guard !platforms.isEmpty else { continue }
            let node = positions[item.id].map { sequence[$0] } ?? root
            let position = positions[item.id] ?? index
            if platforms.contains(.youtube), item.forChildren, (item.publishing.madeForKids ?? publish.youtube.madeForKids) == nil {
                problems.append(problem(at: node["publish"] ?? node, path: "items[\(position)].publish",
                    "item \(item.id) is a \(item.kind) for children and goes to YouTube, which must be told whether it is made for kids: "
                    + "set `publish.youtube.made_for_kids: true` (or false) for the week, or `publish: { made_for_kids: true }` on the item"))
            }
            for platform in platforms {
                for found in PostingRules.problems(platform, title: item.title, caption: item.caption, hashtags: item.hashtags) {
                    problems.append(problem(at: node, path: "items[\(position)]", "item \(item.id) on \(platform.title): \(found); shorten it or leave \(platform) out of its `publish:`"))
                }
            }
        }
    }

    /// Where each item id first stands in the YAML's `items:` list: built once per check, so
    /// placing a problem is a lookup, not a search (a search per item is quadratic in a big week).
    static func positions(of sequence: [Node]) -> [String: Int] {
        Dictionary(sequence.enumerated().compactMap { entry in entry.element["id"]?.string.map { ($0, entry.offset) } },
                   uniquingKeysWith: { first, _ in first })
    }
}
