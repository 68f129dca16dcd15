@testable import FactoryCore
import FactoryImaging
@testable import FactoryKinds
import FactoryMedia
import Foundation
import Testing

/// The read-along video lights the word being spoken: a short bedtime scene is rendered and
/// encoded, frames are decoded at the middle of three words, and the warm pill is found inside
/// that word's box (computed from the layout) and not inside the others'.
@Suite struct ReadAlongVideoTests {
    static let sentence = "Mia walked into the quiet forest with Hoot."

    static func readAlong() -> ReadAlong {
        let title = Captions.Cue(start: 0.1, end: 1.2, text: "Mia and the Moon.")
        let cue = Captions.Cue(start: 3.4, end: 7.9, text: sentence)
        let titleWords = ["Mia", "and", "the", "Moon."].enumerated().map { SpokenWord(text: $1, start: 0.1 + 0.25 * Double($0), end: 0.3 + 0.25 * Double($0)) }
        // Words 0.5 s apart from 3.5 s, after the title card has gone.
        let words = ReadAlong.tokens(in: sentence).enumerated().map {
            SpokenWord(text: $1.text, start: 3.5 + 0.5 * Double($0), end: 3.9 + 0.5 * Double($0))
        }
        return ReadAlong(cues: [title, cue], words: titleWords + words)
    }

    /// Warm highlight pixels (#FFD98E under the video's colour conversion) in a frame rectangle.
    static func warmShare(_ frame: (time: Double, width: Int, height: Int, rgb: [UInt8]), _ box: ReadAlongSubtitles.Box) -> Double {
        var warm = 0, all = 0
        for y in max(0, box.y)..<min(frame.height, box.y + box.height) {
            for x in max(0, box.x)..<min(frame.width, box.x + box.width) {
                let i = (y * frame.width + x) * 3
                let (r, g, b) = (Int(frame.rgb[i]), Int(frame.rgb[i + 1]), Int(frame.rgb[i + 2]))
                if r > 215, g > 180, g < 240, b > 100, b < 185 { warm += 1 }
                all += 1
            }
        }
        return all == 0 ? 0 : Double(warm) / Double(all)
    }

    @Test func framesShowThePillOnTheSpokenWord() throws {
        let art = BedtimeArt(width: 1080, height: 1920, format: .story)
        let readAlong = Self.readAlong()
        #expect(readAlong.sentences.map(\.words.count) == [4, 8])
        let cover = try Shapes.canvas(width: 576, height: 1024, colour: "#1E2A4A")
        let story = Story(title: "Mia and the Moon", paragraphs: [Self.sentence], summary: "", illustrationPrompt: "")
        let scene = try art.scene(cover: cover, story: story, hero: "Mia", readAlong: readAlong, duration: 8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readalong-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("video.mp4").path
        _ = try SceneRenderer.render(scene, audio: AudioBuffer.silence(seconds: 8), to: path,
                                     settings: VideoSettings(width: 1080, height: 1920, fps: BedtimeArt.fps, bitrate: 4_000_000,
                                                             preset: .standard, content: .illustration))
        // The layout the renderer used: the subtitle image centred on the subtitle box's centre.
        let box = art.subtitleBox
        let subtitles = ReadAlongSubtitles(readAlong, style: art.subtitleStyle, width: box.width, fitHeight: box.height, fps: BedtimeArt.fps)
        let size = try subtitles.imageSize(sentence: 1)
        let left = Int((box.centreX - Double(size.width) / 2).rounded()), top = Int((box.centreY - Double(size.height) / 2).rounded())
        let pills = try (0..<8).map { w -> ReadAlongSubtitles.Box in
            let pill = try #require(try subtitles.wordBoxes(sentence: 1, word: w)).pill
            // The inside of the pill, clear of its rounded ends and of rounding at the edges.
            return .init(x: left + pill.x + 6, y: top + pill.y + 3, width: pill.width - 12, height: pill.height - 6)
        }
        // Each word's pill is its own place on the line.
        #expect(Set(pills.map(\.x)).count == 8)
        let spoken = [1, 4, 7]                       // "walked", "quiet", "Hoot"
        let frames = try FrameDecoder.frames(path: path, at: spoken.map { 3.5 + 0.5 * Double($0) + 0.25 })
        #expect(frames.count == 3)
        for (frame, word) in zip(frames, spoken) {
            let here = Self.warmShare(frame, pills[word])
            #expect(here > 0.35, "word \(word) at \(frame.time) s: \(here) of its box is warm")
            for other in 0..<8 where other != word {
                let there = Self.warmShare(frame, pills[other])
                #expect(there < 0.05, "word \(other) is lit (\(there)) while word \(word) is spoken")
            }
        }
        // Before the first word of the sentence is heard, no word is lit.
        let before = try #require(try FrameDecoder.frames(path: path, at: [3.45]).first)
        #expect(pills.allSatisfy { Self.warmShare(before, $0) < 0.05 })
    }
}
