import FactoryCore
import FactoryKinds
import FactoryTesting
import FactorySystem
import Foundation
import Testing

/// YAML aliases are bounded: a "billion laughs" manifest or conversation file is refused at the
/// alias that takes it past the budget, in milliseconds; ordinary anchors still work.
@Suite struct AliasBombTests {
    /// How long `body` takes.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        return (value, clock.now - start)
    }

    @Test func aTenLevelBillionLaughsManifestIsRefusedAtTheAliasInUnderASecond() throws {
        let folder = try TemporaryFolder("alias-bomb")
        let file = try folder.write(HostileYAML.manifestBomb(levels: 10), to: "bomb.yaml")
        let (error, took) = Self.timed { #expect(throws: ManifestError.self) { try ManifestLoader.load(path: file, kinds: StandardKinds.registry) } }
        #expect(took < .seconds(1), "refusing the bomb took \(took)")
        let problems = error?.problems ?? []
        #expect(problems.count == 1, "\(problems)")
        // Line 9 is `l5: &l5 [*l4 × 10]`: each alias adds 111,111 values, and the eighth passes 1,000,000.
        let problem = try #require(problems.first)
        #expect(problem.line == 9 && problem.column == 47, "\(problem)")
        #expect(problem.description.hasPrefix("\(file):9:47: the alias *l4 here takes the document past 1000000 values"), "\(problem)")
        #expect(problem.message.contains("write the repeated values out or share smaller anchors"))
    }

    /// Yams's duplicate-key check hashes every key of a mapping as it composes it: an aliased bomb
    /// as a key would be walked there, before the loader sees the tree.
    @Test func aBombUsedAsAMappingKeyIsRefusedBeforeComposing() throws {
        let folder = try TemporaryFolder("alias-bomb")
        let yaml = "version: 1\nweek: 2026-W48\n" + HostileYAML.billionLaughs(levels: 9, key: "x") + "y: { ? *l8 : 1, ? *l7 : 2 }\nitems: []\n"
        let file = try folder.write(yaml, to: "keys.yaml")
        let (error, took) = Self.timed { #expect(throws: ManifestError.self) { try ManifestLoader.load(path: file, kinds: StandardKinds.registry) } }
        #expect(took < .seconds(1), "refusing the bomb took \(took)")
        #expect(error?.problems.first?.message.contains("past 1000000 values repeated through aliases") == true, "\(String(describing: error))")
    }

    @Test func anchorsSharedBetweenItemsStillLoad() throws {
        let folder = try TemporaryFolder("alias-bomb")
        let yaml = """
            version: 1
            week: 2026-W48
            items:
              - { id: mon, kind: bedtime-story, day: monday, theme: "a lost star", hero: &luna { name: Luna, age: 6, traits: [brave, curious] } }
              - { id: tue, kind: bedtime-story, day: tuesday, theme: "a sleepy moon", hero: *luna }
              - { id: wed, kind: bedtime-story, day: wednesday, theme: "a quiet owl", hero: *luna }

            """
        let manifest = try ManifestLoader.load(path: try folder.write(yaml, to: "week.yaml"), kinds: StandardKinds.registry)
        #expect(manifest.items.map(\.id) == ["mon", "tue", "wed"])
    }

    /// The count is exact: a sequence is one value plus its items, and each alias adds all of them.
    @Test(arguments: [(7, true), (8, false)])
    func theBudgetCountsEveryValueAnAliasAdds(limit: Int, refused: Bool) {
        let yaml = "a: &a [1, 2, 3]\nb: *a\nc: *a\n"
        do throws(AliasBudget.Exceeded) {
            try AliasBudget.check(yaml, limit: limit)
            #expect(!refused, "8 values through aliases passed a limit of \(limit)")
        } catch {
            #expect(refused, "refused under a limit of \(limit): \(error)")
            #expect(error.line == 3 && error.column == 4 && error.anchor == "a" && error.total == 8 && error.limit == limit, "\(error)")
        }
    }

    /// Anchors are per document: each document of a stream starts a new count.
    @Test func eachDocumentHasItsOwnBudget() throws {
        let one = "a: &a [1, 2, 3]\nb: *a\n"
        try AliasBudget.check(one + "---\n" + one, limit: 4)
        #expect(throws: AliasBudget.Exceeded.self) { try AliasBudget.check(one + "c: *a\n", limit: 4) }
    }

    @Test func aConversationFileBombFailsItsItemAtValidateNamingTheLine() throws {
        let folder = try TemporaryFolder("alias-bomb")
        try folder.write(HostileYAML.billionLaughs(levels: 10, key: "title") + "messages:\n  - { from: Ana, text: *l9 }\n", to: "thread.yaml")
        let yaml = "version: 1\nweek: 2026-W48\nitems:\n  - { id: c, kind: chat-story, day: thursday, prompt: x, conversation: thread.yaml }\n"
        let file = try folder.write(yaml, to: "week.yaml")
        let (manifest, took) = try Self.timed { try ManifestLoader.load(path: file, kinds: StandardKinds.registry) }
        #expect(took < .seconds(1), "refusing the conversation bomb took \(took)")
        let problem = try #require(manifest.itemProblems["c"]?.first)
        #expect(problem.path == "items[0].conversation" && problem.line == 4, "\(problem)")
        #expect(problem.message.contains("thread.yaml:7:47: the alias *l4 here takes the document past 1000000 values"), "\(problem)")
    }

    @Test func aConversationFileThatIsNotAThreadFailsItsItemAtValidate() throws {
        let folder = try TemporaryFolder("alias-bomb")
        try folder.write("title: no messages here\n", to: "thread.yaml")
        let yaml = "version: 1\nweek: 2026-W48\nitems:\n  - { id: c, kind: chat-story, day: thursday, prompt: x, conversation: thread.yaml }\n"
        let manifest = try ManifestLoader.load(path: try folder.write(yaml, to: "week.yaml"), kinds: StandardKinds.registry)
        #expect(manifest.itemProblems["c"]?.first?.message.contains("needs a `messages:` list") == true, "\(manifest.itemProblems)")
    }
}
