@testable import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// The pieces of `estimate` and `regenerate` that need no process: canonical JSON, money and
/// unit formatting, stage groups, caps, and what a regeneration may redo.
struct PlanningTests {
    @Test func canonicalJSONIsSortedCompactAndParsesBack() throws {
        let value: [String: Any] = ["b": 1, "a": ["z": true, "y": [1.5, 7.0, "x"]], "s": "quote \" back\\slash\nline\t/é😀\u{01}",
                                    "n": NSNull(), "raw": CanonicalJSON.Raw(Data(#"{"k":2}"#.utf8))]
        let text = CanonicalJSON.string(value)
        #expect(text == #"{"a":{"y":[1.5,7,"x"],"z":true},"b":1,"n":null,"raw":{"k":2},"s":"quote \" back\\slash\nline\t/é😀\u0001"}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == "quote \" back\\slash\nline\t/é😀\u{01}")
        #expect((parsed["raw"] as? [String: Any])?["k"] as? Int == 2)
    }

    @Test(arguments: [(0.0, "$0.0000"), (0.00005, "$0.0001"), (1.23456, "$1.2346"), (12.5, "$12.5000"), (-0.5, "-$0.5000")])
    func dollars(_ value: Double, _ text: String) {
        #expect(EstimateReport.usd(value) == text)
    }

    @Test func unitsReadLikeAPerson() {
        #expect(EstimateReport.units(["input_tokens": 1204, "output_tokens": 600], exact: true) == "1,204 in + 600 out tokens")
        #expect(EstimateReport.units(["images": 1], exact: false) == "~1 image")
        #expect(EstimateReport.units(["characters": 2310, "audio_seconds": 142.4], exact: true) == "2,310 chars, 142 s audio")
    }

    @Test(arguments: [("text", StageGroup.text), ("text-retry", .text), ("image-2", .image), ("image-before", .image),
                      ("speech-07", .speech), ("render", .render)])
    func stageNamesFallInTheirGroup(_ name: String, _ group: StageGroup) {
        #expect(StageName(rawValue: name).group == group)
    }

    @Test func unknownStageNamesHaveNoGroup() {
        #expect(StageName(rawValue: "textual").group == nil)
        #expect(StageName.bundle.group == nil)
    }

    @Test func capsCountWhatTheLedgerAlreadyHolds() {
        let caps = WeekPlan.Caps(today: "2026-11-23", dailyUSD: 3, weeklyUSD: 15, committedTodayUSD: 2.5, committedWeekUSD: 10,
                                 daysOverDailyCap: [])
        #expect(!caps.breaksDaily(0.5))
        #expect(caps.breaksDaily(0.51))
        #expect(!caps.breaksWeekly(5))
        #expect(caps.breaksWeekly(5.01))
    }

    static func poster(quote: Bool) throws -> Item {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        let quoteLine = quote ? ", quote: \"Rest is part of the work\"" : ""
        try Data("""
        version: 1
        week: 2026-W48
        timezone: UTC
        items:
          - { id: p0, kind: poster, day: monday, series: monday-motivation, prompt: "a hill"\(quoteLine) }
        """.utf8).write(to: url)
        return try ManifestLoader.load(path: url.path, kinds: StandardKinds.registry).items[0]
    }

    static func stages(_ item: Item, _ names: [StageName]) -> [PlannedStage] {
        names.map { PlannedStage(item: item, stage: $0, provider: "offline", model: "-", status: .free) }
    }

    @Test func aRegenerationRedoesOnlyWhatTheItemHas() throws {
        let item = try Self.poster(quote: true)
        let planned = Self.stages(item, ["image"])
        let error = #expect(throws: FactoryError.self) {
            try Regeneration(item: item, stage: .text, seed: nil, variant: nil, nextVariant: 1, planned: planned)
        }
        #expect("\(error!)".contains("has no text stage (its quote is in the manifest); its stages are image, render"))
        #expect(throws: FactoryError.self) {
            try Regeneration(item: item, stage: .speech, seed: nil, variant: nil, nextVariant: 1, planned: planned)
        }
        let render = try Regeneration(item: item, stage: .render, seed: nil, variant: nil, nextVariant: 1, planned: planned)
        #expect(render.fresh.isEmpty)
        #expect(render.item.stageSeeds.isEmpty)
    }

    @Test func eachVariantIsANewSeedAndAGivenSeedWins() throws {
        let item = try Self.poster(quote: false)
        let planned = Self.stages(item, ["text", "image"])
        let first = try Regeneration(item: item, stage: .image, seed: nil, variant: nil, nextVariant: 1, planned: planned)
        let second = try Regeneration(item: item, stage: .image, seed: nil, variant: nil, nextVariant: 2, planned: planned)
        let third = try Regeneration(item: item, stage: .image, seed: nil, variant: 1, nextVariant: 7, planned: planned)
        #expect(first.fresh == [.image])
        #expect(first.seeds[.image] != second.seeds[.image])
        #expect(third.seeds[.image] == first.seeds[.image], "--variant 1 is the first regeneration's seed")
        #expect(first.item.stageSeeds[.text] == nil, "the quote keeps its seed")
        let seeded = try Regeneration(item: item, stage: nil, seed: 42, variant: nil, nextVariant: 1, planned: planned)
        #expect(seeded.fresh == [.text, .image])
        #expect(seeded.seeds == [.text: 42, .image: 42])
    }
}
