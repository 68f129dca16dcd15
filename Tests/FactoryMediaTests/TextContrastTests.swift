import FactoryImaging
@testable import FactoryMedia
import Foundation
import Testing

/// WCAG 2.x contrast: the arithmetic, the ring measurement and the raise on composed scenes.
@Suite struct TextContrastTests {
    @Test(arguments: [("#000000", "#FFFFFF", 21.0), ("#767676", "#FFFFFF", 4.54), ("#FFFFFF", "#FFFFFF", 1.0),
                      ("#007AFF", "#FFFFFF", 4.02), ("#777777", "#FFFFFF", 4.48)])
    func ratiosOfKnownPairs(a: String, b: String, expected: Double) throws {
        let ratio = try #require(WCAG.ratio(a, b))
        #expect(abs(ratio - expected) < 0.01, "\(a) on \(b): \(ratio)")
        #expect(WCAG.ratio(b, a) == ratio, "the order does not matter")
    }

    @Test func luminanceUsesTheSRGBTransferFunction() {
        #expect(WCAG.luminance(r: 255, g: 255, b: 255) == 1 && WCAG.luminance(r: 0, g: 0, b: 0) == 0)
        // Mid grey is 0.216 in linear light, not 0.5: a plain average of 8-bit values would miss it.
        #expect(abs(WCAG.luminance(r: 128, g: 128, b: 128) - 0.2159) < 0.001)
        #expect(WCAG.minimum(size: 30, bold: false) == 3 && WCAG.minimum(size: 16, bold: false) == 4.5 && WCAG.minimum(size: 19, bold: true) == 3)
    }

    /// A white bar on grey, with a bright patch under part of the ring.
    static func field(patch: Bool) -> ContrastField {
        let w = 120, h = 60
        var lum = [Float](repeating: Float(WCAG.luminance(r: 60, g: 60, b: 60)), count: w * h)
        var glyph = [Bool](repeating: false, count: w * h)
        for y in 20..<40 { for x in 20..<100 { glyph[y * w + x] = true; lum[y * w + x] = 1 } }
        if patch { for y in 0..<h { for x in 90..<w where !glyph[y * w + x] { lum[y * w + x] = Float(WCAG.luminance(r: 240, g: 240, b: 240)) } } }
        return ContrastField(width: w, height: h, luminance: lum, glyph: glyph)
    }

    @Test func ringMeasuresTheTextAgainstItsSurroundings() throws {
        let plain = try #require(Self.field(patch: false).measure(ringRadius: 8))
        let expected = WCAG.ratio(1, WCAG.luminance(r: 60, g: 60, b: 60))
        #expect(abs(plain.ratio - expected) < 0.05, "\(plain.ratio) against \(expected)")
        #expect(plain.textLuminance > 0.99)
        // A bright patch under the end of the line: a low percentile sees it, the median of the ring does not.
        let patched = try #require(Self.field(patch: true).measure(ringRadius: 8))
        #expect(patched.ratio < 1.2, "\(patched.ratio)")
        #expect(abs(patched.backgroundLuminance - WCAG.luminance(r: 60, g: 60, b: 60)) < 0.01)
    }

    /// Pale pink under white type (the Thursday Therapy case), the picture zooming 1.00→1.08.
    static func paleScene(textOnTop: Bool = true) throws -> Scene {
        let pink = try Shapes.canvas(width: 540, height: 960, colour: "#F6D9DE")
        let text = try TextRenderer.render(markup: "Rest is part of the work", style: TextStyle(size: 48, colour: "#FFFFFF"), width: 440).image
        var layer = Layer.placed(try LayerPixels(image: text), left: 50, top: 400)
        layer.text = TextMark("quote", colour: "#FFFFFF", size: 48)
        var layers = [Layer(try LayerPixels(image: pink), x: .constant(270), y: .constant(480), scale: .ramp(1, 1.08, start: 0, duration: 2))]
        layers.append(layer)
        if !textOnTop {
            // A white veil over the text: nothing behind it can help.
            let veil = try Shapes.canvas(width: 540, height: 960, colour: "#FFFFFF").withAlpha().scaledAlpha(0.9)
            layers.append(.placed(try LayerPixels(image: veil), left: 0, top: 0))
        }
        return Scene(width: 540, height: 960, duration: 2, layers: layers)
    }

