import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The five templates of the seed, each a function from the inputs to a plan with the seed's
/// timeline. Durations: snap-reveal 11 s (10–12), split-swipe 9 s, kinetic-steps 15 s,
/// price-time 12 s, fridge-pip 15 s.
enum RecipeTemplates {
    static func plan(_ template: RecipeTemplate, _ inputs: RecipeInputs) throws -> RecipePlan {
        switch template {
        case .snapReveal: try snapReveal(inputs)
        case .splitSwipe: try splitSwipe(inputs)
        case .kineticSteps: try kineticSteps(inputs)
        case .priceTime: try priceTime(inputs)
        case .fridgePip: try fridgePip(inputs)
        }
    }

    /// Allowed durations per template (the check reads these).
    static func durationRange(_ template: RecipeTemplate) -> ClosedRange<Double> {
        switch template {
        case .snapReveal: 10...12
        case .splitSwipe: 8.9...9.1
        case .kineticSteps, .fridgePip: 14.9...15.1
        case .priceTime: 11.9...12.1
        }
    }

    /// Beat-synced carousel: hook on the blurred BEFORE (2 s), BEFORE with the first three
    /// ingredients dropping in, the meal (or b-roll), then AFTER with the CTA; Ken Burns on every
    /// picture, alternating pan; with music the cuts move to the nearest beat (±0.35 s).
    static func snapReveal(_ inputs: RecipeInputs) throws -> RecipePlan {
        var b = RecipeBuilder(.snapReveal, duration: 11, inputs: inputs)
        let wanted = [2.0, 4.6, 7.6]
        let cuts = inputs.beats.isEmpty ? wanted : BeatDetector.cuts(beats: inputs.beats, wanted: wanted, tolerance: 0.35)
        try b.still(inputs.beforeBlurred, from: 0, to: cuts[0], index: 0, fade: 0)
        try b.hook(until: cuts[0] + 0.1, centreY: 960)
        try b.still(inputs.before, from: cuts[0], to: cuts[1], index: 1)
        for (k, label) in RecipeTextRules.ingredientLabels(inputs.recipe).enumerated() {
            try b.sticker(label, name: "ingredient-\(k + 1)", size: RecipeArt.Size.callout, fill: "#FF5A36",
                          centreY: 1060 + Double(k) * 130, start: cuts[0] + 0.2 + 0.12 * Double(k), end: cuts[1], motion: .drop)
        }
        if let clip = inputs.broll.first {
            let mid = (cuts[1] + cuts[2]) / 2
            try b.clip(clip, from: cuts[1], to: mid)
            try b.still(inputs.meal, from: mid, to: cuts[2], index: 2)
        } else {
            try b.still(inputs.meal, from: cuts[1], to: cuts[2], index: 2)
        }
        try b.text(inputs.recipe.title, name: "title", size: RecipeArt.Size.step, centreY: 192 + 150, start: cuts[1] + 0.2, end: cuts[2], motion: .fade)
        try b.still(inputs.after, from: cuts[2], to: b.plan.duration, index: 3)
        try b.cta()
        return b.plan
    }

    /// Before/after with a circular wipe from the centre, counters, end card.
    static func splitSwipe(_ inputs: RecipeInputs) throws -> RecipePlan {
        var b = RecipeBuilder(.splitSwipe, duration: 9, inputs: inputs)
        try b.still(inputs.before, from: 0, to: 3.0, index: 0, fade: 0)
        try b.hook(until: 1.6)
        let reach = (RecipeBuilder.w * RecipeBuilder.w / 4 + RecipeBuilder.h * RecipeBuilder.h / 4).squareRoot() + 2
        try b.still(inputs.after, from: 1.5, to: 9, index: 1, fade: 0,
                    mask: .circle(centreX: .constant(RecipeBuilder.w / 2), centreY: .constant(RecipeBuilder.h / 2),
                                  radius: .ramp(0, reach, start: 1.5, duration: 1.5, .easeInOut)))
        try b.veil(from: 3.0, to: 9, opacity: 0.3)
        let counters = RecipeCounters.items(inputs.recipe)
        for (k, counter) in counters.enumerated() {
            let start = 3.1 + 0.12 * Double(k)
            try RecipeCounters.add(counter, to: &b, centreY: 560 + Double(k) * 150, start: start, end: 7.0, name: "counter-\(k + 1)")
        }
        try b.text(inputs.recipe.title, name: "title", size: RecipeArt.Size.step, centreY: 760, start: 7.0, end: 9, motion: .fade)
        try b.cta(centreY: 1000, start: 7.0)
        return b.plan
    }

