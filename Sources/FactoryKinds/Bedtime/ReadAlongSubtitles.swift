import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The read-along subtitle: the sentence being read, set once, with the word being spoken on a
/// warm pill in dark ink. One `PixelSequence` version per sentence (no word yet) and per word
/// (from the frame nearest its start until the next word's), so the text is never set per frame,
/// and only the version on screen is held.
///
/// Each sentence is set three times, once each: as shown (fitted, with its shadow), in dark ink,
/// and with each word's letters in a colour of its own and everything else transparent (Pango's
/// colours and `fgalpha` do not move a glyph), which gives every word's box in one pass over the
/// pixels. A word's version is a copy of the sentence's pixels with the pill and the ink's piece
/// of the word's box painted in, only over that box: no text is set and nothing is composited
/// over the whole sentence per word.
///
/// `@unchecked Sendable`: `cached` is only touched under `lock`; everything else is immutable.
final class ReadAlongSubtitles: @unchecked Sendable {
    /// A rectangle in the subtitle image's pixels.
    struct Box: Sendable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// One sentence as set: the shown image (with its shadow), the dark ink layout and where it
    /// sits in the shown image, and each word's ink and pill boxes (in the shown image).
    struct Setting {
        var image: Raster
        var ink: Raster
        var offset: (x: Int, y: Int)
        var words: [(ink: Box, pill: Box)?]
    }

    static let pill = (r: 0xFF, g: 0xD9, b: 0x8E), ink = "#1A1433"
    static let padX = 7, padY = 5

    let readAlong: ReadAlong
    let style: TextStyle
    let width: Int
    let fitHeight: Int
    /// What each version shows (a sentence, and its highlighted word if any) and from when.
    let versions: [(sentence: Int, word: Int?)]
    let times: [Double]
    private let lock = NSLock()
    private var cached: (sentence: Int, setting: Setting)?

    init(_ readAlong: ReadAlong, style: TextStyle, width: Int, fitHeight: Int, fps: Int) {
        self.readAlong = readAlong
        self.style = style
        self.width = width
        self.fitHeight = fitHeight
        var versions: [(Int, Int?)] = [], times: [Double] = []
        // A quarter frame early, so the frame at exactly `shownAt` already shows the change.
        let early = 0.25 / Double(max(1, fps))
        for (s, sentence) in readAlong.sentences.enumerated() {
            versions.append((s, nil))
            times.append(max(times.last ?? 0, sentence.cue.start))
            for w in sentence.words.indices {
                versions.append((s, w))
                let shown = ReadAlong.shownAt(sentence.words[w].start, fps: fps) - early
                times.append(max(times.last ?? 0, sentence.cue.start, shown))
            }
        }
        self.versions = versions
        self.times = times
    }

    var sequence: PixelSequence {
        PixelSequence(times: times) { [self] index in LayerPixels(raster: try raster(version: index)) }
    }

    /// Version `index`: the sentence, with its word on the pill when it has one. The pill and the
    /// word's ink are painted into a copy of the sentence's pixels, only over the pill's box.
    func raster(version index: Int) throws -> Raster {
        let (s, word) = versions[index]
        let setting = try self.setting(s)
        guard let word, let boxes = setting.words[word] else { return setting.image }
        var out = setting.image
        Self.paintPill(&out, boxes.pill)
        Self.paintInk(&out, from: setting.ink, box: boxes.ink, at: setting.offset)
        return out
    }

    /// Where word `word` of sentence `sentence` is highlighted, in the subtitle image: the pill and the word's letters.
    func wordBoxes(sentence: Int, word: Int) throws -> (pill: Box, ink: Box)? {
        guard let boxes = try setting(sentence).words[word] else { return nil }
        let offset = try setting(sentence).offset
        return (boxes.pill, Box(x: boxes.ink.x + offset.x, y: boxes.ink.y + offset.y, width: boxes.ink.width, height: boxes.ink.height))
    }

    /// The subtitle image's size for a sentence (what the layer centres).
    func imageSize(sentence: Int) throws -> (width: Int, height: Int) {
        let image = try setting(sentence).image
        return (image.width, image.height)
    }