    @Test func lowContrastTextIsRaisedAboveTheTargetAndMeasuredAgain() throws {
        let scene = try Self.paleScene()
        let before = TextContrast.measure(scene, fps: 30)
        let low = try #require(before.lowest)
        #expect(low.ratio < 1.5, "white on pale pink: \(low.ratio)")
        #expect(before.samples.count == TextContrast.moments.count, "every moment of the span: \(before.samples.map(\.time))")
        let raised = try TextBacking.raise(scene, fps: 30)
        let after = try #require(raised.report.lowest)
        #expect(after.ratio >= WCAG.target, "\(after.ratio) with plates \(raised.plates)")
        #expect(raised.plates["quote"] != nil && raised.scene.layers.count == scene.layers.count + 1)
        // The figure is the composed frame's: a snapshot of the raised scene reads the same.
        let rgb = SceneRenderer.snapshot(raised.scene, at: after.time)
        let b = after.box
        let field = try #require(ContrastField.decoded(rgb: rgb, width: 540, height: 960, box: (b[0], b[1], b[2], b[3]), colour: "#FFFFFF",
                                                       ringRadius: TextMark("q", colour: "#FFFFFF", size: 48).ringRadius))
        let again = try #require(field.measure(ringRadius: 12))
        #expect(abs(again.ratio - after.ratio) / after.ratio < 0.1, "\(again.ratio) against \(after.ratio)")
    }

    @Test func whatCannotBeRaisedStaysUnderTheTargetInTheReport() throws {
        let raised = try TextBacking.raise(try Self.paleScene(textOnTop: false), fps: 30)
        #expect(raised.report.failing(WCAG.target) == ["quote"], "\(raised.report.byLayer.map(\.ratio))")
        #expect(raised.plates["quote"] == TextBacking.levels.last, "every step was tried")
    }
    /// A plate is drawn once at full opacity; each level fades it with the layer's opacity (the
    /// text's, scaled). Composed, that reads as the plate drawn at the level's opacity, over a
    /// picture, while the text fades in and once it is shown.
    @Test func aPlateDrawnOnceReadsAsOneDrawnAtEachLevel() throws {
        let pink = try Shapes.canvas(width: 320, height: 240, colour: "#F6D9DE")
        let words = try TextRenderer.render(markup: "Rest", style: TextStyle(size: 48, colour: "#FFFFFF"), width: 280).image
        var text = Layer(try LayerPixels(image: words), x: .constant(160), y: .constant(120), opacity: .ramp(0, 1, start: 0, duration: 1))
        text.text = TextMark("quote", colour: "#FFFFFF", size: 48)
        let background = Layer.placed(try LayerPixels(image: pink), left: 0, top: 0)
        let once = try TextBacking.plate(behind: text)
        let p = Double(TextBacking.padding(size: 48))
        let (cw, ch) = (Double(text.pixels.contentWidth), Double(text.pixels.contentHeight))
        for level in TextBacking.levels {
            let faded = TextBacking.layer(behind: text, plate: once, opacity: level)
            #expect(faded.opacity.value(at: 0.5) == 0.5 * level && faded.opacity.value(at: 2) == level)
            let drawn = try LayerPixels(image: TextBacking.plate(width: text.pixels.contentWidth, height: text.pixels.contentHeight,
                                                                 size: 48, opacity: level))
            let direct = Layer(drawn, x: text.x, y: text.y, opacity: text.opacity,
                               anchorX: (0.5 * cw + p) / (cw + 2 * p), anchorY: (0.5 * ch + p) / (ch + 2 * p))
            for t in [0.5, 1.5] {
                let a = SceneRenderer.snapshot(Scene(width: 320, height: 240, duration: 2, layers: [background, faded, text]), at: t)
                let b = SceneRenderer.snapshot(Scene(width: 320, height: 240, duration: 2, layers: [background, direct, text]), at: t)
                let diffs = zip(a, b).map { abs(Int($0) - Int($1)) }
                let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
                // The plate darkens the picture: the two are compared where it shows, not on an empty frame.
                let darkest = a.min() ?? 255
                // Rounding, through 4:2:0 and back to RGB: a tenth of a step on average, a few at most.
                #expect(mean < 0.25 && (diffs.max() ?? 0) <= 6 && darkest < 200,
                        "level \(level) at \(t) s: \(mean) apart on average, \(diffs.max() ?? 0) at most, darkest \(darkest)")
            }
        }
    }
}
