import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import FactoryProviders
import Foundation

/// The recipe carousel `factory-bench bench --only carousel` renders three ways (ours, one ffmpeg filter
/// graph, bench/carousel_moviepy.py): photos as Ken Burns clips crossfading into each other, a
/// hook line over them. The numbers here are the ones the ffmpeg graph and the script use.
struct Carousel {
    static let width = 1080, height = 1920, fps = 30
    static let duration = 12.0, crossfade = 0.3
    /// Over one clip the photo zooms 1.00→1.08 and its centre drifts 2 % of the width sideways.
    static let zoom = 0.08, pan = 0.02
    static let safeTop = 192, safeSide = 72
    static let font = "Inter Bold", fontSize = 64.0, stroke = 4
    static let bitrate = 8_000_000
    /// What our VideoEncoder sets besides the preset and bitrate: a keyframe every 2 s and a VBV
    /// cap of 1.5× the bitrate over a 2× buffer. The rivals get the same, so x264 does the same work.
    static let keyframeInterval = 2 * fps, maxRate = bitrate * 3 / 2, bufferSize = bitrate * 2
    static let hook = "Fridge chaos → dinner in 15 min ($7)"
    static var safeWidth: Int { width - 2 * safeSide }

    let count: Int

    /// Neighbouring clips overlap by the crossfade, so `count` clips fill `duration` exactly: three
    /// photos get 4 s each of the 12, as clips of 4.2 s (126 frames, zoompan's d) overlapping 0.3 s.
    var clipLength: Double { (Self.duration + Double(count - 1) * Self.crossfade) / Double(count) }
    var clipFrames: Int { Int((clipLength * Double(Self.fps)).rounded()) }
    func start(_ index: Int) -> Double { Double(index) * (clipLength - Self.crossfade) }
    /// Even clips drift right, odd ones left.
    func direction(_ index: Int) -> Double { index % 2 == 0 ? 1 : -1 }

    /// Our scene: each photo a layer fading in over the one before, the hook centred in the safe zone.
    func scene(photos: [Image], hook: Image) throws -> Scene {
        let w = Double(Self.width), h = Double(Self.height), length = clipLength
        var layers: [Layer] = []
        for (i, photo) in photos.enumerated() {
            let t = start(i)
            layers.append(Layer(try LayerPixels(image: photo),
                                x: .ramp(w / 2, w / 2 + direction(i) * Self.pan * w, start: t, duration: length),
                                y: .constant(h / 2),
                                scale: .ramp(1, 1 + Self.zoom, start: t, duration: length),
                                opacity: i == 0 ? .constant(1) : .ramp(0, 1, start: t, duration: Self.crossfade),
                                start: t, end: t + length))
        }
        let safeHeight = Self.height - 2 * Self.safeTop
        layers.append(.placed(try LayerPixels(image: hook), left: Double(Self.safeSide + (Self.safeWidth - hook.width) / 2),
                              top: Double(Self.safeTop + (safeHeight - hook.height) / 2)))
        return Scene(width: Self.width, height: Self.height, duration: Self.duration, layers: layers)
    }

    /// The hook in white, wrapped to the safe width, inside a dark `stroke`-pixel outline (the
    /// dark text stamped at every offset within the stroke's radius, the white on top).
    static func hookImage(_ text: String) throws -> Image {
        let markup = TextRenderer.escape(text)
        let white = try TextRenderer.render(markup: markup, style: TextStyle(font: font, size: fontSize), width: safeWidth).image
        let dark = try TextRenderer.render(markup: markup, style: TextStyle(font: font, size: fontSize, colour: "#000000"),
                                           width: safeWidth).image
        let r = stroke
        var outlined = try dark.embedded(x: r, y: r, width: dark.width + 2 * r, height: dark.height + 2 * r)
        for dy in -r...r {
            for dx in -r...r where dx * dx + dy * dy <= r * r && (dx, dy) != (0, 0) {
                outlined = try outlined.composited(dark, x: r + dx, y: r + dy)
            }
        }
        return try outlined.composited(white, x: r, y: r).materialised()
    }

    /// A photo at the frame size (the bench's photos already are; others are covered and cropped).
    static func photo(path: String) throws -> Image {
        let image = try Image.load(path: path)
        return image.width == width && image.height == height ? image : try image.cover(width: width, height: height)
    }
}

extension BenchCommand {
    /// Hidden: renders the benchmark carousel and prints the seconds it took and its peak RSS (for `bench`).
    struct BenchCarouselRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-carousel-render", shouldDisplay: false)
        @Option(help: "The photos, comma-separated.") var images: String
        @Option var hook = Carousel.hook
        @Option var to: String

