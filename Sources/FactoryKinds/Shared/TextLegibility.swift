import FactoryCore
import FactoryMedia
import Foundation

extension BundleMetadata {
    /// metadata.json's `text_contrast`: every text layer's lowest WCAG contrast as measured on the
    /// composited frames, where and when, and what the layout did to reach the target.
    public struct TextContrast: Sendable, Codable, Equatable {
        /// The lowest of all layers (nil: no text layer could be measured).
        public var lowest: Double?
        public var layer: String?
        public var time: Double?
        public var target: Double
        /// The lowest before the layout raised anything.
        public var lowestBefore: Double?
        /// Layers given a plate, and its opacity.
        public var plates: [String: Double]
        public var framesMeasured: Int
        public var method: String
        /// Each layer's lowest sample (its box and colour let anyone measure the same frame again).
        public var layers: [TextContrastSample]
    }
}

/// The text layers' legibility as measured before the render: the `text:contrast` QA check and
/// the record metadata.json keeps for `review --check` to measure the decoded video against.
package struct TextLegibility: Sendable {
    package var raised: TextBacking.Raised
    var target: Double = WCAG.target
    /// Wall-clock seconds the measuring (and raising) took.
    var seconds: Double = 0

    static let method = "WCAG 2.x relative luminance (sRGB) and contrast ratio; per text layer, the 5th percentile of per-pixel "
        + "contrast between the glyphs' median colour and a ring 2 px to a quarter of the type size around them, on the composited "
        + "frame at 2, 25, 50, 75 and 98 % of its time fully shown (each version of changing text once)"

    /// Measures `scene` and raises what falls short (`TextBacking.raise`).
    package static func ensure(_ scene: Scene, fps: Int) throws -> TextLegibility {
        let started = Date()
        let raised = try TextBacking.raise(scene, fps: fps)
        return TextLegibility(raised: raised, seconds: Date().timeIntervalSince(started))
    }

    var report: TextContrastReport { raised.report }

    /// Hands the raised scene over (to `SceneRenderer.render`) and keeps only what the check and
    /// the record read: the render lets each layer go once it has ended (a title card, a recipe's
    /// photos), which it cannot while a copy of the scene is kept here.
    package mutating func takeScene() -> Scene {
        let scene = raised.scene
        raised.scene = Scene(width: scene.width, height: scene.height, duration: scene.duration)
        return scene
    }

    /// `text:contrast`: "lowest 6.2:1 (quote at 3.40 s) over 4 text layers, 14 frames; target ≥ 4.5:1; raised label (plate 0.45)".
    var check: BundleMetadata.Check {
        guard let lowest = report.lowest else { return .init("text:contrast", true, "no text layer to measure") }
        let failing = report.failing(target)
        var detail = String(format: "lowest %.2f:1 (%@ at %.2f s) over %d text layers, %d frames; target ≥ %g:1", lowest.ratio, lowest.layer,
                            lowest.time, report.byLayer.count, report.frames, target)
        if !raised.plates.isEmpty {
            detail += "; raised " + raised.plates.sorted { $0.key < $1.key }.map { String(format: "%@ (plate %.2f)", $0.key, $0.value) }
                .joined(separator: ", ")
            if let before = raised.before.lowest { detail += String(format: " from %.2f:1", before.ratio) }
        }
        if !failing.isEmpty { detail += "; under target even at the darkest plate: " + failing.joined(separator: ", ") }
        return .init("text:contrast", failing.isEmpty, detail)
    }

    var record: BundleMetadata.TextContrast {
        let lowest = report.lowest
        return .init(lowest: lowest?.ratio, layer: lowest?.layer, time: lowest?.time, target: target,
                     lowestBefore: raised.before.lowest?.ratio, plates: raised.plates, framesMeasured: report.frames,
                     method: Self.method, layers: report.byLayer)
    }

    /// The lowest figure in the flat details too, for tools that read only those.
    var measurements: Measurements.Contrast {
        guard let lowest = report.lowest else { return .init() }
        return .init(ratio: lowest.ratio, layer: lowest.layer, time: lowest.time, seconds: seconds)
    }
}
