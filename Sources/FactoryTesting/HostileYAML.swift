/// Hostile YAML for tests and fuzz seeds: documents small on disk that expand enormously.
public enum HostileYAML {
    /// A "billion laughs" chain: `l0` holds `width` strings, each `l<n>` holds `width` aliases of
    /// `l<n-1>`, so the last anchor stands for `width^levels` strings. One line per anchor, each
    /// at its own line number (`firstLine + n`), under `key:` as a mapping.
    public static func billionLaughs(levels: Int = 10, width: Int = 10, key: String = "lol") -> String {
        var lines = ["\(key):"]
        lines.append("  l0: &l0 [" + Array(repeating: "\"lol\"", count: width).joined(separator: ", ") + "]")
        for level in 1..<max(levels, 2) {
            lines.append("  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A manifest whose first line after `version` and `week` starts a bomb under `title:` of its
    /// one item, so the manifest is otherwise valid.
    public static func manifestBomb(levels: Int = 10, width: Int = 10) -> String {
        "version: 1\nweek: 2026-W48\n" + billionLaughs(levels: levels, width: width, key: "x-bomb")
            + "items:\n  - { id: a, kind: poster, day: monday, title: *l\(levels - 1) }\n"
    }
}
