import FactoryTesting
import Foundation
import Testing

/// The README is a doorway (at most 10 KB), and every relative link in it and in docs/ leads
/// somewhere: the file exists, and a `#fragment` names a heading of that file (GitHub's slugs).
@Suite struct DocsLinkTests {
    static let root = TestSupport.repoRoot

    static func pages() throws -> [URL] {
        let docs = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("docs"), includingPropertiesForKeys: nil)
        return [root.appendingPathComponent("README.md")] + docs.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// `[text](target)` links outside code spans and fences.
    static func links(in text: String) -> [String] {
        var out: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            let plain = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
            var rest = Substring(plain)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                out.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return out
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
    static func slug(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    static func anchors(of file: URL) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        var fenced = false
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            out.insert(slug(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return out
    }

    @Test func theReadmeIsAtMostTenKilobytes() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size <= 10_240, "README.md is \(size) bytes: move detail into docs/")
    }

    @Test func everyRelativeLinkResolves() throws {
        var broken: [String] = []
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(page.lastPathComponent): \(link) (no such file)")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md", !(try Self.anchors(of: target)).contains(parts[1]) {
                    broken.append("\(page.lastPathComponent): \(link) (no such heading)")
                }
            }
        }
        #expect(checked > 50, "only \(checked) links found")
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test func theSlugsAreGitHubs() {
        #expect(Self.slug("Estimating a week before paying (`factory estimate`)") == "estimating-a-week-before-paying-factory-estimate")
        #expect(Self.slug("Narration after 2027-01-06") == "narration-after-2027-01-06")
        #expect(Self.links(in: "see [a](b.md#c) and `[x](y)`\n```\n[p](q)\n```") == ["b.md#c"])
    }
}
