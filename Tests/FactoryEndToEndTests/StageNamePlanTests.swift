import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// The sample week plans every kind: the stage names `estimate --json` prints are the ones written
/// before stage names were values, and each reads back as a `StageName` spelled the same.
@Suite struct StageNamePlanTests {
    /// `factory estimate manifests/sample-week.yaml --json` before `StageName`, item by item.
    static let expected: [(item: String, stage: String)] = [
        ("mon-motivation", "text"), ("mon-motivation", "image-1"), ("mon-motivation", "image-2"),
        ("wed-wisdom", "text"), ("wed-wisdom", "image"), ("thu-therapy", "image"),
        ("sun-wellness", "text"), ("sun-wellness", "image"), ("tue-chat", "text"), ("fri-chat", "text"),
        ("wed-recipe", "text"), ("wed-recipe", "image-before"), ("wed-recipe", "image-after"), ("wed-recipe", "image-meal"),
        ("sun-recipe", "image-before"), ("sun-recipe", "image-after"), ("sun-recipe", "image-meal"),
        ("sat-bedtime", "text"), ("sat-bedtime", "speech"), ("sat-bedtime", "image"),
    ]

    struct Plan: Decodable {
        struct Stage: Decodable { var item: String; var kind: String; var stage: String }
        var stages: [Stage]
    }

    @Test func theSampleWeekPlansTheNamesItAlwaysDidAndEachRoundTrips() throws {
        let folder = try TemporaryFolder("stage-names")
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let estimate = try TestSupport.runFactory(["estimate", manifest, "--output", "out", "--offline", "--json"], in: folder.url)
        #expect(estimate.status == 0, "\(estimate.stderr)")
        let plan = try JSONDecoder().decode(Plan.self, from: Data(estimate.stdout.utf8))
        #expect(plan.stages.map(\.item) == Self.expected.map(\.item))
        #expect(plan.stages.map(\.stage) == Self.expected.map(\.stage))
        #expect(Set(plan.stages.map(\.kind)) == Set(StandardKinds.registry.kinds.map(\.rawValue)), "the sample week has an item of every registered kind")
        for row in plan.stages {
            let name = StageName(rawValue: row.stage)
            #expect(name.rawValue == row.stage && name.group != nil, "\(row.item) \(row.stage)")
        }
    }
}