    /// Draws the pill (straight alpha, antialiased round ends, radius up to 14 px) over `box` of `raster`.
    static func paintPill(_ raster: inout Raster, _ box: Box) {
        let radius = min(14, Double(min(box.width, box.height)) / 2)
        let w = Double(box.width), h = Double(box.height)
        for y in max(0, box.y)..<min(raster.height, box.y + box.height) {
            for x in max(0, box.x)..<min(raster.width, box.x + box.width) {
                // Distance outside the rounded rectangle from the pixel's centre (negative inside).
                let px = Double(x - box.x) + 0.5, py = Double(y - box.y) + 0.5
                let dx = max(radius - px, px - (w - radius), 0), dy = max(radius - py, py - (h - radius), 0)
                let coverage = min(1, max(0, 0.5 - ((dx * dx + dy * dy).squareRoot() - radius)))
                blend(&raster, x: x, y: y, colour: pill, alpha: coverage)
            }
        }
    }

    /// Draws the ink layout's pixels inside `box` (its own coordinates) over `raster`, shifted by `offset`.
    static func paintInk(_ raster: inout Raster, from ink: Raster, box: Box, at offset: (x: Int, y: Int)) {
        guard ink.bands == 4 else { return }
        for y in max(0, box.y)..<min(ink.height, box.y + box.height) where y + offset.y >= 0 && y + offset.y < raster.height {
            for x in max(0, box.x)..<min(ink.width, box.x + box.width) where x + offset.x >= 0 && x + offset.x < raster.width {
                let i = (y * ink.width + x) * 4
                let alpha = Double(ink.pixels[i + 3]) / 255
                guard alpha > 0 else { continue }
                blend(&raster, x: x + offset.x, y: y + offset.y,
                      colour: (Int(ink.pixels[i]), Int(ink.pixels[i + 1]), Int(ink.pixels[i + 2])), alpha: alpha)
            }
        }
    }

    /// Source-over of one straight-alpha colour onto an RGBA pixel.
    static func blend(_ raster: inout Raster, x: Int, y: Int, colour: (r: Int, g: Int, b: Int), alpha: Double) {
        guard alpha > 0 else { return }
        let i = (y * raster.width + x) * 4
        let below = Double(raster.pixels[i + 3]) / 255
        let out = alpha + below * (1 - alpha)
        guard out > 0 else { return }
        func mix(_ top: Int, _ under: UInt8) -> UInt8 {
            UInt8(min(255, max(0, ((Double(top) * alpha + Double(under) * below * (1 - alpha)) / out).rounded())))
        }
        raster.pixels[i] = mix(colour.r, raster.pixels[i])
        raster.pixels[i + 1] = mix(colour.g, raster.pixels[i + 1])
        raster.pixels[i + 2] = mix(colour.b, raster.pixels[i + 2])
        raster.pixels[i + 3] = UInt8((out * 255).rounded())
    }

    func setting(_ s: Int) throws -> Setting {
        if let cached = lock.withLock({ cached }), cached.sentence == s { return cached.setting }
        let sentence = readAlong.sentences[s]
        let text = sentence.cue.text
        let (shown, size) = try TextRenderer.render(markup: TextRenderer.escape(text), style: style, width: width, fitHeight: fitHeight)
        var plain = style
        plain.size = size
        plain.colour = Self.ink
        plain.shadowRadius = 0
        let ink = try TextRenderer.render(markup: TextRenderer.escape(text), style: plain, width: width).image.withAlpha().pixels()
        let offset = ((shown.width - ink.width) / 2, (shown.height - ink.height) / 2)
        var words: [(ink: Box, pill: Box)?] = []
        if !sentence.words.isEmpty {
            let coded = try TextRenderer.render(markup: Self.codedMarkup(text, words: sentence.words), style: plain, width: width).image
            let found = Self.boxes(try coded.pixels(), count: sentence.words.count)
            let lines = Self.lines(ink, bridging: Int(size * 0.15))
            words = found.map { box in
                box.map { box in
                    // The pill spans its line's height, so every word of a line gets the same one.
                    let middle = box.y + box.height / 2
                    let line = lines.first { $0.contains(middle) } ?? box.y..<(box.y + box.height)
                    return (box, Box(x: offset.0 + box.x - Self.padX, y: offset.1 + line.lowerBound - Self.padY,
                                     width: box.width + 2 * Self.padX, height: line.count + 2 * Self.padY))
                }
            }
        }
        // Even sides: the layer is centred, so an odd side would put it half a pixel off the grid,
        // and every frame would be resampled (blurring the text) instead of blended in place.
        let even = try shown.withAlpha().embedded(x: 0, y: 0, width: (shown.width + 1) & ~1, height: (shown.height + 1) & ~1)
        let setting = Setting(image: try even.pixels(), ink: ink, offset: offset, words: words)
        lock.withLock { cached = (s, setting) }
        return setting
    }

