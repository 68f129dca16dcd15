@testable import FactoryProviders
import Testing

@Suite("Realtime: transcript check")
struct RealtimeTranscriptCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var transcript: String
        var passes: Bool
        var testDescription: String { name }
    }

    static let paragraph = "The little fox crept through the silver grass. She found a warm burrow under the old oak tree. "
        + "Her brother was already asleep there. She curled up beside him and closed her eyes."

    static let cases: [Case] = [
        Case(name: "exact", text: "The moon rose over the quiet hill.", transcript: "The moon rose over the quiet hill.", passes: true),
        Case(name: "contraction only", text: "Do not be afraid, it is only the wind.", transcript: "Don't be afraid, it's only the wind.", passes: true),
        Case(name: "contraction undone", text: "We're nearly home, aren't we?", transcript: "We are nearly home, are not we?", passes: true),
        Case(name: "one word swapped in 8 words", text: "The owl watched the stars all night long.",
             transcript: "The owl watched the moon all night long.", passes: false),
        Case(name: "two words swapped in order", text: "The owl watched the stars all night long.",
             transcript: "The owl watched the stars night all long.", passes: false),
        Case(name: "punctuation and case only", text: "\u{201C}Goodnight,\u{201D} whispered Mia\u{2014}softly.",
             transcript: "goodnight whispered mia softly", passes: true),
        Case(name: "curly apostrophe", text: "It\u{2019}s time for bed.", transcript: "It's time for bed.", passes: true),
        Case(name: "numerals", text: "She counted 3 sheep, then 21, then 100.",
             transcript: "She counted three sheep, then twenty-one, then one hundred.", passes: true),
        Case(name: "numeral with and", text: "There were 120 stars.", transcript: "There were one hundred and twenty stars.", passes: true),
        Case(name: "ordinal", text: "It was her 3rd wish.", transcript: "It was her third wish.", passes: true),
        Case(name: "a dropped sentence", text: paragraph,
             transcript: "The little fox crept through the silver grass. She found a warm burrow under the old oak tree. "
                 + "She curled up beside him and closed her eyes.", passes: false),
        Case(name: "one slip in a long paragraph", text: paragraph, transcript: paragraph.replacingOccurrences(of: "old oak", with: "big oak"),
             passes: true),
        Case(name: "an added greeting", text: "The moon rose.", transcript: "Hello! The moon rose.", passes: false),
    ]

    @Test("normalised word comparison", arguments: cases)
    func table(_ c: Case) {
        let check = TranscriptCheck(text: c.text, transcript: c.transcript)
        #expect(check.passed == c.passes, "\(c.name): \(check.errors) errors of \(check.words) words, \(check.allowed) allowed")
    }

    @Test("the threshold: none below 10 words, 1 from 10, 5 % of long texts")
    func threshold() {
        #expect(TranscriptCheck.allowedErrors(words: 8) == 0)
        #expect(TranscriptCheck.allowedErrors(words: 9) == 0)
        #expect(TranscriptCheck.allowedErrors(words: 10) == 1)
        #expect(TranscriptCheck.allowedErrors(words: 39) == 1)
        #expect(TranscriptCheck.allowedErrors(words: 40) == 2)
        #expect(TranscriptCheck.allowedErrors(words: 100) == 5)
    }

    @Test("normalising: contractions, numbers, abbreviations")
    func normalising() {
        #expect(TranscriptCheck.normalised("Won't you come, Mr. Bear?") == ["will", "not", "you", "come", "mister", "bear"])
        #expect(TranscriptCheck.normalised("The fox's den") == ["the", "foxs", "den"])
        #expect(TranscriptCheck.normalised("1,200 cats and 2.5") == ["one", "thousand", "two", "hundred", "cats", "and", "two", "point", "five"])
        #expect(TranscriptCheck.normalised("one hundred and one") == ["one", "hundred", "one"])
        #expect(TranscriptCheck.normalised("  ") == [])
    }

    @Test("word error rate and distance")
    func rate() {
        let check = TranscriptCheck(text: "one two three four", transcript: "one three four five")
        #expect(check.errors == 2)
        #expect(check.rateText == "0.50")
        #expect(TranscriptCheck.distance([], ["a"]) == 1)
        #expect(TranscriptCheck.distance(["a", "b"], ["a", "b"]) == 0)
    }
}
