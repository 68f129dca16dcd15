@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// The read-along's timing table and the caption files made from it: words laid on their
/// sentences, sentences cut at their words, the WebVTT cue timestamps and the ASS karaoke tags,
/// each read back and compared with the words they came from.
@Suite struct StoryKaraokeTests {
    static let sentences = ["Once upon a time, in a wood, lived Mia.", "\"Hoot!\" said the owl & smiled."]
    /// Words as `words.json` has them: the voice's tokens, on the joined narration.
    static let words: [SpokenWord] = {
        let starts = [3.929, 4.208, 4.567, 4.672, 5.531, 5.670, 5.775, 6.321, 6.843,
                      8.100, 8.640, 8.900, 9.150, 9.500, 9.610]
        let tokens = sentences.flatMap { ReadAlong.tokens(in: $0).map(\.text) }
        return zip(tokens, starts).enumerated().map { i, pair in
            SpokenWord(text: pair.0, start: pair.1, end: i + 1 < starts.count ? pair.1 + 0.25 : 10.2)
        }
    }()
    static let chunk = NarrationChunk(text: sentences.joined(separator: " "), sentences: sentences, endsParagraph: true)
    static let cues = StoryCaptions.cues(chunks: [chunk], timings: [(start: 3.9, duration: 6.4)], words: [words])
    static let readAlong = ReadAlong(cues: cues, words: words)

    @Test func wordsLieOnTheirSentencesAndCutThem() throws {
        #expect(ReadAlong.tokens(in: Self.sentences[1]).map(\.text) == ["\"Hoot!\"", "said", "the", "owl", "smiled."])
        #expect(Self.readAlong.sentences.map(\.words.count) == [9, 5])
        let hoot = try #require(Self.readAlong.sentences[1].words.first)
        #expect(Array(Self.sentences[1])[hoot.core].map(String.init).joined() == "Hoot")
        // The second sentence starts 0.15 s before its first word, not where its share of the words would put it.
        #expect(abs(Self.cues[1].start - (8.100 - 0.15)) < 1e-9 && Self.cues[0].end == Self.cues[1].start)
        #expect(Self.cues[0].start == 3.9 && abs(Self.cues[1].end - 10.3) < 1e-9)
        // Words that are not the text's: no sentence gets any.
        var wrong = Self.words
        wrong[3].text = "tide,"
        #expect(!ReadAlong(cues: Self.cues, words: wrong).hasWords)
    }

    @Test("chunk by chunk: a chunk without words, or with words not its own, leaves only its sentences plain")
    func chunksLightTheirOwnWords() throws {
        // Two chunks of one sentence each: the first's voice gave no words (a live voice whose
        // forced alignment was not trusted), the second's did.
        let second = Array(Self.words[9...])
        let split = ReadAlong(cues: Self.cues, chunks: [(1, []), (1, second)])
        #expect(split.sentences.map(\.words.count) == [0, 5])
        #expect(split.sentences[1].words.map(\.start) == second.map(\.start))
        #expect(split.hasWords && split.words.count == 5)
        // The whole story as one list would have dropped every word: the tokens no longer line up.
        #expect(!ReadAlong(cues: Self.cues, words: second).hasWords)
        // Words not the chunk's own text: that chunk plain, the other still lit.
        var wrong = Array(Self.words[..<9])
        wrong[3].text = "tide,"
        #expect(ReadAlong(cues: Self.cues, chunks: [(1, wrong), (1, second)]).sentences.map(\.words.count) == [0, 5])
        // Both chunks with their words: the same table as the one list.
        #expect(ReadAlong(cues: Self.cues, chunks: [(1, Array(Self.words[..<9])), (1, second)]) == Self.readAlong)
    }

