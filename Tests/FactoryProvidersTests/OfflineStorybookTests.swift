import FactoryCore
@testable import FactoryKinds
import FactoryImaging
@testable import FactoryProviders
import Foundation
import Testing

/// The offline bedtime illustration: a storybook scene per setting, the same for the same seed,
/// different for another seed or setting, and a picture (a night sky over lit ground, many
/// colours), not a flat wash.
@Suite("Offline storybook pictures")
struct OfflineStorybookTests {
    typealias Pictures = OfflineRecipePicturesTests
    static let settings = StorySetting.allCases.map(\.rawValue)

    static func request(_ setting: String?, seed: UInt64 = 7, hero: String = "curly red hair and a yellow raincoat",
                        prompt: String = "Mia walking home; soft watercolour children's book illustration") -> ImageRequest {
        var hints = ["kind": Kind.bedtimeStory.rawValue, "week": "2026-W48", "prompt": prompt, "hero": hero]
        hints["setting"] = setting
        return ImageRequest(positivePrompt: prompt, negativePrompt: "scary", model: "m", width: 576, height: 1024, steps: 28,
                            cfgScale: 7, seed: seed, hints: ImageHints(flat: hints))
    }

    static func raster(_ request: ImageRequest) async throws -> Raster {
        try await Pictures.raster(request)
    }

    static func luma(_ p: (r: Double, g: Double, b: Double)) -> Double { 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b }

    /// Hue bins (of 24) that hold at least 0.5 % of the picture's coloured pixels.
    static func hues(_ raster: Raster) -> Int {
        var bins = [Int](repeating: 0, count: 24), coloured = 0
        for y in stride(from: 0, to: raster.height, by: 2) {
            for x in stride(from: 0, to: raster.width, by: 2) {
                let p = raster.rgba(x: x, y: y)
                let r = Double(p.r) / 255, g = Double(p.g) / 255, b = Double(p.b) / 255
                let high = max(r, g, b), low = min(r, g, b)
                guard high > 0.12, (high - low) / high > 0.2 else { continue }
                var hue = high == r ? (g - b) / (high - low) : high == g ? 2 + (b - r) / (high - low) : 4 + (r - g) / (high - low)
                hue = (hue * 60).truncatingRemainder(dividingBy: 360)
                if hue < 0 { hue += 360 }
                bins[min(23, Int(hue / 15))] += 1
                coloured += 1
            }
        }
        return bins.filter { Double($0) > Double(coloured) * 0.005 }.count
    }

    @Test("a bedtime request paints the storybook scene of its setting", arguments: settings)
    func routed(setting: String) async throws {
        let image = try await Pictures.generate(Self.request(setting))
        #expect(ImageSignature.detect(image.data) == .jpeg)
        let size = try #require(ImageSignature.dimensions(image.data))
        #expect(size.width == 576 && size.height == 1024)
        #expect(image.record.model == "procedural-storybook-\(setting)-v1" && image.record.costUSD == 0)
    }

    @Test("without a setting hint, the prompt's words choose it")
    func settingFromPrompt() async throws {
        let prompt = "Leo on a calm moonlit beach beside a white lighthouse, gentle waves, shells on the sand"
        let image = try await Pictures.generate(Self.request(nil, prompt: prompt))
        #expect(image.record.model == "procedural-storybook-sea-v1")
    }

    @Test("the same seed paints the same picture; another seed or setting another", arguments: settings)
    func deterministic(setting: String) async throws {
        let first = try await Self.raster(Self.request(setting, seed: 11))
        let again = try await Self.raster(Self.request(setting, seed: 11))
        let other = try await Self.raster(Self.request(setting, seed: 12))
        #expect(Pictures.difference(first, again) < 0.5)
        #expect(Pictures.difference(first, other) > 3, "seed 12 against 11")
        let elsewhere = try await Self.raster(Self.request(setting == "forest" ? "town" : "forest", seed: 11))
        #expect(Pictures.difference(first, elsewhere) > 15, "another setting")
    }

