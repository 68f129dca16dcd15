import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// `loudness:` at the top level, under `defaults:` and on an item, each kind's own default, and
/// the errors a wrong value gets.
@Suite struct LoudnessSettingTests {
    static func load(_ header: String, items: String) throws -> [String: LoudnessTarget] {
        let folder = try TemporaryFolder("manifest-loudness")
        let yaml = "version: 1\nweek: 2026-W48\n" + header + "items:\n" + items
        let manifest = try ManifestLoader.load(path: try folder.write(yaml, to: "week.yaml"), kinds: StandardKinds.registry)
        return Dictionary(uniqueKeysWithValues: manifest.items.map { ($0.id, $0.loudness) })
    }

    static let items = """
      - { id: p, kind: poster, day: monday }
      - { id: b, kind: bedtime-story, day: tuesday, hero: { name: Luna, age: 6 } }
      - { id: own, kind: poster, day: friday, loudness: { integrated: -16, true_peak: -2 } }

    """

    @Test func eachKindHasItsDefault() throws {
        let levels = try Self.load("", items: Self.items)
        #expect(levels["p"] == LoudnessTarget(integrated: -14, truePeak: -1, preset: .shortForm))
        #expect(levels["b"] == LoudnessTarget(integrated: -18, truePeak: -1, preset: .bedtime))
        #expect(levels["own"] == LoudnessTarget(integrated: -16, truePeak: -2))
    }

    @Test func theTopLevelSettingIsUnderDefaultsAndItems() throws {
        var levels = try Self.load("loudness: -16\n", items: Self.items)
        #expect(levels["p"]?.integrated == -16 && levels["b"]?.integrated == -16 && levels["p"]?.truePeak == -1)
        #expect(levels["own"]?.integrated == -16 && levels["own"]?.truePeak == -2)
        levels = try Self.load("loudness: broadcast\ndefaults:\n  bedtime-story: { loudness: bedtime }\n", items: Self.items)
        #expect(levels["p"]?.preset == .broadcast && levels["p"]?.integrated == -23)
        #expect(levels["b"]?.preset == .bedtime)
    }

    @Test(arguments: [
        ("loudness: shortform\n", "\"shortform\" is not a loudness preset; did you mean \"short-form\"?"),
        ("loudness: -3\n", "loudness -3 LUFS is out of range"),
        ("loudness: { integrated: -14, peak: -1 }\n", "unknown key \"peak\""),
        ("loudness: { true_peak: -1 }\n", "loudness needs `integrated:`"),
    ])
    func aWrongValueIsNamed(header: String, fragment: String) throws {
        let error = #expect(throws: ManifestError.self) { try Self.load(header, items: Self.items) }
        let messages = (error?.problems ?? []).map(\.description)
        #expect(messages.contains { $0.contains(fragment) }, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("loudness") }, "\(messages)")
    }
}