    /// The sentence with word i's letters in `code(i)` and everything else transparent.
    static func codedMarkup(_ text: String, words: [ReadAlong.Word]) -> String {
        let characters = Array(text)
        func hidden(_ range: Range<Int>) -> String {
            range.isEmpty ? "" : "<span fgalpha=\"1\">" + TextRenderer.escape(String(characters[range])) + "</span>"
        }
        var markup = "", at = 0
        for (i, word) in words.enumerated() {
            let (r, g) = code(i)
            markup += hidden(at..<word.core.lowerBound)
            markup += String(format: "<span foreground=\"#%02X%02X00\">", r, g) + TextRenderer.escape(String(characters[word.core])) + "</span>"
            at = word.core.upperBound
        }
        return markup + hidden(at..<characters.count)
    }

    /// Word i's colour: its number in steps of 8 in red and green, so antialiasing's rounding cannot move it to another word.
    static func code(_ i: Int) -> (r: Int, g: Int) { (((i + 1) % 32) * 8 + 4, ((i + 1) / 32) * 8 + 4) }

    /// Each word's box in the coded image: the pixels at least two-thirds opaque carrying its colour.
    static func boxes(_ raster: Raster, count: Int) -> [Box?] {
        var bounds = [(minX: Int, minY: Int, maxX: Int, maxY: Int)?](repeating: nil, count: count)
        guard raster.bands == 4 else { return bounds.map { _ in nil } }
        for y in 0..<raster.height {
            var i = y * raster.width * 4
            for x in 0..<raster.width {
                defer { i += 4 }
                guard raster.pixels[i + 3] > 170 else { continue }
                let word = Int(raster.pixels[i]) / 8 + 32 * (Int(raster.pixels[i + 1]) / 8) - 1
                guard word >= 0, word < count else { continue }
                let b = bounds[word]
                bounds[word] = (min(b?.minX ?? x, x), min(b?.minY ?? y, y), max(b?.maxX ?? x, x), max(b?.maxY ?? y, y))
            }
        }
        return bounds.map { b in b.map { Box(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1) } }
    }

    /// The runs of rows holding ink, gaps up to `bridging` rows closed (an i's dot): one per line
    /// of text, when the lines do not touch.
    static func lines(_ raster: Raster, bridging: Int = 0) -> [Range<Int>] {
        guard raster.bands == 4 || raster.bands == 2 else { return [0..<raster.height] }
        var runs: [Range<Int>] = []
        var start: Int?
        for y in 0..<raster.height {
            var inked = false
            var i = (y * raster.width) * raster.bands + raster.bands - 1
            for _ in 0..<raster.width where !inked {
                inked = raster.pixels[i] > 24
                i += raster.bands
            }
            if inked, start == nil { start = y }
            if !inked, let first = start { runs.append(first..<y); start = nil }
        }
        if let first = start { runs.append(first..<raster.height) }
        var merged: [Range<Int>] = []
        for run in runs {
            if let last = merged.last, run.lowerBound - last.upperBound <= bridging {
                merged[merged.count - 1] = last.lowerBound..<run.upperBound
            } else {
                merged.append(run)
            }
        }
        return merged
    }
}
