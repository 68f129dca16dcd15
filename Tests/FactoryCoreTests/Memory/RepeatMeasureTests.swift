@testable import FactoryCore
import Testing

/// The no-repeat measure: normalised text, three-character shingles, Jaccard similarity; refused
/// from 0.5, marked as close from 0.35. The table is the calibration docs/standing-weeks.md quotes.
@Suite struct RepeatMeasureTests {
    @Test(arguments: [
        ("Café Crème!!", "cafe creme"),
        ("Small steps,   every day — add up", "small steps every day add up"),
        ("ÉTÉ à l'Ouest", "ete a l ouest"),
        ("  Rest\tis\npart of the work. ", "rest is part of the work"),
        ("Ｆｕｌｌ width", "full width"),
    ])
    func normalisesCasePunctuationWhitespaceAndDiacritics(_ text: String, _ expected: String) {
        #expect(RepeatMeasure.normalise(text) == expected)
    }

    /// Rewordings and near copies of a line: refused.
    @Test(arguments: [
        ("Small steps every day add up to big changes.", "small steps, every day, add up to BIG changes!!"),
        ("Small steps every day add up to big changes.", "Small steps each day add up to big change."),
        ("A journey of a thousand miles begins with a single step.", "The journey of a thousand miles starts with one step."),
        ("Rest is not a reward for finishing. It is part of the work", "Rest is part of the work, not a reward for finishing."),
        ("Who rang my doorbell at 3am?", "Who rang my doorbell at 4am?"),
        ("Egg Fried Rice", "Egg Fried Rice with Peas"),
        ("The beginning is the most important part of any work.", "The beginning is the most important part of the work."),
    ])
    func nearRepeatsAreRefused(_ a: String, _ b: String) {
        let score = RepeatMeasure.similarity(a, b)
        #expect(score >= RepeatMeasure.nearRepeat, "\(score): \(a) | \(b)")
        #expect(RepeatMeasure.similarity(b, a) == score, "symmetric")
    }

    /// Different lines of one series, sharing words or a hero's name: allowed.
    @Test(arguments: [
        ("Little by little, one travels far.", "Little by little, a little becomes a lot."),
        ("Well begun is half done.", "Well done is better than well said."),
        ("Mia and the Firefly Lanterns", "Mia and the Moonlit Path"),
        ("Mia and the Whispering Wood", "The Night Mia Walked in the Wood"),
        ("Spaghetti Aglio e Olio", "Honey Soy Chicken Stir-Fry"),
        ("While we are postponing, life speeds by.", "Begin at once to live, and count each separate day as a separate life."),
        ("The vending machine gave me a key", "My name was in a library book"),
    ])
    func differentLinesPass(_ a: String, _ b: String) {
        #expect(RepeatMeasure.similarity(a, b) < RepeatMeasure.close, "\(RepeatMeasure.similarity(a, b)): \(a) | \(b)")
    }

    @Test func identicalAfterNormalisingIsOneAndEmptyIsNothing() {
        #expect(RepeatMeasure.similarity("Hello, World", "hello world") == 1)
        #expect(RepeatMeasure.similarity("", "") == 0)
        #expect(RepeatMeasure.similarity("a", "b") < RepeatMeasure.close)
    }

    @Test func closestPicksTheMostSimilarAtOrAboveTheThreshold() {
        let earlier = [
            MemoryEntry(series: "s", kind: "poster", week: "2026-W40", item: "a", version: 1, field: .quote, text: "Little by little, one travels far."),
            MemoryEntry(series: "s", kind: "poster", week: "2026-W41", item: "b", version: 1, field: .quote, text: "Small steps every day add up to big changes."),
            MemoryEntry(series: "s", kind: "poster", week: "2026-W42", item: "c", version: 1, field: .quote, text: "Small steps each day add up to big change."),
        ]
        let found = RepeatMeasure.closest(to: "Small steps every day add up to big changes!", in: earlier)
        #expect(found?.entry.item == "b" && found?.similarity == 1)
        #expect(RepeatMeasure.closest(to: "Fall seven times, stand up eight.", in: earlier) == nil)
    }
}
