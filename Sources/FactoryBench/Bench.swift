import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryMedia
import FactoryProviders
import Foundation

extension BenchCommand {
    /// `factory-bench bench`: the poster and chat renders against libx264 alone on the same frames, and
    /// the recipe carousel against ffmpeg's filter graph and MoviePy on the same photos.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Measure rendering against libx264 alone, ffmpeg and MoviePy (make bench).")

        @Argument(help: "The manifest holding the poster to render.")
        var manifest = "manifests/sample-week.yaml"

        @Option(help: "Poster item to render (default: the first poster).")
        var item: String?

        @Option(help: "Repetitions; the median is reported.")
        var repeats = 3

        @Option(help: "What to measure: all (items, week, bedtime, voice, carousel, estimate), items, week, poster, chat, recipe, carousel, bedtime, voice or estimate.")
        var only = "all"

        @Option(help: "With items: the items to run end to end (repeatable; default: the first of each video kind).")
        var itemId: [String] = []

        @Option(help: "The Python with MoviePy 2 for the carousel figure (make bench makes this venv).")
        var python = ".build/bench-venv/bin/python"

        @Option(help: "The MoviePy carousel script.")
        var moviepyScript = "bench/carousel_moviepy.py"

        @Flag(help: "Keep the temporary folder with the inputs and rendered videos, to look at them.")
        var keep = false

        func validate() throws {
            guard ["all", "items", "week", "poster", "chat", "recipe", "carousel", "bedtime", "voice", "estimate"].contains(only) else {
                throw ValidationError("--only \(only): choose all, items, week, poster, chat, recipe, carousel, bedtime, voice or estimate")
            }
            guard repeats >= 1 else { throw ValidationError("--repeats \(repeats): at least 1 run is needed for a median") }
        }

