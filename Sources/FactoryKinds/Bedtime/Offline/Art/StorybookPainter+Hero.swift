import FactoryCore
import Foundation

/// The hero as a simple friendly figure seen from the front: a big round head with a fringe
/// (curls or long hair as the appearance says), dot eyes, rosy cheeks and a smile, an A-line coat
/// in the appearance's colour, short legs and boots, and a small lantern whose
/// warm glow is the picture's near light.
extension StorybookPainter {
    /// The figure standing with its feet centred on (`x`, `feet`), `scale` tall.
    func heroFigure(x: Double, feet: Double, scale s: Double) -> String {
        let look = hero
        let coatInk = Tone.darker(look.coat, 0.35), skinInk = Tone.darker(look.skin, 0.3), hairInk = Tone.darker(look.hair, 0.35)
        let shoulder = feet - s * 0.58, hem = feet - s * 0.13
        let headR = s * 0.17, headY = shoulder - s * 0.14
        let lanternSide = farSide
        var g = ellipse(x, feet, s * 0.26, s * 0.035, "#0A0F24", 0.35, extra: " filter=\"url(#soft)\"")
        // A warm pool of light around the figure from the lantern.
        g += glow(x + lanternSide * s * 0.24, shoulder + s * 0.42, s * 0.75)
        // Long hair falls behind the shoulders.
        if look.long { g += ellipse(x, headY + headR * 0.6, headR * 1.15, headR * 1.35, look.hair, extra: stroke(hairInk, s * 0.01)) }
        // Legs and boots.
        for side in [-1.0, 1.0] {
            g += rect(x + side * s * 0.065 - s * 0.035, hem - s * 0.02, s * 0.07, s * 0.12, Tone.darker(look.coat, 0.55), r: s * 0.03)
            g += ellipse(x + side * s * 0.075, feet - s * 0.02, s * 0.055, s * 0.03, "#3B2F3F")
        }
        // The coat: rounded shoulders flaring to the hem.
        let coat = "M\(f(x - s * 0.11)),\(f(shoulder + s * 0.02)) Q\(f(x)),\(f(shoulder - s * 0.04)) \(f(x + s * 0.11)),\(f(shoulder + s * 0.02)) "
            + "L\(f(x + s * 0.21)),\(f(hem - s * 0.01)) Q\(f(x)),\(f(hem + s * 0.04)) \(f(x - s * 0.21)),\(f(hem - s * 0.01)) Z"
        g += path(coat, look.coat, extra: stroke(coatInk, s * 0.012, 0.7))
        g += path("M\(f(x - s * 0.02)),\(f(shoulder + s * 0.06)) L\(f(x - s * 0.04)),\(f(hem - s * 0.02))", "none",
                  extra: stroke(coatInk, s * 0.008, 0.5))
        // Light from the lantern side on the coat.
        g += path("M\(f(x + lanternSide * s * 0.08)),\(f(shoulder + s * 0.06)) L\(f(x + lanternSide * s * 0.17)),\(f(hem - s * 0.03))", "none",
                  extra: stroke(Tone.lighter(look.coat, 0.45), s * 0.03, 0.55))
        for k in 0..<3 { g += circle(x + s * 0.012, shoulder + s * (0.1 + 0.1 * Double(k)), s * 0.013, coatInk) }
        // Arms: the lantern arm held out, the other relaxed.
        for side in [-1.0, 1.0] {
            let out = side == lanternSide
            let hand = (x + side * s * (out ? 0.24 : 0.19), shoulder + s * (out ? 0.3 : 0.33))
            g += path("M\(f(x + side * s * 0.1)),\(f(shoulder + s * 0.05)) Q\(f(x + side * s * 0.2)),\(f(shoulder + s * 0.12)) \(f(hand.0)),\(f(hand.1))",
                      "none", extra: stroke(look.coat, s * 0.075))
            g += circle(hand.0, hand.1 + s * 0.01, s * 0.035, look.skin, extra: stroke(skinInk, s * 0.008, 0.6))
            if out { g += lantern(hand.0, hand.1 + s * 0.03, s * 0.1) }
        }
        // The head, hair and face.
        g += rect(x - s * 0.035, headY + headR * 0.8, s * 0.07, s * 0.08, look.skin)
        g += circle(x, headY - headR * 0.08, headR * 1.08, look.hair)
        g += circle(x, headY, headR, look.skin, extra: stroke(skinInk, s * 0.01, 0.6))
        if look.curly {
            for k in 0..<9 {
                let a = Double.pi * (1.05 + 0.9 * Double(k) / 8)
                g += circle(x + cos(a) * headR * 0.95, headY + sin(a) * headR * 0.92, headR * 0.3, look.hair, extra: stroke(hairInk, s * 0.006, 0.5))
            }
        } else {
            let fringe = "M\(f(x - headR * 1.02)),\(f(headY + headR * 0.05)) Q\(f(x - headR)),\(f(headY - headR * 1.15)) \(f(x)),\(f(headY - headR * 1.05)) "
                + "Q\(f(x + headR)),\(f(headY - headR * 1.15)) \(f(x + headR * 1.02)),\(f(headY + headR * 0.05)) "
                + "Q\(f(x + headR * 0.6)),\(f(headY - headR * 0.45)) \(f(x)),\(f(headY - headR * 0.38)) "
                + "Q\(f(x - headR * 0.6)),\(f(headY - headR * 0.45)) \(f(x - headR * 1.02)),\(f(headY + headR * 0.05)) Z"
            g += path(fringe, look.hair, extra: stroke(hairInk, s * 0.008, 0.5))
        }
        for side in [-1.0, 1.0] {
            g += ellipse(x + side * headR * 0.36, headY + headR * 0.12, headR * 0.09, headR * 0.12, "#2A2030")
            g += circle(x + side * headR * 0.36 + headR * 0.03, headY + headR * 0.07, headR * 0.035, "#FFFFFF")
            g += circle(x + side * headR * 0.6, headY + headR * 0.42, headR * 0.16, "#F28C8C", 0.45)
        }
        g += path("M\(f(x - headR * 0.2)),\(f(headY + headR * 0.45)) Q\(f(x)),\(f(headY + headR * 0.65)) \(f(x + headR * 0.2)),\(f(headY + headR * 0.45))",
                  "none", extra: stroke("#8A3B3B", s * 0.012))
        return "<g>\(g)</g>"
    }

    /// A small hand lantern hanging from (`x`, `top`), `size` tall, lit.
    func lantern(_ x: Double, _ top: Double, _ size: Double) -> String {
        let body = size * 0.55
        var s = path("M\(f(x - size * 0.15)),\(f(top + size * 0.2)) Q\(f(x)),\(f(top - size * 0.1)) \(f(x + size * 0.15)),\(f(top + size * 0.2))",
                     "none", extra: stroke("#3B2F3F", size * 0.06))
        s += glow(x, top + size * 0.5, size * 1.6)
        s += rect(x - size * 0.22, top + size * 0.2, size * 0.44, size * 0.1, "#3B2F3F", r: size * 0.03)
        s += rect(x - size * 0.18, top + size * 0.3, size * 0.36, body, colours.glow, r: size * 0.08, extra: stroke("#3B2F3F", size * 0.05))
        s += ellipse(x, top + size * 0.3 + body * 0.55, size * 0.08, size * 0.14, "#FFFFFF", 0.9)
        return s
    }
}
