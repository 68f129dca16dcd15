@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// Cutting a story into speech requests: at sentence boundaries, preferring paragraph ends, every
/// chunk under both limits (4,096 characters and the token estimate), never empty, nothing lost.
@Suite struct StoryChunkerTests {
    /// A paragraph of whole sentences of exactly `count` Unicode scalars.
    static func paragraph(scalars count: Int, sentence: String = "Sleepy owls hum softly.") -> String {
        var parts: [String] = []
        var length = 0
        while true {
            let remaining = count - length - (parts.isEmpty ? 0 : 1)
            if remaining <= sentence.unicodeScalars.count + 6 {
                parts.append("Z" + String(repeating: "z", count: max(0, remaining - 2)) + ".")
                break
            }
            parts.append(sentence)
            length += sentence.unicodeScalars.count + (parts.count == 1 ? 0 : 1)
        }
        return parts.joined(separator: " ")
    }

    /// Every chunk is non-empty and under both limits, and the words of the chunks are the words of the story.
    static func expectSound(_ chunks: [NarrationChunk], _ paragraphs: [String], characters: Int = 4096, tokens: Int = 2000,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, chunk) in chunks.enumerated() {
            #expect(!chunk.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "chunk \(i) is empty", sourceLocation: sourceLocation)
            #expect(!chunk.sentences.isEmpty && chunk.sentences.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
            #expect(StoryChunker.characters(chunk.text) <= characters,
                    "chunk \(i) has \(StoryChunker.characters(chunk.text)) characters", sourceLocation: sourceLocation)
            #expect(StoryChunker.estimatedTokens(chunk.text) <= tokens,
                    "chunk \(i) has ~\(StoryChunker.estimatedTokens(chunk.text)) tokens", sourceLocation: sourceLocation)
            #expect(chunk.sentences.joined(separator: " ").split(whereSeparator: \.isWhitespace)
                    == chunk.text.split(whereSeparator: \.isWhitespace), "chunk \(i)'s sentences are its text", sourceLocation: sourceLocation)
        }
        let written = paragraphs.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined()
        let spoken = chunks.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined()
        #expect(spoken == written, "text was lost or changed", sourceLocation: sourceLocation)
        #expect(chunks.last?.endsParagraph ?? true, sourceLocation: sourceLocation)
    }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var paragraphs: [String]
        /// Chunks expected (nil: one if the whole text is under both limits by the estimate, else at least two).
        var count: Int?
    }

    static let cases: [Case] = [
        Case(description: "exactly 4096 characters", paragraphs: [paragraph(scalars: 4096)], count: 1),
        Case(description: "4097 characters", paragraphs: [paragraph(scalars: 4097)], count: 2),
        Case(description: "4095 characters", paragraphs: [paragraph(scalars: 4095)], count: 1),
        Case(description: "8192 characters in one paragraph", paragraphs: [paragraph(scalars: 8192)], count: nil),
        Case(description: "a 5,000-character sentence without commas",
             paragraphs: ["It was a long " + Array(repeating: "and sleepy", count: 500).joined(separator: " ") + " night."], count: 2),
        Case(description: "a 6,000-character sentence with commas",
             paragraphs: [Array(repeating: "the owls hummed, the foxes yawned; the moon rose", count: 130).joined(separator: ", ") + "."],
             count: nil),
        Case(description: "a 5,000-character word", paragraphs: [String(repeating: "z", count: 5000)], count: 2),
        Case(description: "short words past the token limit before the character limit",
             paragraphs: [Array(repeating: "I am. We go.", count: 330).joined(separator: " ")], count: nil),
        Case(description: "accents at the limit", paragraphs: [paragraph(scalars: 4096, sentence: "Élodie rêve d'été à Noël.")], count: nil),
        Case(description: "heavy accents at the limit", paragraphs: [paragraph(scalars: 4096, sentence: "Éloïse, ça déçoit à Noël.")], count: nil),
        Case(description: "decomposed accents count every scalar",
             paragraphs: [Array(repeating: "Cafe\u{301} du soir.", count: 280).joined(separator: " ")], count: 2),
        Case(description: "CJK past the token estimate", paragraphs: [String(repeating: "小狐狸在月光下睡着了。", count: 150)], count: nil),
        Case(description: "emoji near the limit", paragraphs: [Array(repeating: "Goodnight 🌙✨ little star 🦊.", count: 150).joined(separator: " ")],
             count: nil),
        Case(description: "empty paragraphs are skipped", paragraphs: ["", "  ", "One small sentence.", ""], count: 1),
        Case(description: "nothing at all", paragraphs: [], count: 0),
    ]

    @Test(arguments: cases)
    func chunksStayUnderBothLimits(_ example: Case) {
        let chunks = StoryChunker.chunks(example.paragraphs)
        if let count = example.count {
            #expect(chunks.count == count, "\(chunks.map { StoryChunker.characters($0.text) })")
        } else {
            let whole = example.paragraphs.joined(separator: "\n\n")
            let fits = StoryChunker.characters(whole) <= 4096 && StoryChunker.estimatedTokens(whole) <= 2000
            #expect(fits ? chunks.count == 1 : chunks.count >= 2)
        }
        Self.expectSound(chunks, example.paragraphs)
    }

    @Test func decomposedAccentsAreCountedAsTheAPICountsThem() {
        let text = Array(repeating: "Cafe\u{301} du soir.", count: 280).joined(separator: " ")
        #expect(text.count < 4096 && text.unicodeScalars.count > 4096)
    }

    @Test func aCutFallsBetweenSentences() {
        let chunks = StoryChunker.chunks([Self.paragraph(scalars: 4097)])
        #expect(chunks.count == 2)
        #expect(chunks[0].text.hasSuffix(".") && !chunks[0].endsParagraph && chunks[1].endsParagraph)
        #expect(chunks.allSatisfy { $0.sentences.allSatisfy { $0.hasSuffix(".") } })
    }

    @Test func longSentencesAreCutAfterCommasThenBetweenWords() {
        let commas = StoryChunker.chunks([Array(repeating: "the owls hummed, the foxes yawned; the moon rose", count: 130).joined(separator: ", ") + "."])
        #expect(commas.dropLast().allSatisfy { $0.text.hasSuffix(",") || $0.text.hasSuffix(";") }, "\(commas.map { $0.text.suffix(5) })")
        let words = StoryChunker.chunks(["It was a long " + Array(repeating: "and sleepy", count: 500).joined(separator: " ") + " night."])
        #expect(words[0].text.hasSuffix("sleepy") || words[0].text.hasSuffix("and"))
        let word = StoryChunker.chunks([String(repeating: "z", count: 5000)])
        #expect(word.map(\.text).joined() == String(repeating: "z", count: 5000))
    }

    @Test func paragraphsAreKeptWholeWhenTheyFit() {
        let p = (1...3).map { Self.paragraph(scalars: 1500, sentence: "Paragraph \($0) is calm.") }
        let chunks = StoryChunker.chunks(p)
        #expect(chunks.count == 2, "two whole paragraphs, then the third, not a part of it")
        #expect(chunks[0].text == p[0] + "\n\n" + p[1] && chunks[0].endsParagraph)
        #expect(chunks[1].text == p[2] && chunks[1].endsParagraph)
        // A paragraph too long for one chunk starts a fresh chunk and is cut between its sentences.
        let long = Self.paragraph(scalars: 6000)
        let mixed = StoryChunker.chunks(["A short start.", long, "A short end."])
        #expect(mixed[0].text == "A short start." && mixed[0].endsParagraph)
        #expect(mixed.count == 3 && !mixed[1].endsParagraph && mixed[2].text.hasSuffix("A short end."))
        Self.expectSound(mixed, ["A short start.", long, "A short end."])
    }

    @Test func smallerLimitsAreHonoured() {
        let story = ["The fox yawned. The owl blinked slowly, then again, then once more. Everyone slept.", "The end came softly."]
        let chunks = StoryChunker.chunks(story, maxCharacters: 40, maxTokens: 12)
        Self.expectSound(chunks, story, characters: 40, tokens: 12)
        #expect(chunks.count >= 4)
    }

    @Test func theTokenEstimateIsConservative() {
        #expect(StoryChunker.estimatedTokens("") == 0)
        // ~4 characters a token is typical for English; the estimate uses 3, or 1.4 a word.
        #expect(StoryChunker.estimatedTokens(String(repeating: "abc ", count: 300)) >= 400)
        #expect(StoryChunker.estimatedTokens("I am. I am. I am.") >= 9)
        #expect(StoryChunker.estimatedTokens("月光") == 4)
        #expect(StoryChunker.estimatedTokens("🌙") == 3)
        #expect(StoryChunker.estimatedTokens("été") >= 3)
        #expect(StoryChunker.characters("e\u{301}") == 2 && StoryChunker.characters("👍🏽") == 2)
    }

    @Test(arguments: [
        ("Mr. Fox met Dr. Owl at 3.5 o'clock, e.g. near the pond. Then they slept.",
         ["Mr. Fox met Dr. Owl at 3.5 o'clock, e.g. near the pond.", "Then they slept."]),
        ("\"Goodnight!\" said Mia. \"Sleep well.\" The end.", ["\"Goodnight!\" said Mia.", "\"Sleep well.\"", "The end."]),
        ("Wait… The moon rose. Really?! Yes.", ["Wait…", "The moon rose.", "Really?!", "Yes."]),
        ("J. R. Tolkien wrote it. St. Ives is far.", ["J. R. Tolkien wrote it.", "St. Ives is far."]),
        ("She said no. Then she smiled.", ["She said no.", "Then she smiled."]),
        ("Room No. 5 was quiet.", ["Room No. 5 was quiet."]),
        ("It was late... and then it was later. (She slept.) Good.", ["It was late... and then it was later.", "(She slept.)", "Good."]),
        ("小狐狸睡了。月亮升起来了！", ["小狐狸睡了。", "月亮升起来了！"]),
        ("  Spaces   and\nnew lines. Fine  ", ["Spaces and new lines.", "Fine"]),
        ("No ending at all", ["No ending at all"]),
        ("", []),
    ] as [(String, [String])])
    func sentences(_ text: String, _ expected: [String]) {
        #expect(StoryChunker.sentences(text) == expected)
    }
}
