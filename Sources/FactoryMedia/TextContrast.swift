import Foundation
import Synchronization

/// One text layer's contrast at one sampled frame, and where it was on screen then.
public struct TextContrastSample: Sendable, Codable, Equatable {
    public var layer: String
    /// Seconds, on the frame grid.
    public var time: Double
    public var ratio: Double
    public var textLuminance: Double
    public var backgroundLuminance: Double
    /// Where its glyphs show at that instant (not hidden under what is drawn over them), in frame pixels: x, y, width, height.
    public var box: [Int]
    public var colour: String
    public var size: Double
    /// What the measurement left out around the text, in frame pixels: what is drawn over it and the
    /// layer's own other ink (`ContrastField.hidden`), as rows of runs, `y:x0-x1,x0-x1;…` (x1
    /// exclusive); nil when nothing was. `review --check` leaves the same pixels out of a decoded frame.
    public var hidden: String? = nil
}

/// Every sampled measurement of a scene's text layers.
public struct TextContrastReport: Sendable, Equatable {
    public var samples: [TextContrastSample]
    /// How many distinct frames were composed to measure them.
    public var frames: Int

    /// The lowest sample of all (nil: no text layer could be measured).
    public var lowest: TextContrastSample? { samples.min { $0.ratio < $1.ratio } }
    /// Each layer's lowest sample, in the order the layers were first measured.
    public var byLayer: [TextContrastSample] {
        var order: [String] = [], worst: [String: TextContrastSample] = [:]
        for s in samples {
            if let w = worst[s.layer] { if s.ratio < w.ratio { worst[s.layer] = s } } else { order.append(s.layer); worst[s.layer] = s }
        }
        return order.compactMap { worst[$0] }
    }
    /// The layers whose lowest sample is under `target`.
    public func failing(_ target: Double) -> [String] { byLayer.filter { $0.ratio < target }.map(\.layer) }
}

/// Measures WCAG contrast of a scene's text layers (`Layer.text`) on the exact composited frames
/// the encoder receives, at a few moments of each layer's time on screen, across its motion.
public enum TextContrast {
    /// Moments of each layer's time on screen that are measured (fractions of its span; only those
    /// where it is fully shown count). A layer with changing pixels is measured once per version.
    public static let moments = [0.02, 0.25, 0.5, 0.75, 0.98]
    /// At most this many versions of a changing layer are measured (evenly chosen).
    public static let maxVersions = 24