        func run() async throws {
            // `factory` runs the weeks; the render benches are children of this binary.
            let factory = try BenchCommand.factoryBinary(), me = BenchCommand.benchBinary
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("factory-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer {
                if keep { print("kept: \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) }
            }
            if only == "all" || only == "items" || only == "week" { try items(factory, folder) }
            if only == "poster" { try poster(me, folder) }
            if only == "chat" { try chat(me, folder) }
            if only == "recipe" { try recipe(me, folder) }
            if only == "all" || only == "bedtime" { try bedtime(factory, folder) }
            if only == "all" || only == "voice" { try voice(me) }
            if only == "all" || only == "carousel" { try await carousel(me, folder) }
            if only == "all" || only == "estimate" { try estimate(factory, folder) }
        }

        /// One item of each video kind and the whole week, end to end, against libx264 alone (docs/performance.md).
        func items(_ me: String, _ folder: URL) throws {
            guard let ffmpeg = Self.which("ffmpeg") else {
                print("items and week: skipped: no ffmpeg on PATH (make bench installs it)"); return
            }
            let manifest = try ManifestLoader.load(path: manifest, kinds: StandardKinds.registry)
            let bench = ItemBench(me: me, manifestPath: self.manifest, folder: folder, repeats: repeats, ffmpeg: ffmpeg,
                                  bench: BenchCommand.benchBinary)
            var figures: [(ItemFigure, Double)] = []
            if only != "week" {
                let chosen = itemId.isEmpty ? ItemBench.oneOfEachKind(manifest) : manifest.items.filter { itemId.contains($0.id) }
                for item in chosen {
                    let figure = try bench.item(item, week: manifest.week.description)
                    figure.lines(goal: 1.25).forEach { print($0) }
                    figures.append((figure, 1.25))
                }
            }
            if only != "items" {
                let figure = try bench.week(manifest)
                figure.lines(goal: 1.3).forEach { print($0) }
                figures.append((figure, 1.3))
            }
            print("summary (median of \(repeats); ratio = ours / libx264 alone; peak RSS of ours):")
            for (figure, goal) in figures {
                print("  " + figure.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                      + String(format: " %5.2f (goal ≤ %.2f)  %4d MB", figure.ratio, goal, figure.peakMB))
            }
        }

        func poster(_ me: String, _ folder: URL) throws {
            let video = folder.appendingPathComponent("render.mp4").path
            var renders: [Double] = [], encodes: [Double] = [], rss: [Int] = []
            for _ in 0..<repeats {
                let r = try Self.child(me, ["bench-render", manifest, "--to", video] + (item.map { ["--item", $0] } ?? []))
                renders.append(r.seconds); rss.append(r.maxRSSKiB)
                let e = try Self.child(me, ["bench-encode", video])
                encodes.append(e.seconds)
            }
            let render = renders.sorted()[renders.count / 2], encode = encodes.sorted()[encodes.count / 2]
            let probe = try MediaProbe.probe(path: video)
            print("poster render (\(probe.video?.width ?? 0)x\(probe.video?.height ?? 0), \(probe.video?.frames ?? 0) frames): \(String(format: "%.2f", render)) s (median of \(repeats))")
            print("libx264 alone, same frames/size/preset/bitrate:  \(String(format: "%.2f", encode)) s")
            print("ratio render / libx264: \(String(format: "%.2f", render / encode)) (goal ≤ 1.30)")
            print("render peak RSS: \(rss.max()! / 1024) MB, the highest of \(repeats) runs (goal ≤ 250 MB)")
        }

        /// A 15 s recipe template (fridge-pip: three pictures, PIP, callouts, CTA) against libx264 on its frames.
        func recipe(_ me: String, _ folder: URL) throws {
            let video = folder.appendingPathComponent("recipe.mp4").path
            var renders: [Double] = [], encodes: [Double] = [], rss: [Int] = []
            for _ in 0..<repeats {
                let r = try Self.child(me, ["bench-recipe-render", "--to", video])
                renders.append(r.seconds); rss.append(r.maxRSSKiB)
                encodes.append(try Self.child(me, ["bench-encode", video, "--bitrate", "10000000"]).seconds)
            }
            let render = renders.sorted()[renders.count / 2], encode = encodes.sorted()[encodes.count / 2]
            let probe = try MediaProbe.probe(path: video)
            print("recipe render, fridge-pip 15 s (\(probe.video?.width ?? 0)x\(probe.video?.height ?? 0), \(probe.video?.frames ?? 0) frames): \(String(format: "%.2f", render)) s (median of \(repeats))")
            print("libx264 alone, same frames/size/preset/bitrate:  \(String(format: "%.2f", encode)) s")
            print("ratio recipe render / libx264: \(String(format: "%.2f", render / encode)) (goal ≤ 1.30); peak RSS \(rss.max()! / 1024) MB (goal ≤ 250 MB)")
        }

        /// Peak RSS of a 20-minute bedtime story against a 2-minute one, each `factory run --only ID`
        /// end to end offline (manifests/bench-bedtime.yaml; goal: flat, within 20 %, and ≤ 200 MB).
        func bedtime(_ me: String, _ folder: URL) throws {
            let bench = ItemBench(me: me, manifestPath: "manifests/bench-bedtime.yaml", folder: folder, repeats: 1, ffmpeg: "")
            let output = folder.appendingPathComponent("bedtime")
            defer { try? FileManager.default.removeItem(at: output) }
            let short = try bench.runFactory(["bedtime-2min"], output: output)
            let long = try bench.runFactory(["bedtime-20min"], output: output)
            let frames = try bench.videos(in: output, week: "2026-W48").map { "\($0.id) \($0.render.frames) frames" }
            print("bedtime story end to end (\(frames.joined(separator: ", "))):")
            for (name, run) in [("2 min", short), ("20 min", long)] {
                print(String(format: "  %@: %.1f s, %.1f CPU-s, peak RSS %d MB", name, run.seconds, run.cpu, run.ownMB) + run.helperNote)
            }
            let ratio = Double(long.ownMB) / Double(max(1, short.ownMB))
            print(String(format: "  peak RSS 20 min / 2 min: %.2f (goal ≤ 1.20: %@)", ratio, ratio <= 1.2 ? "met" : "not met"))
        }

        /// The offline voice three ways, alternating, each in a child of its own (`BenchVoice`): the
        /// warm worker against two single-threaded ones (before it) and a worker per paragraph.
        func voice(_ me: String) throws {
            guard (try? PiperVoice.locate()) != nil else { print("voice: skipped: no Piper voice (make piper installs it)"); return }
            var runs: [String: [BenchVoice.Figures]] = [:]
            for _ in 0..<repeats {
                for mode in ["warm", "two", "cold"] {
                    let run = try Self.tool(me, ["bench-voice", "--mode", mode])
                    guard run.status == 0, let line = run.output.split(separator: "\n").last,
                          let figures = try? JSONDecoder().decode(BenchVoice.Figures.self, from: Data(line.utf8)) else {
                        print("voice \(mode): failed: \(run.output.suffix(400))"); return
                    }
                    runs[mode, default: []].append(figures)
                }
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            print("offline voice, 8 paragraphs of the forest story (median of \(repeats), modes alternating):")
            for (mode, what) in [("warm", "one warm worker, every core (now)"), ("two", "two workers of one thread (before)"),
                                 ("cold", "a worker started per paragraph")] {
                let figures = runs[mode] ?? []
                print(String(format: "  %@: first paragraph %.2f s, all %.2f s, %d worker%@ of %d MB peak each",
                             what, median(figures.map(\.first)), median(figures.map(\.total)), figures.first?.workers ?? 0,
                             (figures.first?.workers ?? 0) == 1 ? "" : "s", figures.map(\.peakMB).max() ?? 0))
            }
        }

        /// A 30-message chat story (story format, keyboard, typing) against libx264 on its frames.
        func chat(_ me: String, _ folder: URL) throws {
            let video = folder.appendingPathComponent("chat.mp4").path
            var renders: [Double] = [], encodes: [Double] = [], rss: [Int] = []
            for _ in 0..<repeats {
                let r = try Self.child(me, ["bench-chat-render", "--to", video])
                renders.append(r.seconds); rss.append(r.maxRSSKiB)
                encodes.append(try Self.child(me, ["bench-encode", video]).seconds)
            }
            let render = renders.sorted()[renders.count / 2], encode = encodes.sorted()[encodes.count / 2]
            let probe = try MediaProbe.probe(path: video)
            print("chat render, 30 messages (\(probe.video?.width ?? 0)x\(probe.video?.height ?? 0), \(probe.video?.frames ?? 0) frames, \(String(format: "%.1f", probe.duration)) s): \(String(format: "%.2f", render)) s (median of \(repeats))")
            print("libx264 alone, same frames/size/preset/bitrate:  \(String(format: "%.2f", encode)) s")
            print("ratio chat render / libx264: \(String(format: "%.2f", render / encode)) (goal ≤ 1.30); peak RSS \(rss.max()! / 1024) MB")
        }

        /// The recipe carousel (three photos as Ken Burns clips with crossfades, a hook line; 12 s)
        /// rendered by us, by one ffmpeg filter graph and by a MoviePy 2 script, from the same
        /// photos. Wall-clock time is the figure; the CPU seconds (user + system, children
        /// included) say how much of it other work on a shared machine could have taken. A rival
        /// that cannot run here is skipped with the reason.
        func carousel(_ me: String, _ folder: URL) async throws {
            let shape = Carousel(count: 3)
            let photos = try await Carousel.paintPhotos(count: shape.count, in: folder)
            let video = folder.appendingPathComponent("carousel.mp4").path
            var renders: [Double] = [], cpu: [Double] = [], rss: [Int] = []
            for _ in 0..<repeats {
                let before = Self.childrenCPU()
                let r = try Self.child(me, ["bench-carousel-render", "--images", photos.joined(separator: ","),
                                            "--hook", Carousel.hook, "--to", video])
                renders.append(r.seconds); cpu.append(Self.childrenCPU() - before); rss.append(r.maxRSSKiB)
            }
            let ours = (seconds: Self.median(renders), cpu: Self.median(cpu))
            let probe = try MediaProbe.probe(path: video)
            print("carousel, \(shape.count) photos with Ken Burns, 0.3 s crossfades and a hook line (\(probe.video?.width ?? 0)x\(probe.video?.height ?? 0), \(probe.video?.frames ?? 0) frames, \(String(format: "%.1f", probe.duration)) s):")
            print("  ours:    \(Self.timing(ours)) (median of \(repeats)); peak RSS \(rss.max()! / 1024) MB")
            let font = Self.interBold()
            if let ffmpeg = try carouselFFmpeg(shape, photos: photos, font: font, folder: folder) {
                print("  ffmpeg / ours:  \(Self.ratio(ffmpeg, ours, goal: 1))")
            }
            if let moviepy = try carouselMoviePy(photos: photos, font: font, folder: folder) {
                print("  MoviePy / ours: \(Self.ratio(moviepy, ours, goal: 6))")
            }
        }

        /// ffmpeg's median seconds on the carousel, or nil (saying why) when it cannot run here.
        func carouselFFmpeg(_ shape: Carousel, photos: [String], font: String?, folder: URL) throws -> (seconds: Double, cpu: Double)? {
            guard let ffmpeg = Self.which("ffmpeg") else { print("  ffmpeg:  skipped: no ffmpeg on PATH (make bench installs it)"); return nil }
            guard let font else { print("  ffmpeg:  skipped: fc-match finds no Inter Bold (fonts-inter)"); return nil }
            // The font and the hook's lines under plain names in the folder ffmpeg runs in, so
            // the filter graph needs no escaping.
            let fm = FileManager.default
            try? fm.removeItem(at: folder.appendingPathComponent("inter-bold.otf"))
            try fm.createSymbolicLink(atPath: folder.appendingPathComponent("inter-bold.otf").path, withDestinationPath: font)
            let lines = try Carousel.hookLines(Carousel.hook)
            for (k, line) in lines.enumerated() { try Data(line.utf8).write(to: folder.appendingPathComponent("hook-\(k).txt")) }
            let arguments = shape.ffmpegArguments(photos: photos, lineFiles: lines.indices.map { "hook-\($0).txt" },
                                                  font: "inter-bold.otf", to: "carousel-ffmpeg.mp4")
            var seconds: [Double] = [], cpu: [Double] = [], rss: [Int] = []
            for _ in 0..<repeats {
                let run = try Self.tool(ffmpeg, arguments, in: folder)
                guard run.status == 0 else {
                    print("  ffmpeg:  skipped: it failed (\(run.lastLine))"); return nil
                }
                seconds.append(run.seconds); cpu.append(run.cpu)
                // -benchmark ends with "bench: maxrss=…kB".
                let peak = run.output.split(separator: "\n").last { $0.hasPrefix("bench: maxrss=") }
                rss.append(Int(peak?.dropFirst("bench: maxrss=".count).prefix { $0.isNumber } ?? "") ?? 0)
            }
            let median = (seconds: Self.median(seconds), cpu: Self.median(cpu))
            print("  ffmpeg:  \(Self.timing(median)) (median of \(repeats); zoompan, xfade, drawtext in one command); peak RSS \(rss.max()! / 1024) MB")
            return median
        }

        /// MoviePy's seconds on the carousel (one run: it is slow), or nil (saying why) when it cannot run here.
        func carouselMoviePy(photos: [String], font: String?, folder: URL) throws -> (seconds: Double, cpu: Double)? {
            guard FileManager.default.isExecutableFile(atPath: python) else {
                print("  MoviePy: skipped: no \(python) (make bench creates the venv)"); return nil
            }
            guard FileManager.default.fileExists(atPath: moviepyScript) else { print("  MoviePy: skipped: no \(moviepyScript)"); return nil }
            guard let font else { print("  MoviePy: skipped: fc-match finds no Inter Bold (fonts-inter)"); return nil }
            // The system ffmpeg, when there is one: the same libx264 as ours and the ffmpeg figure
            // (MoviePy would otherwise use the static ffmpeg bundled with imageio-ffmpeg).
            var environment = ProcessInfo.processInfo.environment
            if let ffmpeg = Self.which("ffmpeg") { environment["FFMPEG_BINARY"] = ffmpeg }
            let run = try Self.tool(python, [moviepyScript, "--images", photos.joined(separator: ","), "--hook", Carousel.hook,
                                             "--font", font, "--to", folder.appendingPathComponent("carousel-moviepy.mp4").path],
                                    environment: environment)
            // The script's last line: seconds from loading the JPEGs to the finished MP4, peak RSS in KiB.
            let fields = run.lastLine.split(separator: " ")
            guard run.status == 0, let seconds = Double(fields.first ?? "") else {
                print("  MoviePy: skipped: the script failed (\(run.lastLine))"); return nil
            }
            // Its CPU seconds include Python starting and importing MoviePy (about a second).
            print("  MoviePy: \(Self.timing((seconds, run.cpu))) (once; MoviePy 2, libx264 through ffmpeg); peak RSS \((Int(fields.dropFirst().first ?? "") ?? 0) / 1024) MB")
            return (seconds, run.cpu)
        }

        static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        static func timing(_ t: (seconds: Double, cpu: Double)) -> String {
            String(format: "%.2f s, %.1f CPU-s", t.seconds, t.cpu)
        }

        /// "rival / ours" on wall-clock time against the goal (docs/performance.md: faster than the ffmpeg graph,
        /// goal 1, and at least 6× faster than MoviePy), and on CPU time for context.
        static func ratio(_ rival: (seconds: Double, cpu: Double), _ ours: (seconds: Double, cpu: Double), goal: Double) -> String {
            let wall = rival.seconds / ours.seconds
            let met = goal <= 1 ? wall > 1 : wall >= goal
            return String(format: "%.2f× (goal %@ %.0f×: %@); on CPU time %.2f×", wall, goal <= 1 ? ">" : "≥", goal, met ? "met" : "not met",
                          rival.cpu / ours.cpu)
        }

        /// User plus system CPU seconds of all the children waited for so far (grandchildren too).
        static func childrenCPU() -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // an enum in Glibc, an Int32 macro on Darwin
            #else
            getrusage(RUSAGE_CHILDREN, &usage)
            #endif
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }

        /// The Inter Bold font file fontconfig picks, or nil when Inter is not installed.
        static func interBold() -> String? {
            guard let fcMatch = which("fc-match"), let run = try? tool(fcMatch, ["-f", "%{file}", "Inter:bold"]),
                  run.status == 0, run.output.lowercased().contains("inter") else { return nil }
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The first executable called `name` on PATH.
        static func which(_ name: String) -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// Runs a program to completion: its wall-clock seconds, exit status and everything it
        /// printed (standard output and error together).
        static func tool(_ path: String, _ arguments: [String], in folder: URL? = nil,
                         environment: [String: String]? = nil) throws -> ToolRun {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if let folder { process.currentDirectoryURL = folder }
            if let environment { process.environment = environment }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            let started = DispatchTime.now().uptimeNanoseconds, cpu = childrenCPU()
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ToolRun(seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, cpu: childrenCPU() - cpu,
                           status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }

        /// What `tool` saw of one run.
        struct ToolRun {
            var seconds: Double
            /// User plus system CPU seconds, its own children included.
            var cpu: Double
            var status: Int32
            var output: String
            var lastLine: String { output.split(separator: "\n").last.map(String.init) ?? "" }
        }

        /// Runs this binary as a child and returns the seconds it printed and its peak RSS.
        static func child(_ binary: String, _ arguments: [String]) throws -> (seconds: Double, maxRSSKiB: Int) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ExitCode(process.terminationStatus) }
            // The child's last line: seconds and its own peak RSS (VmHWM) in KiB.
            let fields = (String(decoding: data, as: UTF8.self).split(separator: "\n").last ?? "").split(separator: " ")
            return (Double(fields.first ?? "") ?? .nan, Int(fields.dropFirst().first ?? "") ?? 0)
        }
    }

    /// Hidden: renders one poster video and prints the seconds it took (for `bench`).
    struct BenchRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-render", shouldDisplay: false)
        @Argument var manifest: String
        @Option var to: String
        @Option var item: String?

        func run() async throws {
            let loaded = try ManifestLoader.load(path: manifest, kinds: StandardKinds.registry)
            guard let poster = loaded.items.first(where: { $0.kind == Kind.poster && (item == nil || $0.id == item) }) else {
                printError("no poster item in \(manifest)")
                throw ExitCode(2)
            }
            let settings = BenchSettings.fromProcess()
            let seconds = try await PosterBench.render(poster, manifest: loaded, to: to,
                                                       providers: ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry), image: OfflineImageProvider(kinds: StandardKinds.registry),
                                                                              speech: OfflineSpeechProvider()),
                                                       tuning: settings.render, trace: settings.trace)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }

    /// Hidden: renders the 30-message chat story and prints the seconds it took (for `bench`).
    struct BenchChatRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-chat-render", shouldDisplay: false)
        @Option var to: String

        func run() async throws {
            let conversation = try await ChatBench.conversation(provider: OfflineTextProvider(kinds: StandardKinds.registry))
            let settings = BenchSettings.fromProcess()
            let (seconds, _) = try ChatBench.render(conversation, to: to, tuning: settings.render, trace: settings.trace)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }

    /// Hidden: our encoder alone on packed I420 frames from a file, with a render's own settings
    /// (size, rate, bitrate, preset and content, so libx264's options are the render's); prints
    /// the seconds it took and this process's peak RSS in KiB (for `bench --only items`).
    struct BenchEncodeRaw: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-encode-raw", shouldDisplay: false)
        @Argument var raw: String
        @Option var width: Int
        @Option var height: Int
        @Option var fps = 30
        @Option var bitrate: Int
        @Option(help: "The product preset: draft, standard or high.") var preset = "standard"
        @Option(help: "footage, illustration or screen.") var content = "footage"

        func run() async throws {
            guard let preset = VideoSettings.Preset(rawValue: preset) else { throw ValidationError("--preset \(preset): draft, standard or high") }
            guard let content = VideoSettings.Content(rawValue: content) else {
                throw ValidationError("--content \(content): footage, illustration or screen")
            }
            let settings = VideoSettings(width: width, height: height, fps: fps, bitrate: bitrate, preset: preset, content: content,
                                         tuning: BenchSettings.fromProcess().render)
            let seconds = try EncoderBaseline.encodeRaw(path: raw, settings: settings)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }

    /// Hidden: decodes a video's frames into memory, then times libx264 alone encoding them.
    struct BenchEncode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-encode", shouldDisplay: false)
        @Argument var video: String
        @Option var bitrate = 8_000_000

        func run() async throws {
            let seconds = try EncoderBaseline.encode(video: video, bitrate: bitrate)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}
