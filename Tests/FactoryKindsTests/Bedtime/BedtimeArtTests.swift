@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// The cover request names what the offline painter needs: the bedtime kind, the story's setting
/// (from its scene, else the theme) and the hero's looks.
@Suite struct BedtimeArtTests {
    static func story(_ scene: String) -> Story {
        Story(title: "Mia and the Moon", paragraphs: ["Mia slept."], summary: "", illustrationPrompt: "Mia \(scene)")
    }

    @Test func theCoverRequestCarriesTheSettingAndTheHero() {
        let spec = StoryWriterTests.spec
        let week = ISOWeek(year: 2026, week: 48)
        let sea = BedtimeArt.illustrationRequest(story: Self.story("on a calm moonlit beach beside a white lighthouse"), spec: spec,
                                                 seed: 3, week: week)
        #expect(sea.hints.kind == .bedtimeStory && sea.hints[.setting] == "sea" && sea.hints.week == "2026-W48")
        #expect(sea.positivePrompt.contains("lighthouse") && sea.hints.prompt == sea.positivePrompt)
        // A scene that names no setting takes the theme's ("the forest").
        let plain = BedtimeArt.illustrationRequest(story: Self.story("smiling in a picture-book illustration"), spec: spec, seed: 3, week: week)
        #expect(plain.hints[.setting] == "forest")
        #expect(plain.hints[.hero] == "")
    }
}
