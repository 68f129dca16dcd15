import FactoryCore
import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Testing

/// What review marks as close to earlier weeks: a checked field at 0.35 and up (a repeat from
/// 0.5), a fixed text that repeats one (allowed), an image from the same prompt and seed.
@Suite struct RepeatMarksTests {
    static func entry(_ week: String, _ item: String, _ field: MemoryField, _ text: String, seed: UInt64? = nil, fixed: Bool = false) -> MemoryEntry {
        MemoryEntry(series: "monday-motivation", kind: "poster", week: week, item: item, version: 1, field: field, text: text, seed: seed, fixed: fixed)
    }

    static let earlier = [
        entry("2026-W40", "mon", .quote, "Small steps every day add up to big changes."),
        entry("2026-W41", "mon", .quote, "Rest is part of the work."),
        entry("2026-W41", "mon", .imagePrompt, "sunrise over hills", seed: 42),
    ]

    @Test func nearRepeatsFixedRepeatsAndReusedImagesAreMarked() {
        let marks = WeekReview.marks([
            Self.entry("2026-W42", "mon", .quote, "Small steps each day add up to big change."),
            Self.entry("2026-W42", "thu", .quote, "Rest is part of the work.", fixed: true),
            Self.entry("2026-W42", "mon", .imagePrompt, "sunrise over hills", seed: 42),
        ], earlier: Self.earlier)
        #expect(marks.count == 3, "\(marks)")
        #expect(marks[0].hasPrefix("quote repeats 2026-W40 mon ("))
        #expect(marks[1].hasPrefix("quote repeats (fixed in the manifest, allowed) 2026-W41 mon (1.00)"))
        #expect(marks[2] == "image repeats 2026-W41 mon: the same prompt and seed 42")
    }

    @Test func closeButAllowedIsMarkedAsCloseAndNewWorkIsNot() {
        let close = "Small steps each day, big change"
        let score = RepeatMeasure.similarity(close, "Small steps every day add up to big changes.")
        #expect(score >= RepeatMeasure.close && score < RepeatMeasure.nearRepeat, "\(score)")
        #expect(WeekReview.marks([Self.entry("2026-W42", "mon", .quote, close)], earlier: Self.earlier).first?.hasPrefix("quote is close to 2026-W40 mon") == true)
        #expect(WeekReview.marks([Self.entry("2026-W42", "mon", .quote, "Fall seven times, stand up eight."),
                                  Self.entry("2026-W42", "mon", .imagePrompt, "sunrise over hills", seed: 43),
                                  Self.entry("2026-W42", "mon", .attribution, "Seneca")], earlier: Self.earlier).isEmpty)
    }

    /// The ledger gives a field back by name only; the registry's declaration says it is checked.
    @Test func aLedgersFieldsAreJudgedAsTheirKindDeclaresThem() async throws {
        let folder = try TemporaryFolder("repeat-marks")
        let review = try WeekReview.load(folder: try ReviewFixtures.week(in: folder))
        let ledger = try Ledger(path: folder.url.appendingPathComponent("ledger.sqlite"))
        for (week, quote) in [("2026-W46", "Small steps every day add up to big changes."), ("2026-W48", "Small steps each day add up to big change.")] {
            _ = try ledger.record(Publication(series: "monday-motivation", kind: .poster, week: week, item: "mon-poster", runId: week,
                                          entries: [Remembered(.quote, quote)]))
        }
        #expect(try ledger.history(series: nil, from: nil, to: nil).allSatisfy { !$0.field.checked }, "read back by name only")
        let marked = await review.marked(memory: ledger, weeks: 12, fields: StandardKinds.registry.memoryFields)
        let marks = marked.entries.first { $0.id == "mon-poster" }?.repeats ?? []
        #expect(marks.count == 1 && marks[0].hasPrefix("quote repeats 2026-W46 mon-poster ("), "\(marks)")
    }
}
