import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The numbers of a recipe on screen: counters that count up (split-swipe) and the price, time
/// and calorie stickers (price-time).
enum RecipeCounters {
    struct Counter: Sendable, Equatable {
        var emoji: String
        var value: Int
        var prefix: String
        var suffix: String
        func label(_ n: Int) -> String { "\(emoji) \(prefix)\(n)\(suffix)" }
    }

    /// Time, cost, calories and the number of ingredients, whichever the recipe has.
    static func items(_ r: Recipe) -> [Counter] {
        var out: [Counter] = []
        if let t = r.timeMinutes { out.append(Counter(emoji: "⏱", value: t, prefix: "", suffix: " min")) }
        if let c = r.costDollars { out.append(Counter(emoji: "💵", value: Int(c.rounded()), prefix: "$", suffix: "")) }
        if let k = r.calories { out.append(Counter(emoji: "🔥", value: k, prefix: "", suffix: " cal")) }
        out.append(Counter(emoji: "🥕", value: r.ingredients.count, prefix: "", suffix: r.ingredients.count == 1 ? " ingredient" : " ingredients"))
        return out
    }

    static func stickers(_ r: Recipe) -> [(label: String, colour: String)] {
        var out: [(String, String)] = []
        if let c = r.costDollars { out.append(("💵 $\(Int(c.rounded()))", "#FF8A00")) }
        if let t = r.timeMinutes { out.append(("⏱ \(t) min", "#FF2D7A")) }
        if let k = r.calories { out.append(("🔥 \(k) cal", "#7B5CFF")) }
        if out.isEmpty { out.append(("🥕 \(r.ingredients.count) ingredients", "#2EAD5B")) }
        return out
    }

    /// A counter counting up from 0 over 0.8 s (one text version per frame), then holding.
    static func add(_ counter: Counter, to b: inout RecipeBuilder, centreY: Double, start: Double, end: Double, name: String) throws {
        let art = b.art
        let size = RecipeArt.Size.counter
        let final = try art.text(counter.label(counter.value), size: size)
        // The element's box is the final label's: the widest of the versions.
        try b.overlay(final, name: name, text: counter.label(counter.value), centreY: centreY, start: start, end: end, motion: .pop)
        guard var layer = b.plan.layers.popLast() else { return }
        let frames = 24
        let times = (0...frames).map { start + 0.8 * Double($0) / Double(frames) }
        let values = (0...frames).map { Int((Double(counter.value) * Easing.easeOut.progress(Double($0) / Double(frames))).rounded()) }
        let first = try LayerPixels(image: art.text(counter.label(0), size: size))
        layer.pixels = first
        layer.sequence = PixelSequence(times: times) { i in try LayerPixels(image: art.text(counter.label(values[i]), size: size)) }
        b.plan.layers.append(layer)
    }
}