    /// Hook on BEFORE, then up to six steps sliding up (≥ 1.6 s each) over pictures (or b-roll)
    /// in a loop, then AFTER with the CTA.
    static func kineticSteps(_ inputs: RecipeInputs) throws -> RecipePlan {
        var b = RecipeBuilder(.kineticSteps, duration: 15, inputs: inputs)
        try b.still(inputs.before, from: 0, to: 2.0, index: 0, fade: 0)
        try b.hook(until: 2.1)
        let steps = RecipeTextRules.stepLines(inputs.recipe, max: 6)
        let window = (start: 2.0, end: 12.0)
        // The background loops through the pictures (or the clips) under the steps.
        let loop: [Image] = [inputs.meal, inputs.before, inputs.after]
        let segment = (window.end - window.start) / 3
        for k in 0..<3 {
            let from = window.start + Double(k) * segment
            if k < inputs.broll.count { try b.clip(inputs.broll[k], from: from, to: from + segment) }
            else { try b.still(loop[k], from: from, to: from + segment, index: k + 1) }
        }
        try b.veil(from: window.start, to: window.end, opacity: 0.3)
        let each = (window.end - window.start) / Double(max(1, steps.count))
        for (k, line) in steps.enumerated() {
            let start = window.start + Double(k) * each
            try b.text(line, name: "step-\(k + 1)", size: RecipeArt.Size.step, centreY: 960, start: start, end: start + each, motion: .slideUp)
        }
        try b.still(inputs.after, from: window.end, to: 15, index: 4)
        try b.text(inputs.recipe.title, name: "title", size: RecipeArt.Size.step, centreY: 192 + 150, start: window.end + 0.2, end: 15, motion: .fade)
        try b.cta()
        return b.plan
    }

    /// BEFORE with a stack of price/time/calorie stickers popping 0.12 s apart, a gradient
    /// progress bar filling linearly over the meal (or b-roll), AFTER with the CTA.
    static func priceTime(_ inputs: RecipeInputs) throws -> RecipePlan {
        var b = RecipeBuilder(.priceTime, duration: 12, inputs: inputs)
        try b.still(inputs.before, from: 0, to: 1.0, index: 0, fade: 0)
        try b.hook(until: 2.8)
        let stickers = RecipeCounters.stickers(inputs.recipe)
        for (k, sticker) in stickers.enumerated() {
            try b.sticker(sticker.label, name: "sticker-\(k + 1)", size: RecipeArt.Size.sticker, fill: sticker.colour,
                          centreY: 820 + Double(k) * 150, start: 0.3 + 0.12 * Double(k), end: 3.0, motion: .pop)
        }
        if let clip = inputs.broll.first { try b.clip(clip, from: 1.0, to: 9.0) }
        else { try b.still(inputs.meal, from: 1.0, to: 9.0, index: 1) }
        let barWidth = RecipeArt.safeWidth - 40, barHeight = 28
        let bar = try b.art.progressBar(width: barWidth, height: barHeight)
        let barTop = RecipeBuilder.h - 192 - 80
        let left = (RecipeBuilder.w - Double(barWidth)) / 2
        b.plan.layers.append(.placed(try b.pixels(bar.track), left: left, top: barTop, start: 3.0, end: 9.0))
        b.plan.layers.append(Layer.placed(try b.pixels(bar.fill), left: left, top: barTop,
                                          start: 3.0, end: 9.0).masked(.rect(x: .constant(left), y: .constant(barTop),
                                                                             width: .ramp(0, Double(barWidth), start: 3.0, duration: 6.0),
                                                                             height: .constant(Double(barHeight)))))
        let minutes = inputs.recipe.timeMinutes.map { "Ready in \($0) min ⏱" } ?? "Almost ready ⏱"
        try b.text(minutes, name: "progress-label", size: RecipeArt.Size.counter, centreY: barTop - 60, start: 3.0, end: 9.0, motion: .fade)
        try b.still(inputs.after, from: 9.0, to: 12, index: 2)
        try b.cta()
        return b.plan
    }

    /// A 340 px circular picture-in-picture top right (placeholder face, shadow) over BEFORE (3 s),
    /// b-roll or the meal (6 s) with ingredient callouts dropping in, then AFTER (6 s) with the CTA.
    static func fridgePip(_ inputs: RecipeInputs) throws -> RecipePlan {
        var b = RecipeBuilder(.fridgePip, duration: 15, inputs: inputs)
        try b.still(inputs.before, from: 0, to: 3.0, index: 0, fade: 0)
        if let clip = inputs.broll.first { try b.clip(clip, from: 3.0, to: 9.0) }
        else { try b.still(inputs.meal, from: 3.0, to: 9.0, index: 1) }
        try b.still(inputs.after, from: 9.0, to: 15, index: 2)
        let pip = try b.art.pip()
        let pipCentreX = RecipeBuilder.w - 72 - Double(pip.width) / 2, pipCentreY = 192 + Double(pip.height) / 2
        try b.overlay(pip, name: "pip", text: nil, centreX: pipCentreX, centreY: pipCentreY, start: 0.2, end: 15, motion: .pop)
        try b.hook(until: 3.0, centreY: 192 + Double(pip.height) + 120)
        for (k, label) in RecipeTextRules.ingredientLabels(inputs.recipe).enumerated() {
            let start = 3.3 + 0.6 * Double(k)
            try b.sticker("Saved: \(label)", name: "callout-\(k + 1)", size: RecipeArt.Size.callout, fill: "#2EAD5B",
                          centreY: 1060 + Double(k) * 130, start: start, end: 9.0, motion: .drop)
        }
        try b.cta()
        return b.plan
    }
}

extension Layer {
    /// The same layer clipped by `mask`.
    func masked(_ mask: Mask) -> Layer {
        var copy = self
        copy.mask = mask
        return copy
    }
}