    @Test("a picture, not a wash: contrast, many hues, a dark night sky above lighter ground",
          arguments: settings, [1, 2, 3] as [UInt64])
    func notFlat(setting: String, seed: UInt64) async throws {
        let raster = try await Self.raster(Self.request(setting, seed: seed))
        let deviation = raster.lumaDeviation(x: 0, y: 0, width: raster.width, height: raster.height)
        #expect(deviation > 28, "\(setting) \(seed): luma deviation \(deviation)")
        let hues = Self.hues(raster)
        #expect(hues >= 6, "\(setting) \(seed): \(hues) hues")
        // The top of the sky is night: dark and blue.
        let top = raster.mean(x: 0, y: 0, width: raster.width, height: 100)
        #expect(Self.luma(top) < 70 && top.b > top.r, "\(setting) \(seed): sky top \(top)")
        // The band where the hero stands (and the cloud boat floats) is lit: lighter than the sky's top.
        let ground = raster.mean(x: 0, y: 600, width: raster.width, height: 100)
        #expect(Self.luma(ground) > Self.luma(top) + 25, "\(setting) \(seed): ground \(ground), sky \(top)")
    }

    /// The picture drifts under the read-along for minutes: a texture at the scale of a pixel
    /// (grain, paper) is what a 4 Mb/s stream cannot carry, and x264 spent a fifth of its CPU
    /// on it (docs/performance.md). The median step in luma between neighbouring pixels of the
    /// sky (the median, so stars do not count) is well under a level; with the old grain of
    /// σ 2.5 it was above 2.
    @Test("smooth at the scale of a pixel: no grain or paper texture for the encoder to chase", arguments: settings)
    func noPixelGrain(setting: String) async throws {
        let raster = try await Self.raster(Self.request(setting, seed: 5))
        var steps: [Double] = []
        for y in 0..<120 {
            for x in 0..<(raster.width - 1) {
                let a = raster.rgba(x: x, y: y), b = raster.rgba(x: x + 1, y: y)
                steps.append(abs(Self.luma((Double(a.r), Double(a.g), Double(a.b))) - Self.luma((Double(b.r), Double(b.g), Double(b.b)))))
            }
        }
        let median = steps.sorted()[steps.count / 2]
        #expect(median < 1, "\(setting): the median step between neighbouring pixels of the sky is \(median) levels")
    }

    @Test("the hero wears the appearance's coat: yellow for a yellow raincoat, blue for a blue jumper")
    func heroColours() async throws {
        var rng = SeededRandom(seed: 1)
        let mia = HeroLook(appearance: "Curly red hair and a yellow raincoat", rng: &rng)
        #expect(mia.curly && !mia.long && mia.hair == HeroLook.hairColours["red"] && mia.coat == HeroLook.clothColours["yellow"])
        let leo = HeroLook(appearance: "long black hair in braids, a blue jumper, dark skin", rng: &rng)
        #expect(leo.long && leo.hair == HeroLook.hairColours["black"] && leo.coat == HeroLook.clothColours["blue"]
            && leo.skin == HeroLook.skins["dark"])
        // In the picture: the middle of the coat, under the shoulders, has the coat's colour.
        for (hero, wanted) in [("a yellow raincoat", Tone("#F2C14E")), ("a blue jumper", Tone("#4A7BD0"))] {
            let painter = StorybookPainter(width: 576, height: 1024, setting: .snow, appearance: hero, seed: 4)
            let raster = try await Self.raster(Self.request("snow", seed: 4, hero: hero))
            let s = 1024 * 0.2
            let coat = raster.mean(x: Int(painter.heroX) - 6, y: Int(painter.heroFeet - s * 0.4), width: 12, height: 20)
            let distance = abs(coat.r - wanted.r) + abs(coat.g - wanted.g) + abs(coat.b - wanted.b)
            #expect(distance < 60, "\(hero): coat \(coat)")
        }
    }

    @Test("the offline scenes and the item's theme name their setting")
    func settingsFromWords() {
        #expect(StorySetting.guess(scene: "walking along a mossy path through a friendly moonlit wood, fireflies glowing among the ferns") == .forest)
        #expect(StorySetting.guess(scene: "on a calm moonlit beach beside a white lighthouse, gentle waves") == .sea)
        #expect(StorySetting.guess(scene: "sitting in a little cloud boat floating among twinkling stars, a big smiling moon nearby") == .sky)
        #expect(StorySetting.guess(scene: "walking through a snowy pine forest at night, soft snowflakes falling, a wooden cabin") == .snow)
        #expect(StorySetting.guess(scene: "in a cosy little town square at dusk, cobbled streets, glowing lanterns and a clock tower against a violet sky") == .town)
        #expect(StorySetting.guess(scene: "A gentle picture-book illustration for the bedtime story", theme: "an evening in the forest") == .forest)
        #expect(StorySetting.guess(scene: "Mia, a 5-year-old child", theme: "a gentle adventure before sleep") == nil)
    }
}
