@testable import FactoryCore
import FactoryImaging
@testable import FactoryKinds
import FactoryMedia
import Foundation
import Testing

/// The bedtime video's text is measured like every other kind's: the sentence being read (the
/// spoken word's pill left out), the title and the line under it; a picture too bright behind the
/// sentence gets a darker veil under it, and the title's lines get plates.
@Suite struct BedtimeLegibilityTests {
    static let story = Story(title: "Mia and the Moon", paragraphs: [ReadAlongVideoTests.sentence], summary: "", illustrationPrompt: "")

    static func legible(cover colour: String) throws -> (legibility: TextLegibility, veil: Int) {
        let art = BedtimeArt(width: 1080, height: 1920, format: .story)
        let cover = try Shapes.canvas(width: 576, height: 1024, colour: colour)
        let readAlong = ReadAlongVideoTests.readAlong()
        return try BedtimeJob.legible(fps: BedtimeArt.fps) { step in
            try art.scene(cover: cover, story: story, hero: "Mia", readAlong: readAlong, duration: 8, veil: step)
        }
    }

    @Test func everyLineOfTextIsMeasuredOverANightPicture() throws {
        let (legibility, veil) = try Self.legible(cover: "#1E2A4A")
        let layers = Set(legibility.report.byLayer.map(\.layer))
        #expect(layers == ["sentence", "title", "title-line"])
        #expect(veil == 0)
        #expect(legibility.raised.plates.isEmpty)
        #expect(legibility.check.passed)
        let sentence = try #require(legibility.report.byLayer.first { $0.layer == "sentence" })
        #expect(sentence.ratio >= 7)
        #expect(legibility.record.lowest == legibility.report.lowest?.ratio)

        // Each lit word was measured, and its warm pill left out of the ring read around the
        // words beside it (#FFF8E7 against #FFD98E is 1.3:1): the sample's hidden pixels cover
        // the pill's inside. Words of the second sentence are lit 3.5 + 0.5 w … 3.9 + 0.5 w s.
        let art = BedtimeArt(width: 1080, height: 1920, format: .story)
        let box = art.subtitleBox
        let subtitles = ReadAlongSubtitles(ReadAlongVideoTests.readAlong(), style: art.subtitleStyle, width: box.width,
                                           fitHeight: box.height, fps: BedtimeArt.fps)
        let size = try subtitles.imageSize(sentence: 1)
        let left = Int((box.centreX - Double(size.width) / 2).rounded()), top = Int((box.centreY - Double(size.height) / 2).rounded())
        var lit = 0
        for sample in legibility.report.samples where sample.layer == "sentence" && sample.time >= 3.5 {
            let w = Int(((sample.time - 3.5) / 0.5).rounded(.down))
            guard w < 8, sample.time - 3.5 - 0.5 * Double(w) < 0.4 else { continue }
            let pill = try #require(try subtitles.wordBoxes(sentence: 1, word: w)).pill
            let runs = try #require(sample.hidden)
            let hidden = try #require(TextContrast.pixels(runs: runs))
            var inside = 0, covered = 0
            for y in (top + pill.y + 4)..<(top + pill.y + pill.height - 4) {
                for x in (left + pill.x + 16)..<(left + pill.x + pill.width - 16) {
                    inside += 1
                    if hidden.contains(where: { $0.y == y && x >= $0.x0 && x < $0.x1 }) { covered += 1 }
                }
            }
            #expect(inside > 0 && Double(covered) >= 0.98 * Double(inside), "word \(w) at \(sample.time) s: \(covered) of \(inside)")
            lit += 1
        }
        #expect(lit >= 6)
    }

    @Test func aBrightPictureDarkensTheVeilUntilTheSentenceReads() throws {
        // A near-white picture: the first veil leaves the sentence under 4.5:1 at the veil's
        // pale top; a darker one is chosen, and the figure that passes is the one recorded.
        let plainScene = try BedtimeArt(width: 1080, height: 1920, format: .story)
            .scene(cover: try Shapes.canvas(width: 576, height: 1024, colour: "#FAFAF5"), story: Self.story, hero: "Mia",
                   readAlong: ReadAlongVideoTests.readAlong(), duration: 8, veil: 0)
        let report = TextContrast.measure(plainScene, fps: BedtimeArt.fps)
        let plain = try #require(report.byLayer.first { $0.layer == "sentence" })
        #expect(plain.ratio < WCAG.target)
        let (legibility, veil) = try Self.legible(cover: "#FAFAF5")
        #expect(veil > 0)
        let sentence = try #require(legibility.report.byLayer.first { $0.layer == "sentence" })
        #expect(sentence.ratio >= WCAG.target)
        #expect(legibility.check.passed)
    }
}
