import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Core knows kinds only through their descriptors (docs/architecture.md, "A kind's anatomy"): no
/// Swift code under Sources/FactoryCore names a registered kind, and none of the types a kind
/// keeps in its folder (its content, briefs, prompts and vocabulary) is declared there.
@Suite struct CoreNamesNoKindTests {
    /// A user-facing word that happens to contain a kind's stem, and why it is not a kind.
    static let allowed: [(file: String, word: String, why: String)] = [
        ("Manifest/LoudnessTarget.swift", "bedtime", "the `loudness: bedtime` preset names a listening level, whatever the kind"),
    ]

    /// The words a kind is spelled by: its manifest name and that name's first part
    /// (`bedtime-story` → `bedtime`), and the type names its folder declares.
    static func kindWords() throws -> [String] {
        let names = StandardKinds.registry.kinds.map(\.rawValue)
        let stems = names.compactMap { $0.split(separator: "-").first.map(String.init) }
        return Array(Set(names + stems)).sorted()
    }

    /// Each Swift file of a folder, as (path below the folder, code with comments and blank lines taken out).
    static func code(under folder: URL) throws -> [(file: String, lines: [String])] {
        try ModuleBoundaryTests.swiftFiles(in: folder).map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let code = line.hasPrefix("//") ? "" : String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                return code.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : code
            }
            return (path, lines)
        }
    }

    @Test func noCodeInCoreNamesAKind() throws {
        let core = TestSupport.repoRoot.appendingPathComponent("Sources/FactoryCore")
        let words = try Self.kindWords()
        #expect(words.contains("poster") && words.contains("bedtime"), "the registry's kinds: \(words)")
        var found: [String] = []
        for (file, lines) in try Self.code(under: core) {
            for (n, line) in lines.enumerated() {
                let lower = line.lowercased()
                for word in words where lower.contains(word) {
                    if Self.allowed.contains(where: { $0.file == file && $0.word == word }) { continue }
                    found.append("\(file):\(n + 1): \(word): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "Core names a kind (move it into Sources/FactoryKinds/<Kind>/ and reach it through the descriptor):\n\(found.joined(separator: "\n"))")
    }

    @Test func theKindsContentTypesLiveInTheirFolders() throws {
        let core = TestSupport.repoRoot.appendingPathComponent("Sources/FactoryCore")
        let kinds = TestSupport.repoRoot.appendingPathComponent("Sources/FactoryKinds")
        // The types each kind's Content/ folder declares: none may come back into Core.
        var owned: [String] = []
        for (file, lines) in try Self.code(under: kinds) where file.contains("/Content/") {
            // Top-level declarations only (a nested `CodingKeys` is nobody's).
            for line in lines where !line.hasPrefix(" ") {
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                for keyword in ["struct", "enum", "protocol"] {
                    if let at = words.firstIndex(of: Substring(keyword)), at + 1 < words.count { owned.append(String(words[at + 1])) }
                }
            }
        }
        #expect(owned.contains("StoryBrief") && owned.contains("QuoteBrief") && owned.contains("Conversation") && owned.contains("Series"),
                "the kinds' content: \(owned.sorted())")
        var declared: [String] = []
        for (file, lines) in try Self.code(under: core) {
            for line in lines {
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                for keyword in ["struct", "enum", "protocol", "typealias"] {
                    if let at = words.firstIndex(of: Substring(keyword)), at + 1 < words.count, owned.contains(String(words[at + 1])) {
                        declared.append("\(file): \(words[at + 1])")
                    }
                }
            }
        }
        #expect(declared.isEmpty, "a kind's type is declared in Core: \(declared)")
    }
}
