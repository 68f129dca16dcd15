@testable import FactoryCore
import FactoryImaging
@testable import FactoryKinds
import FactoryMedia
import Foundation
import Testing

/// The read-along subtitle is centred on its box; it must land on whole pixels whatever the
/// sentence's width, or the compositor resamples it every frame (blurring the text by half a pixel).
@Suite struct ReadAlongPlacementTests {
    static let sentences = [
        "Mia walked into the quiet forest with Hoot.",
        "The moon came up.",
        "Hoot blinked twice, yawned, and tucked his head under one soft wing.",
        "Ferns.",
        "Somewhere far away, a little stream was singing to the stones, and Mia sang back.",
        "Goodnight, forest; goodnight, Hoot; goodnight, moon.",
    ]

    @Test func subtitleLayerSitsOnWholePixels() throws {
        let art = BedtimeArt(width: 1080, height: 1920, format: .story)
        var cues: [Captions.Cue] = [], words: [SpokenWord] = []
        var t = 0.5
        for sentence in Self.sentences {
            let tokens = ReadAlong.tokens(in: sentence)
            cues.append(Captions.Cue(start: t, end: t + 0.4 * Double(tokens.count) + 0.2, text: sentence))
            for (i, token) in tokens.enumerated() {
                words.append(SpokenWord(text: token.text, start: t + 0.4 * Double(i), end: t + 0.4 * Double(i) + 0.3))
            }
            t += 0.4 * Double(tokens.count) + 0.6
        }
        let readAlong = ReadAlong(cues: cues, words: words)
        #expect(readAlong.hasWords)
        let cover = try Shapes.canvas(width: 576, height: 1024, colour: "#1E2A4A")
        let story = Story(title: "Mia and the Moon", paragraphs: Self.sentences, summary: "", illustrationPrompt: "")
        let scene = try art.scene(cover: cover, story: story, hero: "Mia", readAlong: readAlong, duration: t)
        let reading = try #require(scene.layers.first { $0.sequence != nil })
        var widths = Set<Int>()
        for word in words {
            let time = word.start + 0.1
            let pixels = try #require(reading.pixels(at: time))
            let state = reading.state(at: time, shown: pixels)
            widths.insert(pixels.contentWidth)
            #expect(pixels.contentWidth % 2 == 0 && pixels.contentHeight % 2 == 0,
                    "\(pixels.contentWidth)x\(pixels.contentHeight) at \(time) s")
            #expect(state.scale == 1 && state.left == state.left.rounded() && state.top == state.top.rounded(),
                    "the subtitle sits at (\(state.left), \(state.top)) at \(time) s")
        }
        // Sentences of different lengths: the check saw several sizes, not one.
        #expect(widths.count >= 3)
    }

    /// The illustration drifts in whole 2-pixel steps in every format (whole pixels in the chroma
    /// planes too): the encoder searches its motion in whole pixels only (`VideoSettings.Content.illustration`).
    @Test(arguments: Format.allCases)
    func illustrationDriftsInWholeTwoPixelSteps(format: Format) throws {
        let size = format.size
        let art = BedtimeArt(width: size.width, height: size.height, format: format)
        let cover = try Shapes.canvas(width: 576, height: 1024, colour: "#1E2A4A")
        let story = Story(title: "Mia and the Moon", paragraphs: Self.sentences, summary: "", illustrationPrompt: "")
        let duration = 95.0
        let readAlong = ReadAlong(cues: [Captions.Cue(start: 0.5, end: duration - 1, text: Self.sentences[0])])
        let scene = try art.scene(cover: cover, story: story, hero: "Mia", readAlong: readAlong, duration: duration)
        let picture = scene.layers[0]
        var places = Set<[Double]>()
        for frame in 0..<Int(duration) * BedtimeArt.fps {
            let time = Double(frame) / Double(BedtimeArt.fps)
            let pixels = try #require(picture.pixels(at: time))
            let state = picture.state(at: time, shown: pixels)
            #expect(state.scale == 1 && state.left.remainder(dividingBy: 2) == 0 && state.top.remainder(dividingBy: 2) == 0,
                    "\(format): the picture at (\(state.left), \(state.top)) x\(state.scale) at \(time) s")
            places.insert([state.left, state.top])
        }
        // It does drift: a step every second or so.
        #expect(places.count > 40, "\(format): \(places.count) places")
    }
}
