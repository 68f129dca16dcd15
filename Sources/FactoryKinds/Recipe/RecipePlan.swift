import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// One template laid out in time: the scene's layers, every text element with its box and
/// visibility window (for the checks, the metadata and the captions), and the cuts.
package struct RecipePlan: Sendable {
    /// A text element on screen: its ink box in frame pixels at full size and when it shows.
    struct Text: Sendable, Equatable {
        var name: String
        var text: String
        var box: Box
        /// When it starts to appear, when it is fully visible, and when it is gone.
        var start: Double
        var visible: Double
        var end: Double
    }

    var template: RecipeTemplate
    package var duration: Double
    package var layers: [Layer] = []
    var texts: [Text] = []
    /// Times of the background cuts (for the beat alignment and the tests).
    var cuts: [Double] = []

    /// The on-screen text as caption cues, in order of appearance.
    var cues: [Captions.Cue] {
        texts.sorted { ($0.start, $0.box.y) < ($1.start, $1.box.y) }
            .map { Captions.Cue(start: $0.start, end: min($0.end, duration), text: $0.text) }
    }

    var hook: Text? { texts.first { $0.name == "hook" } }
    var cta: Text? { texts.first { $0.name == "cta" } }
}

/// What a template is made from: the recipe, its three pictures prepared once, optional b-roll
/// clips and the music's beats.
struct RecipeInputs: Sendable {
    var recipe: Recipe
    /// 1080×1920, opaque: BEFORE as is, BEFORE blurred (radius 10, the hook's background), AFTER
    /// with the colour pop, and the plated meal.
    var before: Image
    var beforeBlurred: Image
    var after: Image
    var meal: Image
    var broll: [String]
    var beats: [Double]
    var cta: String
}