        func run() async throws {
            let paths = images.split(separator: ",").map(String.init)
            guard !paths.isEmpty else { throw ValidationError("--images names no photo") }
            // Timed from loading the JPEGs to the finished MP4, like the ffmpeg and MoviePy renders.
            let started = DispatchTime.now().uptimeNanoseconds
            let carousel = Carousel(count: paths.count)
            let scene = try carousel.scene(photos: try paths.map { try Carousel.photo(path: $0) }, hook: try Carousel.hookImage(hook))
            Vips.releaseMemory()
            _ = try SceneRenderer.render(scene, audio: nil, to: to,
                                         settings: VideoSettings(width: Carousel.width, height: Carousel.height, fps: Carousel.fps,
                                                                 bitrate: Carousel.bitrate, preset: .standard,
                                                                 tuning: BenchSettings.fromProcess().render))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}

/// The shared input and the ffmpeg side of the carousel figure.
extension Carousel {
    /// Paints the photos with the offline painter (a landscape, a lake in watercolour, a night sky:
    /// gradients, ridges, washes and film grain, so every encoder does honest work) as JPEGs in `folder`.
    static func paintPhotos(count: Int, in folder: URL) async throws -> [String] {
        let looks: [(PosterStyle, String)] = [(.photographic, "mountain ridges at dawn"), (.watercolor, "a lake in the evening"),
                                              (.cinematic, "hills under a night sky with stars")]
        var paths: [String] = []
        for i in 0..<count {
            let (style, prompt) = looks[i % looks.count]
            let request = ImageRequest(positivePrompt: prompt, negativePrompt: "", model: "offline", width: width, height: height,
                                       steps: 1, cfgScale: 1, seed: UInt64(i + 1),
                                       hints: ImageHints(week: "bench", prompt: prompt, own: [.style: style.rawValue, .series: Series.weekendWellness.rawValue]))
            let photo = try await OfflineImageProvider(kinds: StandardKinds.registry).generate(request, context: CallContext(item: "bench", stage: "image", gateway: nil))
            let path = folder.appendingPathComponent("photo-\(i + 1).jpg").path
            try photo.data.write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// The hook broken where our render's Pango breaks it (greedily, at the safe width), for
    /// drawtext, which does not wrap.
    static func hookLines(_ text: String) throws -> [String] {
        func fits(_ line: String) throws -> Bool {
            try TextRenderer.render(markup: TextRenderer.escape(line), style: TextStyle(font: font, size: fontSize), width: 4 * width)
                .image.width <= safeWidth
        }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let longer = line.isEmpty ? String(word) : line + " " + word
            if try line.isEmpty || fits(longer) {
                line = longer
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// The same carousel as one ffmpeg command, run inside the folder holding `font` and the hook's
    /// `lineFiles` (plain names, so the graph needs no escaping). Per photo: a 2× upscale, then
    /// `zoompan` (it crops at whole input pixels, so a 1× input jitters); `xfade` between clips; one
    /// `drawtext` per line (ffmpeg 5's drawtext cannot centre the lines of one text); silent AAC.
    func ffmpegArguments(photos: [String], lineFiles: [String], font: String, to: String) -> [String] {
        let w = Self.width, h = Self.height, frames = clipFrames, up = 2
        var graph: [String] = []
        for i in photos.indices {
            // x is the crop's left edge in input pixels: centred, less the drift (the crop is
            // scaled up by the zoom, so the drift in the frame is drift/zoom in the input).
            let drift = direction(i) * Self.pan * Double(w * up)
            graph.append("[\(i):v]scale=\(w * up):\(h * up):flags=bicubic,format=yuv420p,"
                         + "zoompan=z='1+\(Self.zoom)*on/\(frames)':x='iw/2-iw/zoom/2-(\(drift))*on/\(frames)/zoom':y='ih/2-ih/zoom/2'"
                         + ":d=\(frames):s=\(w)x\(h):fps=\(Self.fps),setsar=1[c\(i)]")
        }
        var last = "c0"
        for i in photos.indices.dropFirst() {
            graph.append("[\(last)][c\(i)]xfade=transition=fade:duration=\(Self.crossfade):offset=\(String(format: "%.3f", start(i)))[x\(i)]")
            last = "x\(i)"
        }
        let text = lineFiles.enumerated().map { k, file in
            "drawtext=fontfile=\(font):textfile=\(file):fontsize=\(Int(Self.fontSize)):fontcolor=white:borderw=\(Self.stroke)"
                + ":bordercolor=black:x=(w-text_w)/2:y=(h-\(lineFiles.count)*lh)/2+\(k)*lh"
        }
        graph.append("[\(last)]\(text.joined(separator: ","))[v]")
        return ["-hide_banner", "-nostats", "-benchmark", "-y"] + photos.flatMap { ["-i", $0] }
            + ["-f", "lavfi", "-i", "anullsrc=r=\(VideoSettings.sampleRate):cl=stereo",
               "-filter_complex", graph.joined(separator: ";"), "-map", "[v]", "-map", "\(photos.count):a",
               "-c:v", "libx264", "-preset", "veryfast", "-b:v", "\(Self.bitrate)", "-maxrate", "\(Self.maxRate)",
               "-bufsize", "\(Self.bufferSize)", "-g", "\(Self.keyframeInterval)", "-pix_fmt", "yuv420p",
               "-c:a", "aac", "-b:a", "160k", "-t", "\(Self.duration)", "-movflags", "+faststart", to]
    }
}
