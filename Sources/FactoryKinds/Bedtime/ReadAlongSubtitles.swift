import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The read-along subtitle: the sentence being read, set once, with the word being spoken on a
/// warm pill in dark ink. One `PixelSequence` version per sentence (no word yet) and per word
/// (from the frame nearest its start until the next word's), so the text is set once per word,
/// never per frame, and only the version on screen is held.
///
/// Each word's place comes from the layout itself: the sentence is set a second time at the
/// size that fitted, every character but the word's transparent (Pango's `fgalpha`, which does
/// not move a glyph), and the word's ink is where the alpha is. That image is also the dark word
/// drawn over the pill.
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

    /// One sentence as set: the shown image (with its shadow), the size that fitted, where the
    /// unshadowed layout sits in it, and the rows each line of ink spans.
    struct Setting {
        var image: Image
        var size: Double
        var offset: (x: Int, y: Int)
        var lines: [Range<Int>]
    }

    static let pill = "#FFD98E", ink = "#1A1433"
    static let padX = 10, padY = 5

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
        PixelSequence(times: times) { [self] index in try LayerPixels(image: image(version: index)) }
    }

    /// Version `index`: the sentence, with its word on the pill when it has one.
    func image(version index: Int) throws -> Image {
        let (s, word) = versions[index]
        let setting = try self.setting(s)
        guard let word else { return setting.image }
        let (pill, _, ink) = try wordLayout(sentence: s, word: word, setting: setting)
        let shape = try Shapes.roundedRect(width: pill.width, height: pill.height, radius: Double(min(pill.height, 28)) / 2,
                                           fill: Self.pill)
        return try setting.image.composited(shape, x: pill.x, y: pill.y)
            .composited(ink, x: setting.offset.x, y: setting.offset.y).materialised()
    }

    /// Where word `word` of sentence `sentence` is highlighted, in the subtitle image: the pill and the word's ink.
    func wordBoxes(sentence: Int, word: Int) throws -> (pill: Box, ink: Box) {
        let (pill, ink, _) = try wordLayout(sentence: sentence, word: word, setting: setting(sentence))
        return (pill, ink)
    }

    /// The subtitle image's size for a sentence (what the layer centres).
    func imageSize(sentence: Int) throws -> (width: Int, height: Int) {
        let image = try setting(sentence).image
        return (image.width, image.height)
    }

    func setting(_ s: Int) throws -> Setting {
        if let cached = lock.withLock({ cached }), cached.sentence == s { return cached.setting }
        let text = readAlong.sentences[s].cue.text
        let (shown, size) = try TextRenderer.render(markup: TextRenderer.escape(text), style: style, width: width, fitHeight: fitHeight)
        let plain = try TextRenderer.render(markup: TextRenderer.escape(text), style: plainStyle(size: size, colour: style.colour), width: width).image
        let setting = Setting(image: shown, size: size, offset: ((shown.width - plain.width) / 2, (shown.height - plain.height) / 2),
                              lines: Self.lines(try plain.pixels(), bridging: Int(size * 0.15)))
        lock.withLock { cached = (s, setting) }
        return setting
    }

    /// The style at the fitted size with no shadow (the shadow only pads the image evenly).
    func plainStyle(size: Double, colour: String) -> TextStyle {
        var plain = style
        plain.size = size
        plain.colour = colour
        plain.shadowRadius = 0
        return plain
    }

    /// The pill (in the shown image) and the word's ink (in the unshadowed layout), and the word alone in ink.
    func wordLayout(sentence s: Int, word w: Int, setting: Setting) throws -> (pill: Box, ink: Box, image: Image) {
        let sentence = readAlong.sentences[s]
        let characters = Array(sentence.cue.text), core = sentence.words[w].core
        func hidden(_ part: ArraySlice<Character>) -> String {
            part.isEmpty ? "" : "<span fgalpha=\"1\">" + TextRenderer.escape(String(part)) + "</span>"
        }
        let markup = hidden(characters[..<core.lowerBound]) + TextRenderer.escape(String(characters[core]))
            + hidden(characters[core.upperBound...])
        let alone = try TextRenderer.render(markup: markup, style: plainStyle(size: setting.size, colour: Self.ink), width: width).image
        let found = try alone.pixels().opaqueBounds(threshold: 24) ?? (0, 0, 0, 0)
        let ink = Box(x: found.x, y: found.y, width: found.width, height: found.height)
        // The pill spans the whole line's height, so every word of a line gets the same one.
        let middle = ink.y + ink.height / 2
        let line = setting.lines.first { $0.contains(middle) } ?? ink.y..<(ink.y + ink.height)
        let pill = Box(x: setting.offset.x + ink.x - Self.padX, y: setting.offset.y + line.lowerBound - Self.padY,
                       width: ink.width + 2 * Self.padX, height: line.count + 2 * Self.padY)
        return (pill, ink, alone)
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
