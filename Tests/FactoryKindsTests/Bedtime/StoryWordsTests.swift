import FactoryCore
import Foundation
import Testing
@testable import FactoryKinds

@Suite("Word timings moved onto the joined narration (words.json)")
struct StoryWordsTests {
    @Test("a chunk's word times shift by where its sample 0 landed, clamped onto its kept speech")
    func placed() throws {
        let words = [SpokenWord(text: "Once", start: 0.02, end: 0.30), SpokenWord(text: "upon", start: 0.30, end: 0.55),
                     SpokenWord(text: "time.", start: 1.90, end: 2.40)]
        // Sample 0 at 9.5 s; speech kept from 9.55 s for 2.2 s.
        let placed = StoryWords.place(words, origin: 9.5, speech: (start: 9.55, duration: 2.2))
        #expect(placed.map(\.text) == ["Once", "upon", "time."])
        #expect(abs(placed[0].start - 9.55) < 1e-9, "clamped to where the speech starts")
        #expect(abs(placed[1].start - 9.80) < 1e-9 && abs(placed[1].end - 10.05) < 1e-9)
        #expect(abs(placed[2].end - 11.75) < 1e-9, "clamped to where the speech ends")
        #expect(zip(placed, placed.dropFirst()).allSatisfy { $0.start <= $1.start })
    }

    @Test("the JSON reads back as the words, quotes escaped")
    func json() throws {
        let text = StoryWords.json([SpokenWord(text: "\"Hoot,\"", start: 1.2345, end: 1.5)])
        let rows = try JSONDecoder().decode([SpokenWord].self, from: Data(text.utf8))
        #expect(rows == [SpokenWord(text: "\"Hoot,\"", start: 1.235, end: 1.5)] || rows == [SpokenWord(text: "\"Hoot,\"", start: 1.234, end: 1.5)])
    }
}
