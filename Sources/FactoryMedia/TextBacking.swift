import FactoryImaging
import Foundation
import Synchronization

/// Raises text contrast where it falls short: a soft dark plate behind the text layer, moving,
/// scaling and fading with it, made darker step by step until the layer measures the target.
public enum TextBacking {
    /// The plate's opacity at each step.
    public static let levels = [0.45, 0.6, 0.72, 0.85]

    /// How far the plate reaches past the layer's content: half the type size, 12–48 px.
    public static func padding(size: Double) -> Int { min(48, max(12, Int((size * 0.5).rounded()))) }

    /// A black rounded plate for content of `width`×`height`, padded and blurred at its edge.
    public static func plate(width: Int, height: Int, size: Double, opacity: Double) throws -> Image {
        let p = padding(size: size)
        let w = width + 2 * p, h = height + 2 * p
        let rx = min(Double(height + p) / 2, size * 0.6)
        return try Shapes.svg("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)"><defs><filter id="s" x="-0.2" y="-0.2" width="1.4" height="1.4">\
            <feGaussianBlur stdDeviation="\(Double(p) / 4)"/></filter></defs><rect x="\(Double(p) / 2)" y="\(Double(p) / 2)" \
            width="\(width + p)" height="\(height + p)" rx="\(rx)" fill="#000000" fill-opacity="\(opacity)" filter="url(#s)"/></svg>
            """)
    }

    /// The plate behind `text` (a text layer with fixed pixels), following its every move, at
    /// full opacity: each level sets only the layer's opacity (the text's times `opacity`).
    public static func plate(behind text: Layer) throws -> LayerPixels {
        try LayerPixels(image: plate(width: text.pixels.contentWidth, height: text.pixels.contentHeight,
                                     size: text.text?.size ?? 48, opacity: 1))
    }

    /// `plate` (from `plate(behind: text)`) behind `text` at `opacity`.
    public static func layer(behind text: Layer, plate: LayerPixels, opacity: Double) -> Layer {
        let p = Double(padding(size: text.text?.size ?? 48))
        let cw = Double(text.pixels.contentWidth), ch = Double(text.pixels.contentHeight)
        return Layer(plate, x: text.x, y: text.y, scale: text.scale, opacity: text.opacity.scaled(by: opacity),
                     anchorX: (text.anchorX * cw + p) / (cw + 2 * p), anchorY: (text.anchorY * ch + p) / (ch + 2 * p),
                     mask: text.mask, start: text.start, end: text.end)
    }

    /// What a raise did: the scene to render, its final measurement and each raised layer's plate opacity.
    public struct Raised: Sendable {
        public var scene: Scene
        public var report: TextContrastReport
        /// The measurement before anything was raised.
        public var before: TextContrastReport
        public var plates: [String: Double]
    }

    /// Measures `scene`; each text layer (with fixed pixels) under `target` gets a plate, darker
    /// at each round, and the scene is measured again, until every layer passes or the darkest
    /// plate is reached. What still falls short stays in the report: the caller's check fails.
    public static func raise(_ scene: Scene, fps: Int, target: Double = WCAG.target) throws -> Raised {
        let before = TextContrast.measure(scene, fps: fps)
        var report = before, current = scene
        var level: [Int: Int] = [:]
        var made: [Int: LayerPixels] = [:]
        for _ in levels {
            let failing = Set(report.failing(target))
            guard !failing.isEmpty else { break }
            var changed = false
            for (i, layer) in scene.layers.enumerated() where layer.sequence == nil {
                guard let name = layer.text?.name, failing.contains(name) else { continue }
                let next = (level[i] ?? -1) + 1
                if next < levels.count { level[i] = next; changed = true }
            }
            guard changed else { break }
            // Each plate is drawn once (librsvg's blur, 20-40 ms for a quote's), the new ones
            // side by side; a darker round changes only the layer's opacity.
            let new = level.keys.filter { made[$0] == nil }.sorted()
            let drawn = Mutex([Int: Result<LayerPixels, any Error>]())
            DispatchQueue.concurrentPerform(iterations: new.count) { k in
                let result = Result { try plate(behind: scene.layers[new[k]]) }
                drawn.withLock { $0[new[k]] = result }
            }
            for (i, result) in drawn.withLock({ $0 }) { made[i] = try result.get() }
            var layers: [Layer] = []
            for (i, layer) in scene.layers.enumerated() {
                if let l = level[i], let plate = made[i] { layers.append(self.layer(behind: layer, plate: plate, opacity: levels[l])) }
                layers.append(layer)
            }
            current.layers = layers
            report = TextContrast.measure(current, fps: fps)
        }
        var plates: [String: Double] = [:]
        for (i, l) in level { if let name = scene.layers[i].text?.name { plates[name] = levels[l] } }
        return Raised(scene: current, report: report, before: before, plates: plates)
    }
}
