import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Bad manifests: each problem names the path, the line and column, and a fix.
@Suite struct ManifestErrorTests {
    /// One bad input and what `validate` must say about it.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var yaml: String
        var path: String
        var fragment: String
        var line: Int?
        var description: String { name }
    }

    static let head = "version: 1\nweek: 2026-W48\n"

    static let cases: [Case] = [
        Case(name: "unknown top-level key", yaml: "version: 1\nweeek: 2026-W48\nweek: 2026-W48\nitems: []\n",
             path: "weeek", fragment: "did you mean \"week\"", line: 2),
        Case(name: "unknown item key", yaml: head + "items:\n  - { id: a, kind: poster, day: monday, serie: monday-motivation }\n",
             path: "items[0].serie", fragment: "did you mean \"series\"", line: 4),
        Case(name: "voice misspelt", yaml: head + "items:\n  - id: story\n    kind: bedtime-story\n    day: tuesday\n    hero: { name: Luna, age: 6 }\n    voice: corral\n",
             path: "items[0].voice", fragment: "\"corral\" is not a voice; did you mean \"coral\"?", line: 8),
        Case(name: "id with capitals", yaml: head + "items:\n  - { id: Mon_Poster, kind: poster, day: monday }\n",
             path: "items[0].id", fragment: "not a valid id", line: 4),
        Case(name: "duplicate id", yaml: head + "items:\n  - { id: a, kind: poster, day: monday }\n  - { id: a, kind: poster, day: friday }\n",
             path: "items[1].id", fragment: "duplicate id \"a\"", line: 5),
        Case(name: "path leaves the folder", yaml: head + "items:\n  - { id: a, kind: poster, day: monday, music: ../../etc/passwd }\n",
             path: "items[0].music", fragment: "outside the manifest's folder", line: 4),
        Case(name: "variants out of range", yaml: head + "items:\n  - { id: a, kind: poster, day: monday, variants: 7 }\n",
             path: "items[0].variants", fragment: "between 1 and 4", line: 4),
        Case(name: "bad week", yaml: "version: 1\nweek: 2026-48\nitems: []\n", path: "week", fragment: "ISO week", line: 2),
        Case(name: "unknown kind", yaml: head + "items:\n  - { id: a, kind: postr, day: monday }\n",
             path: "items[0].kind", fragment: "did you mean \"poster\"", line: 4),
        Case(name: "bad weekday", yaml: head + "items:\n  - { id: a, kind: poster, day: mondey }\n",
             path: "items[0].day", fragment: "did you mean \"monday\"", line: 4),
        Case(name: "unknown key in kind defaults", yaml: head + "defaults:\n  poster:\n    stlye: pastel\nitems:\n  - { id: a, kind: poster, day: monday }\n",
             path: "defaults.poster.stlye", fragment: "did you mean \"style\"", line: 5),
        Case(name: "bedtime without hero", yaml: head + "items:\n  - { id: b, kind: bedtime-story, day: monday }\n",
             path: "items[0].hero", fragment: "needs a hero", line: 4),
        Case(name: "wrong type", yaml: head + "items:\n  - { id: a, kind: poster, day: monday, variants: two }\n",
             path: "items[0].variants", fragment: "", line: 4),
        Case(name: "YAML syntax", yaml: head + "items:\n  - { id: a, kind: poster\n", path: "", fragment: "YAML syntax", line: nil),
        Case(name: "missing version", yaml: "week: 2026-W48\nitems: []\n", path: "version", fragment: "version: 1", line: nil),
        Case(name: "unknown timezone", yaml: head + "timezone: Mars/Olympus\nitems: []\n", path: "timezone", fragment: "IANA", line: 3),
    ]

    @Test(arguments: cases)
    func reportsProblem(_ c: Case) throws {
        let folder = try TemporaryFolder("manifest")
        let file = try folder.write(c.yaml, to: "week.yaml")
        let error = #expect(throws: ManifestError.self) { try ManifestLoader.load(path: file, kinds: StandardKinds.registry) }
        let problems = error?.problems ?? []
        let match = problems.first { $0.path == c.path && (c.fragment.isEmpty || $0.message.contains(c.fragment)) }
        #expect(match != nil, "no problem at \(c.path) containing \(c.fragment); got \(problems)")
        if let line = c.line { #expect(match?.line == line, "\(String(describing: match))") }
        if let match { #expect(match.description.hasPrefix(file)) }
    }

    @Test func reportsEveryProblemAtOnce() throws {
        let folder = try TemporaryFolder("manifest")
        let file = try folder.write(Self.head + "items:\n  - { id: A, kind: poster, day: monday, tempo: 3 }\n  - { id: b, kind: poster, day: sunday, style: pastle }\n", to: "w.yaml")
        let error = #expect(throws: ManifestError.self) { try ManifestLoader.load(path: file, kinds: StandardKinds.registry) }
        let paths = Set(error?.problems.map(\.path) ?? [])
        #expect(paths.isSuperset(of: ["items[0].id", "items[0].tempo", "items[1].style"]), "\(paths)")
    }

    @Test func missingLocalFileFailsOnlyItsItem() throws {
        let folder = try TemporaryFolder("manifest")
        let file = try folder.write(Self.head + "items:\n  - { id: a, kind: poster, day: monday, music: songs/none.mp3 }\n  - { id: b, kind: poster, day: monday }\n", to: "w.yaml")
        let manifest = try ManifestLoader.load(path: file, kinds: StandardKinds.registry)
        #expect(manifest.items.count == 2)
        let problem = try #require(manifest.itemProblems["a"]?.first)
        #expect(problem.path == "items[0].music")
        #expect(problem.message.contains("songs/none.mp3"))
        #expect(manifest.itemProblems["b"] == nil)
    }
}
