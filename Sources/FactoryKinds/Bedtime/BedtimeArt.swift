import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The read-along video: the cover illustration drifting slowly (in whole 2-pixel steps, so every
/// frame is a plain copy, not a resample), a title card, the sentence being read as a large soft
/// subtitle inside the safe zone with the word being spoken on a warm pill (`ReadAlongSubtitles`),
/// and a thin progress bar. The subtitle is one `PixelSequence` version per sentence and per word,
/// set when it first shows: memory does not grow with the story's length.
package struct BedtimeArt {
    package static let fps = 24
    let width: Int
    let height: Int
    let format: Format

    package init(width: Int, height: Int, format: Format) {
        self.width = width
        self.height = height
        self.format = format
    }

    static func illustrationRequest(story: Story, spec: BedtimeSpec, seed: UInt64, week: ISOWeek) -> ImageRequest {
        let hero = [spec.hero.name, spec.hero.appearance].compactMap { $0 }.joined(separator: ", ")
        let prompt = "\(story.illustrationPrompt); \(hero); soft watercolour children's book illustration, warm night light, gentle, calm"
        let size = Format.story.generationSize
        // The offline painter's storybook scene: the setting's landmarks and the hero's colours.
        var hints = ImageHints(kind: .bedtimeStory, week: week.description, prompt: prompt, own: [.hero: spec.hero.appearance ?? ""])
        hints[.setting] = StorySetting.guess(scene: story.illustrationPrompt, theme: spec.theme)?.rawValue
        return ImageRequest(positivePrompt: prompt, negativePrompt: "scary, dark horror, text, watermark, deformed",
                            model: ModelDefaults.image, width: size.width, height: size.height, steps: 28, cfgScale: 7, seed: seed,
                            hints: hints)
    }

    /// The subtitle's type: large, soft and warm white, with a shadow.
    var subtitleStyle: TextStyle {
        TextStyle(font: "Inter Semi-Bold", size: format == .story ? 58 : 46, colour: "#FFF8E7", alignment: .centre,
                  shadowRadius: 6, shadowOpacity: 0.7)
    }

    /// Where the sentence is set: its wrapping width and fitting height, and the frame point its image is centred on.
    var subtitleBox: (width: Int, height: Int, centreX: Double, centreY: Double) {
        let insets = format.safeInsets
        let boxHeight = Int(Double(height) * 0.2)
        let top = Double(height) - Double(insets.bottom) - Double(height) * 0.2
        return (width - insets.left - insets.right - 40, boxHeight, Double(width) / 2, top + Double(boxHeight) / 2)
    }

    /// The `.ass` file's look for a format: the video's size and type, its lowest line where the video's subtitle ends.
    static func karaokeLook(_ format: Format) -> StoryKaraoke.Look {
        let size = format.size, insets = format.safeInsets
        return StoryKaraoke.Look(width: size.width, height: size.height, fontSize: format == .story ? 58 : 46,
                                 marginBottom: insets.bottom + 24, marginSide: insets.left + 20)
    }

    /// The veil under the subtitle at each step of `BedtimeJob`'s legibility pass: its opacity
    /// halfway down and at the bottom. The first is the look; a picture bright enough behind the
    /// sentence for its contrast to fall under the target gets the next.
    static let veils: [(middle: Double, bottom: Double)] = [(0.55, 0.8), (0.7, 0.88), (0.82, 0.94)]

    /// The video's scene with the sentences of `cues` and no word highlighted.
    package func scene(cover: Image, story: Story, hero: String, cues: [Captions.Cue], duration: Double) throws -> Scene {
        try scene(cover: cover, story: story, hero: hero, readAlong: ReadAlong(cues: cues), duration: duration)
    }

    /// The video's scene: each sentence of `readAlong` while it is read, its words highlighted as
    /// they are spoken, with the veil of step `veil` (`veils`). The sentence, the title and the
    /// line under it are marked as text (`TextMark`) for the contrast pass.
    func scene(cover: Image, story: Story, hero: String, readAlong: ReadAlong, duration: Double, veil: Int = 0) throws -> Scene {
        try scene(try parts(cover: cover, story: story, hero: hero), readAlong: readAlong, duration: duration, veil: veil)
    }

    /// What the scene draws whatever the veil: the illustration at its drifting size and the
    /// title card's layers, made once however many veils the legibility pass tries.
    struct Parts {
        var picture: LayerPixels
        var card: (backdrop: LayerPixels, lines: [(pixels: LayerPixels, x: Int, y: Int, mark: TextMark)])
    }

    func parts(cover: Image, story: Story, hero: String) throws -> Parts {
        // The illustration, 12 % larger than the frame, drifts from one corner towards the centre.
        let big = try cover.srgb().flatten().cover(width: Int(Double(width) * 1.12) & ~1, height: Int(Double(height) * 1.12) & ~1)
            .materialised()
        let card = try titleCard(story: story, hero: hero)
        return Parts(picture: try LayerPixels(image: big),
                     card: (try LayerPixels(image: card.backdrop),
                            try card.lines.map { (try LayerPixels(image: $0.image), $0.x, $0.y, $0.mark) }))
    }

    /// The scene from its `parts`, with the veil of step `veil`.
    func scene(_ parts: Parts, readAlong: ReadAlong, duration: Double, veil: Int = 0) throws -> Scene {
        let cues = readAlong.sentences.map(\.cue)
        let w = Double(width), h = Double(height)
        let big = parts.picture
        let travelX = Double(big.contentWidth - width), travelY = Double(big.contentHeight - height)
        let steps = max(1, Int(min(travelX, travelY) / 2))
        var xs: [Track.Key] = [], ys: [Track.Key] = []
        for k in 0...steps {
            let t = duration * Double(k) / Double(steps)
            let p = Double(k) / Double(steps)
            xs.append(.init(t, -(travelX * (1 - p * 0.6) / 2).rounded(.down) * 2 / 2, .hold))
            ys.append(.init(t, -(travelY * (0.2 + p * 0.6)).rounded(.down), .hold))
        }
        var layers: [Layer] = [Layer(big, x: Track(xs.map { .init($0.time, ($0.value / 2).rounded(.down) * 2, .hold) }),
                                     y: Track(ys.map { .init($0.time, ($0.value / 2).rounded(.down) * 2, .hold) }),
                                     anchorX: 0, anchorY: 0)]
        let insets = format.safeInsets
        // A soft veil at the bottom keeps the subtitle readable over any picture.
        let veilHeight = Int(h * 0.42)
        let strength = Self.veils[min(max(0, veil), Self.veils.count - 1)]
        let scrim = try Shapes.verticalScrim(width: width, height: veilHeight, colour: "#0B1026",
                                             stops: [(0, 0), (0.45, strength.middle), (1, strength.bottom)])
        layers.append(.placed(try LayerPixels(image: scrim), left: 0, top: h - Double(veilHeight)))
        // The sentence being read, the word being spoken on a warm pill.
        let subtitle = subtitleBox
        let subtitles = ReadAlongSubtitles(readAlong, style: subtitleStyle, width: subtitle.width, fitHeight: subtitle.height, fps: Self.fps)
        let blank = try LayerPixels(image: Shapes.svg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"></svg>"))
        var reading = Layer(blank, x: .constant(subtitle.centreX), y: .constant(subtitle.centreY), start: cues.first?.start ?? 0)
        reading.sequence = subtitles.sequence
        // The spoken word's pill and dark ink are left out of the sentence's measurement: they sit
        // beside the other words, not under them (dark ink on the pill reads 13:1 by construction).
        reading.text = TextMark("sentence", colour: subtitleStyle.colour, size: subtitleStyle.size, mayHavePlate: false)
        // The thin progress bar just above the bottom safe line.
        let barWidth = width - insets.left - insets.right, barTop = h - Double(insets.bottom) + 24
        let track = try Shapes.roundedRect(width: barWidth, height: 8, radius: 4, fill: "#FFFFFF", opacity: 0.25)
        let fill = try Shapes.roundedRect(width: barWidth, height: 8, radius: 4, fill: "#FFD98E")
        layers.append(.placed(try LayerPixels(image: track), left: Double(insets.left), top: barTop))
        var bar = Layer.placed(try LayerPixels(image: fill), left: Double(insets.left), top: barTop)
        bar.mask = .rect(x: .constant(Double(insets.left)), y: .constant(barTop - 4), width: .ramp(0, Double(barWidth), start: 0, duration: duration),
                         height: .constant(16))
        layers.append(bar)
        // The title card over the first seconds (while the title is read).
        // Its backdrop, then the title and the line under it as layers of their own, so each is measured.
        let card = parts.card
        let cardEnd = min(duration, max(3.5, cues.first.map { $0.end + 0.5 } ?? 3.5))
        let fade = Track([.init(0, 1), .init(cardEnd - 0.8, 1, .easeInOut), .init(cardEnd, 0)])
        layers.append(.placed(card.backdrop, left: 0, top: 0, opacity: fade, end: cardEnd))
        for line in card.lines {
            var layer = Layer.placed(line.pixels, left: Double(line.x), top: Double(line.y), opacity: fade, end: cardEnd)
            layer.text = line.mark
            layers.append(layer)
        }
        // The sentence over the card: the title is read with its words lit, not dimmed under the card's veil.
        layers.append(reading)
        return Scene(width: width, height: height, duration: duration, layers: layers)
    }

    /// The title card: the veil with the moon, and the lines of text set on it and where.
    struct TitleCard {
        var backdrop: Image
        var lines: [(image: Image, x: Int, y: Int, mark: TextMark)]
    }

    /// The title over the illustration: a navy veil (deepest behind the title) lets the storybook scene show through.
    func titleCard(story: Story, hero: String) throws -> TitleCard {
        let insets = format.safeInsets
        var card = try Shapes.svg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#0B1026\" stop-opacity=\"0.5\"/><stop offset=\"0.3\" stop-color=\"#0B1026\" stop-opacity=\"0.72\"/><stop offset=\"0.7\" stop-color=\"#1B1F45\" stop-opacity=\"0.72\"/><stop offset=\"1\" stop-color=\"#2B2F5A\" stop-opacity=\"0.55\"/></linearGradient></defs><rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#g)\"/></svg>")
        let textWidth = width - insets.left - insets.right - 60
        let moon = try TextRenderer.render(markup: "🌙", style: TextStyle(size: 120), width: 400).image
        let titleStyle = TextStyle(font: "Inter Bold", size: format == .story ? 84 : 64, colour: "#FFF8E7",
                                   alignment: .centre, shadowRadius: 6, shadowOpacity: 0.6)
        let (title, titleSize) = try TextRenderer.render(markup: TextRenderer.escape(story.title), style: titleStyle,
                                                         width: textWidth, fitHeight: height / 3)
        let subStyle = TextStyle(font: "Inter Medium", size: 42, colour: "#FFD98E", alignment: .centre)
        let sub = try TextRenderer.render(markup: TextRenderer.escape("A bedtime story for \(hero)"), style: subStyle, width: textWidth).image
        var y = (height - moon.height - 40 - title.height - 40 - sub.height) / 2
        card = try card.composited(moon, x: (width - moon.width) / 2, y: y); y += moon.height + 40
        let titleY = y; y += title.height + 40
        return TitleCard(backdrop: try card.materialised(), lines: [
            (try title.materialised(), (width - title.width) / 2, titleY, TextMark("title", colour: titleStyle.colour, size: titleSize)),
            (try sub.materialised(), (width - sub.width) / 2, y, TextMark("title-line", colour: subStyle.colour, size: subStyle.size)),
        ])
    }
}