    @Test func vttCarriesATimestampBeforeEachWord() throws {
        let vtt = StoryKaraoke.vtt(Self.readAlong)
        #expect(vtt.hasPrefix("WEBVTT\n\n00:00:03.900 --> 00:00:07.950\n"))
        #expect(vtt.contains("<00:00:03.929>Once <00:00:04.208>upon <00:00:04.567>a <00:00:04.672>time, <00:00:05.531>in"))
        // Escaped, and the quote before "Hoot" stays outside the word's timestamp.
        #expect(vtt.contains("\"<00:00:08.100>Hoot!\" <00:00:08.640>said <00:00:08.900>the <00:00:09.150>owl &amp; <00:00:09.500>smiled."))
        // Read back: every inner timestamp is a word's start to the millisecond, inside its cue, increasing.
        let blocks = vtt.components(separatedBy: "\n\n").dropFirst()
        var read: [Double] = []
        for block in blocks {
            let lines = block.split(separator: "\n")
            let times = lines[0].components(separatedBy: " --> ").map(Self.seconds)
            let stamps = try Regex(#"<(\d\d:\d\d:\d\d\.\d\d\d)>"#)
            let inner = String(lines[1]).matches(of: stamps).map { Self.seconds(String(String(lines[1])[$0.range].dropFirst().dropLast())) }
            #expect(inner == inner.sorted() && inner.allSatisfy { $0 > times[0] && $0 < times[1] })
            read += inner
        }
        #expect(read.count == Self.words.count)
        for (stamp, word) in zip(read, Self.words) { #expect(abs(stamp - word.start) < 0.0006) }
    }

    @Test func assKaraokeTagsAddUpToTheWords() throws {
        let look = StoryKaraoke.Look(width: 1080, height: 1920, fontSize: 58, marginBottom: 216, marginSide: 92)
        let ass = StoryKaraoke.ass(Self.readAlong, look: look, title: "Mia {and} the Owl")
        #expect(ass.contains("[Script Info]\n") && ass.contains("ScriptType: v4.00+\n") && ass.contains("PlayResX: 1080\nPlayResY: 1920\n"))
        #expect(ass.contains("Title: Mia (and) the Owl\n"))
        // Highlight #FFD98E as the karaoke fill (&HAABBGGRR), cream #FFF8E7 before a word is read, bottom centre.
        #expect(ass.contains("Style: ReadAlong,Inter,58,&H008ED9FF,&H00E7F8FF,&H0026100B,&H80000000,-1,0,0,0,100,100,0,0,1,3,1,2,92,92,216,1\n"))
        let dialogues = ass.split(separator: "\n").filter { $0.hasPrefix("Dialogue: ") }
        #expect(dialogues.count == 2)
        #expect(dialogues[0].hasPrefix("Dialogue: 0,0:00:03.90,0:00:07.95,ReadAlong,,0,0,0,,{\\k3}{\\k28}Once {\\k36}upon {\\k10}a {\\k86}time, "))
        var wordIndex = 0
        for (line, cue) in zip(dialogues, Self.cues) {
            let text = line.split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let tags = text.matches(of: try Regex(#"\{\\k(\d+)\}([^{]*)"#))
            var time = Int((cue.start * 100).rounded())
            for tag in tags {
                let segment = String(text[tag.range])
                let digits = segment.dropFirst(3).prefix { $0.isNumber }
                let body = segment.drop { $0 != "}" }.dropFirst()
                if body.contains(where: { $0.isLetter }) {
                    // Each word's syllable starts at its start, to the centisecond.
                    #expect(time == Int((Self.words[wordIndex].start * 100).rounded()), "\(body)")
                    wordIndex += 1
                }
                time += Int(digits) ?? -1_000
            }
            #expect(time == Int((cue.end * 100).rounded()))
        }
        #expect(wordIndex == Self.words.count)
        #expect(dialogues[1].contains("{\\k35}owl & {\\k80}smiled."))
    }

    static func seconds(_ stamp: String) -> Double {
        let parts = stamp.split(separator: ":").map { Double($0) ?? .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }
}
