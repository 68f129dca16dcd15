@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// Caption timing: one cue per sentence, a chunk's real duration shared by the sentences' words,
/// the last cue ending with the last chunk's speech.
@Suite struct StoryCaptionsTests {
    @Test func aChunksTimeIsSharedByWords() {
        let chunk = NarrationChunk(text: "One two three. Four.", sentences: ["One two three.", "Four."], endsParagraph: true)
        let cues = StoryCaptions.cues(chunks: [chunk], timings: [(start: 2.0, duration: 8.0)])
        #expect(cues == [Captions.Cue(start: 2, end: 8, text: "One two three."), Captions.Cue(start: 8, end: 10, text: "Four.")])
    }

    @Test func cuesFollowTheRealChunkDurations() {
        let story = ["Mia walked under the trees. The owl hooted softly from a branch.",
                     String(repeating: "The stars came out one by one above the quiet wood. ", count: 90),
                     "Mia fell asleep."]
        let chunks = StoryChunker.chunks(story)
        #expect(chunks.count >= 2)
        // Durations as a speech provider returned them, with a pause between chunks.
        var timings: [(start: Double, duration: Double)] = []
        var clock = 0.3
        for (i, chunk) in chunks.enumerated() {
            let duration = Double(Story.words(in: chunk.text)) / 2.1 + Double(i) * 0.37
            timings.append((clock, duration))
            clock += duration + (chunk.endsParagraph ? 0.9 : 0.25)
        }
        let cues = StoryCaptions.cues(chunks: chunks, timings: timings)
        #expect(cues.count == chunks.reduce(0) { $0 + $1.sentences.count })
        #expect(cues.map(\.text) == chunks.flatMap(\.sentences))
        #expect(cues.first?.start == 0.3)
        let last = try? #require(timings.last)
        #expect(abs((cues.last?.end ?? 0) - ((last?.start ?? 0) + (last?.duration ?? 0))) < 1e-9, "the last cue ends with the speech")
        for (a, b) in zip(cues, cues.dropFirst()) {
            #expect(a.end > a.start && b.start >= a.end - 1e-9, "cues are ordered and do not overlap")
        }
        // Every chunk's cues start at its speech and end at its end.
        var index = 0
        for (chunk, timing) in zip(chunks, timings) {
            let own = cues[index..<index + chunk.sentences.count]
            #expect(abs((own.first?.start ?? -1) - timing.start) < 1e-9)
            #expect(abs((own.last?.end ?? -1) - (timing.start + timing.duration)) < 1e-9)
            let words = chunk.sentences.map { Double(Story.words(in: $0)) }
            let total = words.reduce(0, +)
            for (cue, w) in zip(own, words) {
                #expect(abs((cue.end - cue.start) - timing.duration * w / total) < 1e-6, "a sentence's share of the words")
            }
            index += chunk.sentences.count
        }
    }

    @Test func missingTimingsGiveNoCuesAndAWordlessSentenceStillGetsOne() {
        let a = NarrationChunk(text: "Hello there.", sentences: ["Hello there."], endsParagraph: true)
        let b = NarrationChunk(text: "… Sleep.", sentences: ["…", "Sleep."], endsParagraph: true)
        #expect(StoryCaptions.cues(chunks: [a, b], timings: [(0, 1)]).count == 1)
        let cues = StoryCaptions.cues(chunks: [b], timings: [(1, 2)])
        #expect(cues.count == 2 && cues[0].end - cues[0].start == 1 && cues[1].end == 3)
        #expect(StoryCaptions.cues(chunks: [], timings: []).isEmpty)
        let srt = Captions(StoryCaptions.cues(chunks: [a], timings: [(0.5, 1.25)])).srt
        #expect(srt == "1\n00:00:00,500 --> 00:00:01,750\nHello there.\n")
    }
}
