import FactoryCore
import FactoryImaging
import Foundation

/// The on-screen keyboard and where each key is, so the pressed key can light up.
struct KeyboardArt: Sendable {
    var image: Image
    var top: Int
    /// Key rectangles in frame pixels: lowercase letters, and " " for the space bar.
    var keys: [String: Box]
}

extension ChatArt {
    func keyboard() throws -> KeyboardArt {
        let m = metrics, p = palette
        let w = m.width, h = m.keyboardHeight
        let gap = max(10, w / 90), side = gap / 2 + 4
        let topPad = h / 30, bottomPad = m.height >= 1600 ? h / 10 : h / 24
        let rowH = (h - topPad - bottomPad) / 4
        let keyH = rowH - gap
        let keyW = (w - 2 * side - 9 * gap) / 10
        var keys: [String: Box] = [:]
        var shapes = ""
        var labels: [(String, Box, Bool)] = []
        func key(_ label: String, x: Int, row: Int, width: Int, special: Bool) {
            let y = topPad + row * rowH + gap / 2
            shapes += "<rect x=\"\(x)\" y=\"\(y + 2)\" width=\"\(width)\" height=\"\(keyH)\" rx=\"\(keyH / 9)\" fill=\"#000000\" fill-opacity=\"0.25\"/>"
            shapes += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(keyH)\" rx=\"\(keyH / 9)\" fill=\"\(special ? p.keySpecial : p.key)\"/>"
            labels.append((label, Box(x: x, y: y, width: width, height: keyH), special))
        }
        let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        for (r, row) in rows.enumerated() {
            let count = row.count
            var x = (w - (count * keyW + (count - 1) * gap)) / 2
            if r == 2 {
                let wide = (x - side - gap)
                key("⇧", x: side, row: 2, width: wide, special: true)
                key("⌫", x: w - side - wide, row: 2, width: wide, special: true)
            }
            for ch in row {
                key(String(ch).uppercased(), x: x, row: r, width: keyW, special: false)
                keys[String(ch)] = Box(x: x, y: m.keyboardTop + topPad + r * rowH + gap / 2, width: keyW, height: keyH)
                x += keyW + gap
            }
        }
        let wideKey = keyW * 5 / 2
        key("123", x: side, row: 3, width: wideKey, special: true)
        let spaceW = w - 2 * side - 2 * wideKey - 2 * gap
        key("space", x: side + wideKey + gap, row: 3, width: spaceW, special: false)
        keys[" "] = Box(x: side + wideKey + gap, y: m.keyboardTop + topPad + 3 * rowH + gap / 2, width: spaceW, height: keyH)
        key("return", x: w - side - wideKey, row: 3, width: wideKey, special: true)
        var image = try canvas(w, h, p.keyboard).composited(Shapes.svg(svg(w, h, shapes)))
        for (label, box, special) in labels {
            let size = label.count == 1 ? Double(keyH) * 0.46 : Double(keyH) * 0.3
            let glyph = try text(label, font: special ? Self.regular : Self.regular, size: size, colour: p.keyText, width: box.width * 2)
            image = try image.composited(glyph, x: box.x + (box.width - glyph.width) / 2, y: box.y + (box.height - glyph.height) / 2)
        }
        return KeyboardArt(image: try image.flatten().materialised(), top: m.keyboardTop, keys: keys)
    }

    /// The iOS-style magnified key that pops up above a pressed letter (a lit bar for space).
    func keyPopup(_ key: String, box: Box) throws -> (image: Image, left: Int, top: Int) {
        if key == " " {
            let lit = try Shapes.roundedRect(width: box.width, height: box.height, radius: Double(box.height) / 9, fill: palette.keySpecial)
            let label = try text("space", size: Double(box.height) * 0.3, colour: palette.keyText, width: box.width)
            return (try lit.composited(label, x: (box.width - label.width) / 2, y: (box.height - label.height) / 2), box.x, box.y)
        }
        let w = box.width * 3 / 2, h = box.height * 2
        let bubble = try Shapes.svg(svg(w, h + 4, "<rect x=\"0\" y=\"4\" width=\"\(w)\" height=\"\(h - 2)\" rx=\"\(w / 6)\" fill=\"#000000\" fill-opacity=\"0.25\"/><rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" rx=\"\(w / 6)\" fill=\"\(palette.key)\"/>"))
        let glyph = try text(key.uppercased(), size: Double(box.height) * 0.7, colour: palette.keyText, width: w * 2)
        let image = try bubble.composited(glyph, x: (w - glyph.width) / 2, y: (h / 2 - glyph.height) / 2 + h / 12)
        return (image, box.x - (w - box.width) / 2, box.y + box.height - h)
    }
}