    public static func measure(_ scene: Scene, fps: Int) -> TextContrastReport {
        var byTime: [Int: [Int]] = [:]
        for (index, layer) in scene.layers.enumerated() where layer.text != nil {
            for frame in frames(of: layer, duration: scene.duration, fps: fps) { byTime[frame, default: []].append(index) }
        }
        // Frames are independent: two contiguous runs of them, one per core, each in time order
        // (a changing layer keeps its two latest versions, so the runs do not undo each other's).
        // Composing every sampled frame one after another was 2.5 s of a chat story's 16.
        let frames = byTime.keys.sorted()
        let parts = frames.count >= 2 ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        let size = (frames.count + parts - 1) / max(1, parts)
        let results = Mutex([[TextContrastSample]](repeating: [], count: parts))
        let layers = byTime
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let run = frames[min(frames.count, part * size)..<min(frames.count, (part + 1) * size)]
            let samples = measure(scene, frames: run, layers: layers, fps: fps)
            results.withLock { $0[part] = samples }
        }
        return TextContrastReport(samples: results.withLock { $0.joined().map { $0 } }, frames: byTime.count)
    }

    /// The samples of `frames` (ascending), each composed whole and each of its text layers measured.
    static func measure(_ scene: Scene, frames: ArraySlice<Int>, layers byTime: [Int: [Int]], fps: Int) -> [TextContrastSample] {
        let w = scene.width, h = scene.height
        var yp = [UInt8](repeating: 0, count: w * h), up = [UInt8](repeating: 0, count: w * h / 4), vp = up
        // Glyph masks, made once per pixels: a fixed layer's until its last sampled frame of the
        // run; a changing layer's versions only while on screen in the frame before (each is shown once).
        var masks: [ObjectIdentifier: (LayerPixels, [Bool], [Bool])] = [:]
        var lastFrame: [Int: Int] = [:]
        for frame in frames { for index in byTime[frame] ?? [] { lastFrame[index] = frame } }
        var versions: [ObjectIdentifier: (LayerPixels, [Bool], [Bool])] = [:]
        var samples: [TextContrastSample] = []
        for frame in frames {
            let t = Double(frame) / Double(fps)
            yp.withUnsafeMutableBufferPointer { yb in up.withUnsafeMutableBufferPointer { ub in vp.withUnsafeMutableBufferPointer { vb in
                var picture = PictureBuffer(width: w, height: h, y: yb.baseAddress!, u: ub.baseAddress!, v: vb.baseAddress!,
                                            yStride: w, cStride: w / 2)
                Compositor.draw(scene, at: t, into: &picture)
            } } }
            var seen: [ObjectIdentifier: (LayerPixels, [Bool], [Bool])] = [:]
            for index in byTime[frame] ?? [] {
                let layer = scene.layers[index]
                guard let mark = layer.text, let pixels = layer.pixels(at: t) else { continue }
                let id = ObjectIdentifier(pixels)
                let made = masks[id] ?? versions[id]
                let mask = made?.1 ?? pixels.glyphMask(colour: mark.colour)
                let foreign = made?.2 ?? pixels.foreignInk(glyph: mask, mayHavePlate: mark.mayHavePlate)
                if layer.sequence != nil {
                    seen[id] = (pixels, mask, foreign)
                } else if lastFrame[index] == frame {
                    masks[id] = nil
                } else {
                    masks[id] = (pixels, mask, foreign)
                }
                let state = layer.state(at: t, shown: pixels)
                guard var (field, box) = field(pixels, mask: mask, foreign: foreign, state: state, ringRadius: mark.ringRadius, y: yp, u: up, v: vp, width: w, height: h)
                else { continue }
                // What is drawn over the text (chrome, cards) hides it there: not measured. While
                // something fades in or out over it, the text is in a transition: not measured then.
                let origin = (x: max(0, box[0] - mark.ringRadius - 2), y: max(0, box[1] - mark.ringRadius - 2))
                guard hide(scene.layers[(index + 1)...], at: t, in: &field, origin: origin),
                      let m = field.measure(ringRadius: mark.ringRadius) else { continue }
                samples.append(TextContrastSample(layer: mark.name, time: (t * 1000).rounded() / 1000, ratio: (m.ratio * 100).rounded() / 100,
                                                  textLuminance: m.textLuminance, backgroundLuminance: m.backgroundLuminance,
                                                  box: Self.extent(field.glyph, width: field.width, origin: origin) ?? box,
                                                  colour: mark.colour, size: mark.size,
                                                  hidden: field.hidden.flatMap { Self.runs($0, width: field.width, origin: origin) }))
            }
            versions = seen
        }
        return samples
    }

    /// How much of the text an overlay may cover (its alpha times its opacity) and still be a veil
    /// that the text is measured through; where it covers more, less than a tenth of the text shows.
    public static let veil = 0.9

    /// The layer's column (or row) each frame column of `range` samples, for a layer drawn from
    /// `origin` at `scale` (nearest sample, at pixel centres): computed once per field, not per pixel.
    static func samples(_ range: Range<Int>, origin: Double, scale: Double) -> [Int] {
        range.map { Int(((Double($0) + 0.5 - origin) / scale).rounded(.down)) }
    }

    /// Marks the field's pixels that `above` (the layers drawn after the text) cover at `t`: where
    /// an overlay's alpha times its opacity reaches `veil` (a veil that lets more of the text
    /// through is measured through, not skipped), and the 2 px around all that is hidden (their
    /// anti-aliased edges, as the ring leaves 2 px around the glyphs). Returns false when an overlay
    /// over the glyphs is fading in or out at `t`: the text is in a transition then, not being read.
    static func hide(_ above: ArraySlice<Layer>, at t: Double, in field: inout ContrastField, origin: (x: Int, y: Int)) -> Bool {
        var hidden = field.hidden ?? [Bool](repeating: false, count: field.width * field.height)
        for layer in above where layer.isShown(at: t) {
            guard let px = layer.pixels(at: t) else { continue }
            let s = layer.state(at: t, shown: px)
            guard s.opacity > 0.02 else { continue }
            let fading = s.opacity < 0.98 && [t - 0.1, t + 0.1].contains { abs(layer.opacity.value(at: $0) - s.opacity) > 0.01 }
            let ox = s.left - Double(px.margin) * s.scale, oy = s.top - Double(px.margin) * s.scale
            let cover = Int((veil / s.opacity * 255).rounded(.up))
            // Each column's sample of the overlay, once per overlay; only the columns it covers are visited.
            let columns = samples(origin.x..<(origin.x + field.width), origin: ox, scale: s.scale)
            guard let first = columns.firstIndex(where: { $0 >= 0 && $0 < px.width }),
                  let last = columns.lastIndex(where: { $0 >= 0 && $0 < px.width }) else { continue }
            for fy in origin.y..<(origin.y + field.height) {
                let sy = Int(((Double(fy) + 0.5 - oy) / s.scale).rounded(.down))
                guard sy >= 0, sy < px.height else { continue }
                let span = Mask.span(s.mask, row: Double(fy) + 0.5)
                for fx in (origin.x + first)...(origin.x + last) {
                    let sx = columns[fx - origin.x]
                    guard sx >= 0, sx < px.width, let span, Double(fx) + 0.5 >= span.0, Double(fx) + 0.5 < span.1 else { continue }
                    let alpha = px.opaque ? 255 : Int(px.a[sy * px.width + sx])
                    let i = (fy - origin.y) * field.width + (fx - origin.x)
                    if fading && alpha > 8 && field.glyph[i] { return false }
                    if alpha >= cover {
                        hidden[i] = true; field.glyph[i] = false
                    }
                }
            }
        }
        field.hidden = dilated(hidden, width: field.width, height: field.height, by: 2)
        return true
    }

    /// `mask` grown by `r` px (a square neighbourhood), nil when nothing is set.
    static func dilated(_ mask: [Bool], width w: Int, height h: Int, by r: Int) -> [Bool]? {
        guard mask.contains(true) else { return nil }
        var rows = mask
        for y in 0..<h {
            for x in 0..<w where mask[y * w + x] {
                for xx in max(0, x - r)...min(w - 1, x + r) { rows[y * w + xx] = true }
            }
        }
        var out = rows
        for y in 0..<h {
            for x in 0..<w where rows[y * w + x] {
                for yy in max(0, y - r)...min(h - 1, y + r) { out[yy * w + x] = true }
            }
        }
        return out
    }

    /// The bounding box of `mask` (a field of `width` at `origin` in the frame) in frame pixels, nil when empty.
    static func extent(_ mask: [Bool], width: Int, origin: (x: Int, y: Int)) -> [Int]? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for (i, on) in mask.enumerated() where on {
            x0 = min(x0, i % width); x1 = max(x1, i % width); y0 = min(y0, i / width); y1 = max(y1, i / width)
        }
        return x1 < 0 ? nil : [x0 + origin.x, y0 + origin.y, x1 - x0 + 1, y1 - y0 + 1]
    }

    /// `mask` (a field of `width` at `origin` in the frame) as rows of runs in frame pixels: `y:x0-x1,…;…`.
    static func runs(_ mask: [Bool], width: Int, origin: (x: Int, y: Int)) -> String? {
        var rows: [String] = []
        for y in 0..<(mask.count / width) {
            var runs: [String] = [], x = 0
            while x < width {
                guard mask[y * width + x] else { x += 1; continue }
                let x0 = x
                while x < width && mask[y * width + x] { x += 1 }
                runs.append("\(x0 + origin.x)-\(x + origin.x)")
            }
            if !runs.isEmpty { rows.append("\(y + origin.y):" + runs.joined(separator: ",")) }
        }
        return rows.isEmpty ? nil : rows.joined(separator: ";")
    }

    /// The frame pixels that `runs` (as `runs(_:width:origin:)` writes them) cover, nil when they do not parse.
    public static func pixels(runs: String) -> [(y: Int, x0: Int, x1: Int)]? {
        var out: [(Int, Int, Int)] = []
        for row in runs.split(separator: ";") {
            let parts = row.split(separator: ":")
            guard parts.count == 2, let y = Int(parts[0]) else { return nil }
            for run in parts[1].split(separator: ",") {
                let ends = run.split(separator: "-")
                guard ends.count == 2, let a = Int(ends[0]), let b = Int(ends[1]), a <= b else { return nil }
                out.append((y, a, b))
            }
        }
        return out
    }

    /// The frames (indices) at which `layer` is measured: the moments of its span where it is fully
    /// shown, or its most opaque moment; per version for a changing layer.
    static func frames(of layer: Layer, duration: Double, fps: Int) -> [Int] {
        let start = max(0, layer.start), end = min(duration, layer.end)
        guard end > start else { return [] }
        let f = Double(fps)
        func frame(_ t: Double) -> Int { min(Int((end * f).rounded(.up)) - 1, max(Int((start * f).rounded(.up)), Int((t * f).rounded(.down)))) }
        if let sequence = layer.sequence {
            var spans: [(Double, Double)] = []
            for (i, t0) in sequence.times.enumerated() {
                let a = max(start, t0), b = min(end, i + 1 < sequence.times.count ? sequence.times[i + 1] : end)
                if b - a > 1 / f { spans.append((a, b)) }
            }
            let step = max(1, (spans.count + maxVersions - 1) / maxVersions)
            return stride(from: 0, to: spans.count, by: step).map { frame((spans[$0].0 + spans[$0].1) / 2) }
        }
        // Judged at the frame that is measured, not the moment it was chosen from (the grid rounds down).
        let chosen = Set(moments.map { frame(start + (end - start) * $0) }).filter { layer.opacity.value(at: Double($0) / f) >= 0.98 }
        if !chosen.isEmpty { return chosen.sorted() }
        let grid = (0...20).map { start + (end - start) * Double($0) / 20 }
        guard let best = grid.max(by: { layer.opacity.value(at: $0) < layer.opacity.value(at: $1) }),
              layer.opacity.value(at: best) >= 0.5 else { return [] }
        return [frame(best)]
    }

    /// The region around a layer at one instant: each frame pixel's luminance (from the composed
    /// 4:2:0 planes) and whether the layer's glyph covers it (nearest sample of the layer).
    static func field(_ px: LayerPixels, mask: [Bool], foreign: [Bool], state s: LayerState, ringRadius: Int,
                      y: [UInt8], u: [UInt8], v: [UInt8], width: Int, height: Int) -> (ContrastField, [Int])? {
        let cw = Double(px.contentWidth) * s.scale, ch = Double(px.contentHeight) * s.scale
        var originX = s.left - Double(px.margin) * s.scale, originY = s.top - Double(px.margin) * s.scale
        // Where the compositor really draws it: an unscaled layer at whole pixels goes to even offsets.
        if abs(s.scale - 1) < 1e-6 && abs(originX - originX.rounded()) < 0.01 && abs(originY - originY.rounded()) < 0.01 {
            originX = Double(Int(originX.rounded()) & ~1)
            originY = Double(Int(originY.rounded()) & ~1)
        }
        let left = originX + Double(px.margin) * s.scale, top = originY + Double(px.margin) * s.scale
        let box = [Int(left.rounded(.down)), Int(top.rounded(.down)), Int(cw.rounded(.up)), Int(ch.rounded(.up))]
        let pad = ringRadius + 2
        let x0 = max(0, box[0] - pad), y0 = max(0, box[1] - pad)
        let x1 = min(width, box[0] + box[2] + pad), y1 = min(height, box[1] + box[3] + pad)
        guard x1 - x0 > 2, y1 - y0 > 2 else { return nil }
        let w = x1 - x0, h = y1 - y0
        var lum = [Float](repeating: 0, count: w * h), glyph = [Bool](repeating: false, count: w * h)
        var hidden = [Bool](repeating: false, count: w * h)
        let visible = s.opacity >= 0.5
        // Each column's sample of the layer, computed once per field rather than once per pixel.
        let columns = samples(x0..<x1, origin: originX, scale: s.scale)
        precondition(y.count >= width * height && u.count >= width * height / 4 && v.count >= width * height / 4
                     && mask.count >= px.width * px.height && foreign.count >= px.width * px.height, "planes and masks of their sizes")
        // Raw pointers (sizes checked above): this runs over every text layer's region of every sampled frame.
        y.withUnsafeBufferPointer { yp in u.withUnsafeBufferPointer { up in v.withUnsafeBufferPointer { vp in
        mask.withUnsafeBufferPointer { mask in foreign.withUnsafeBufferPointer { foreign in
        lum.withUnsafeMutableBufferPointer { lum in glyph.withUnsafeMutableBufferPointer { glyph in hidden.withUnsafeMutableBufferPointer { hidden in
            for fy in y0..<y1 {
                let sy = Int(((Double(fy) + 0.5 - originY) / s.scale).rounded(.down))
                let span = Mask.span(s.mask, row: Double(fy) + 0.5)
                let sampled = visible && sy >= 0 && sy < px.height && span != nil
                let luma = fy * width, chroma = (fy / 2) * (width / 2)
                for fx in x0..<x1 {
                    let i = (fy - y0) * w + (fx - x0)
                    let c = ColourMatrix.rgb(y: Int(yp[luma + fx]), u: Int(up[chroma + fx / 2]), v: Int(vp[chroma + fx / 2]))
                    lum[i] = Float(WCAG.luminance(r: c.r, g: c.g, b: c.b))
                    guard sampled, let span, Double(fx) + 0.5 >= span.0, Double(fx) + 0.5 < span.1 else { continue }
                    let sx = columns[fx - x0]
                    if sx >= 0, sx < px.width { glyph[i] = mask[sy * px.width + sx]; hidden[i] = foreign[sy * px.width + sx] }
                }
            }
        } } }
        } }
        } } }
        var field = ContrastField(width: w, height: h, luminance: lum, glyph: glyph)
        field.hidden = hidden
        return (field, box)
    }
}
