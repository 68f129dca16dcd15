import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Builds a template's plan with the seed's motion vocabulary: Ken Burns stills (1.08, ±2 %
/// alternating pan), fades of 0.25–0.3 s, spring pops 0.6→1.0 over 0.6 s, drops of 50 px over
/// 0.5 s, slide-ups over 0.35 s, 0.12 s staggers, circular wipes and linear progress bars.
struct RecipeBuilder {
    enum Motion { case fade, pop, drop, slideUp }

    let inputs: RecipeInputs
    let art = RecipeArt()
    var plan: RecipePlan
    private var cache: [ObjectIdentifier: LayerPixels] = [:]
    static let w = Double(RecipeArt.width), h = Double(RecipeArt.height)

    init(_ template: RecipeTemplate, duration: Double, inputs: RecipeInputs) {
        self.inputs = inputs
        plan = RecipePlan(template: template, duration: duration)
    }

    mutating func pixels(_ image: Image) throws -> LayerPixels {
        if let made = cache[ObjectIdentifier(image)] { return made }
        let made = try LayerPixels(image: image)
        cache[ObjectIdentifier(image)] = made
        return made
    }

    /// A full-frame still from `from` to `to`, zooming 1.00→1.08 while panning 2 % of the width
    /// (left on even `index`, right on odd), fading in over `fade` above what is under it.
    mutating func still(_ image: Image, from: Double, to: Double, index: Int, fade: Double = 0.25, mask: Mask? = nil) throws {
        let span = max(0.1, to - from)
        let pan = (index % 2 == 0 ? -1.0 : 1.0) * 0.02 * Self.w
        // The zoom leads the pan, so the picture always covers the frame.
        let layer = Layer(try pixels(image),
                          x: .ramp(Self.w / 2, Self.w / 2 + pan, start: from, duration: span, .easeInOut),
                          y: .constant(Self.h / 2),
                          scale: .ramp(1.0, 1.08, start: from, duration: span, .linear),
                          opacity: fade > 0 ? .ramp(0, 1, start: from, duration: fade, .easeInOut) : .constant(1),
                          mask: mask, start: from, end: min(plan.duration, to + 0.4))
        plan.layers.append(layer)
        if from > 0 { plan.cuts.append(from) }
    }

    /// A b-roll clip filling the frame from `from` to `to`.
    mutating func clip(_ path: String, from: Double, to: Double) throws {
        let (first, sequence) = try ClipReader.sequence(path: path, width: RecipeArt.width, height: RecipeArt.height,
                                                       start: from, duration: to - from, fps: 30)
        var layer = Layer.placed(first, left: 0, top: 0, opacity: .ramp(0, 1, start: from, duration: 0.25, .easeInOut),
                                 start: from, end: min(plan.duration, to + 0.4))
        layer.sequence = sequence
        plan.layers.append(layer)
        plan.cuts.append(from)
    }

    /// An overlay image centred at (`centreX`, `centreY`) from `start` to `end` with an entrance.
    @discardableResult
    mutating func overlay(_ image: Image, name: String, text: String?, centreX: Double = w / 2, centreY: Double,
                          start: Double, end: Double, motion: Motion, mark: TextMark? = nil) throws -> RecipePlan.Text? {
        let enter: Double
        var y = Track.constant(centreY), scale = Track.constant(1)
        switch motion {
        case .fade: enter = 0.3
        case .pop:
            enter = 0.6
            scale = Track([.init(start, 0.6, .spring), .init(start + 0.6, 1.0)])
        case .drop:
            enter = 0.5
            y = .ramp(centreY - 50, centreY, start: start, duration: 0.5, .easeOut)
        case .slideUp:
            enter = 0.35
            y = .ramp(centreY + 80, centreY, start: start, duration: 0.35, .easeOut)
        }
        let fadeIn = motion == .pop ? 0.15 : enter
        let out = min(0.25, max(0, end - start - enter))
        var keys: [Track.Key] = [.init(start, 0, .easeInOut), .init(start + fadeIn, 1)]
        if end < plan.duration { keys += [.init(end - out, 1, .easeInOut), .init(end, 0)] }
        var layer = Layer(try pixels(image), x: .constant(centreX), y: y, scale: scale, opacity: Track(keys),
                          start: start, end: min(end, plan.duration))
        layer.text = mark
        plan.layers.append(layer)
        guard let text else { return nil }
        // The box is the element at rest (full size, final place): what the safe-zone check reads.
        let box = Box(x: Int((centreX - Double(image.width) / 2).rounded(.down)), y: Int((centreY - Double(image.height) / 2).rounded(.down)),
                      width: image.width, height: image.height)
        let element = RecipePlan.Text(name: name, text: text, box: box, start: start, visible: start + enter, end: min(end, plan.duration))
        plan.texts.append(element)
        return element
    }

    /// Stroked text as an overlay.
    @discardableResult
    mutating func text(_ string: String, name: String, size: Double, centreY: Double, start: Double, end: Double,
                       motion: Motion, colour: String = "#FFFFFF") throws -> RecipePlan.Text? {
        try overlay(art.text(string, size: size, colour: colour), name: name, text: string, centreY: centreY, start: start, end: end, motion: motion,
                    mark: TextMark(name, colour: colour, size: size))
    }

    /// A sticker (text on a coloured pill) as an overlay, its text measured in the colour it is set in.
    @discardableResult
    mutating func sticker(_ label: String, name: String, size: Double, fill: String, centreX: Double = w / 2, centreY: Double,
                          start: Double, end: Double, motion: Motion) throws -> RecipePlan.Text? {
        try overlay(art.sticker(label, size: size, fill: fill), name: name, text: label, centreX: centreX, centreY: centreY,
                    start: start, end: end, motion: motion, mark: TextMark(name, colour: RecipeArt.stickerText(on: fill), size: size))
    }

    /// The hook: 64 px bold, fading in over 0.3 s from 0.1 s, high in the safe zone.
    mutating func hook(until end: Double, centreY: Double = 192 + 240) throws {
        try text(RecipeTextRules.hook(inputs.recipe), name: "hook", size: RecipeArt.Size.hook, centreY: centreY,
                 start: 0.1, end: end, motion: .fade)
    }

    /// The CTA sticker popping in (by default 2.6 s before the end, inside the last 3 s) and staying.
    mutating func cta(centreY: Double = h - 192 - 110, start: Double? = nil) throws {
        try overlay(art.cta(inputs.cta), name: "cta", text: inputs.cta, centreY: centreY,
                    start: start ?? plan.duration - 2.6, end: plan.duration, motion: .pop,
                    mark: TextMark("cta", colour: RecipeArt.stickerText(on: "#FFFFFF", preferred: "#111111"), size: RecipeArt.Size.cta))
    }

    /// A darkening veil over the background (text legibility on busy pictures).
    mutating func veil(from: Double, to: Double, opacity: Double = 0.35) throws {
        let veil = try Shapes.canvas(width: RecipeArt.width, height: RecipeArt.height, colour: "#000000").withAlpha().scaledAlpha(opacity)
        plan.layers.append(.placed(try pixels(veil), left: 0, top: 0, opacity: .ramp(0, 1, start: from, duration: 0.3, .easeInOut),
                                   start: from, end: to))
    }
}
