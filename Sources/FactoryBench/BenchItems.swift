import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

/// The figures of docs/performance.md that count the whole item as a user waits for it: `factory run --only
/// ID` end to end against libx264 alone run as a user would (the ffmpeg CLI, its default
/// threading, on the same decoded frames, decoding not counted), side by side in one run.
struct ItemBench {
    let me: String
    let manifestPath: String
    let folder: URL
    let repeats: Int
    let ffmpeg: String
    /// factory-bench itself, for our encoder alone (`bench-encode-raw`); empty: not measured.
    var bench = ""

    /// One video of a run: where it is and how it was encoded.
    struct Video {
        var id: String
        var kind: String
        var path: String
        var render: BundleMetadata.Render
    }

    /// The first item of each video kind (poster, chat story, recipe, bedtime story).
    static func oneOfEachKind(_ manifest: Manifest) -> [Item] {
        var seen: Set<String> = []
        return manifest.items.filter { seen.insert($0.kind.rawValue).inserted }
    }

    /// `factory run` of the given items (all when empty), offline and fresh, into `output`.
    func runFactory(_ ids: [String], output: URL, environment: [String: String] = [:]) throws -> ChildUsage {
        let state = folder.appendingPathComponent("state")
        let arguments = ["run", manifestPath, "--offline", "--fresh", "--progress", "plain", "--output", output.path,
                         "--state", state.path] + ids.flatMap { ["--only", $0] }
        var usage = try ChildRun.run(me, arguments, environment: environment, log: folder.appendingPathComponent("run.log").path)
        guard usage.status == 0 else {
            throw ValidationErrorText("factory \(arguments.joined(separator: " ")) exited with \(usage.status); see \(folder.path)/run.log")
        }
        usage.memory = Self.peakMemory(in: output)
        return usage
    }

    /// The peak memory the run's report.json records (in the one week folder under `output`).
    static func peakMemory(in output: URL) -> PeakMemory? {
        let weeks = (try? FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)) ?? []
        return weeks.lazy.compactMap { week in
            (try? Data(contentsOf: week.appendingPathComponent("report.json")))
                .flatMap { try? SnakeJSON.decoder().decode(RunReport.self, from: $0) }?.peakMemory
        }.first
    }

    /// The videos a run made, read from each bundle's metadata.
    func videos(in output: URL, week: String) throws -> [Video] {
        let weekFolder = output.appendingPathComponent(week)
        let ids = try FileManager.default.contentsOfDirectory(atPath: weekFolder.path).filter { !$0.hasPrefix(".") }.sorted()
        return try ids.compactMap { id in
            let bundle = weekFolder.appendingPathComponent(id)
            let video = bundle.appendingPathComponent("video.mp4").path
            guard FileManager.default.fileExists(atPath: video) else { return nil }
            let metadata = try SnakeJSON.decoder().decode(BundleMetadata.self,
                                                               from: Data(contentsOf: bundle.appendingPathComponent("metadata.json")))
            guard let render = metadata.render else { throw ValidationErrorText("\(id)/metadata.json has no render settings") }
            return Video(id: id, kind: metadata.kind.rawValue, path: video, render: render)
        }
    }

    /// The ffmpeg arguments that read packed I420 frames of `video`'s size and rate from `raw`.
    static func rawInput(_ video: Video, _ raw: String) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(video.render.width)x\(video.render.height)",
         "-r", "\(video.render.fps)", "-i", raw]
    }

    /// Decodes `video` into packed I420 frames at `raw` (untimed preparation).
    func decode(_ video: Video, to raw: String) throws {
        let usage = try ChildRun.run(ffmpeg, ["-nostdin", "-loglevel", "error", "-y", "-i", video.path, "-an",
                                              "-f", "rawvideo", "-pix_fmt", "yuv420p", raw])
        guard usage.status == 0 else { throw ValidationErrorText("ffmpeg could not decode \(video.path)") }
    }

    /// libx264 alone as a user runs it: the ffmpeg CLI with its default threading, our preset
    /// and our bitrate, on frames already decoded.
    func libx264(_ video: Video, raw: String, to out: String) throws -> ChildUsage {
        let usage = try ChildRun.run(ffmpeg, ["-nostdin", "-loglevel", "error", "-y"] + Self.rawInput(video, raw)
                                     + ["-an", "-c:v", "libx264", "-preset", video.render.x264Preset,
                                        "-b:v", "\(video.render.bitrate)", out])
        guard usage.status == 0 else { throw ValidationErrorText("ffmpeg -c:v libx264 failed on \(raw)") }
        return usage
    }

    /// Our encoder alone on the same decoded frames, with the render's own settings (its content
    /// picks libx264's options): what the item's time and memory would be without composing.
    func ourEncoder(_ video: Video, raw: String) throws -> ChildUsage {
        let arguments = [raw, "--width", "\(video.render.width)", "--height", "\(video.render.height)", "--fps", "\(video.render.fps)",
                         "--bitrate", "\(video.render.bitrate)", "--preset", video.render.preset,
                         "--content", video.render.content ?? VideoSettings.Content.footage.rawValue]
        let usage = try ChildRun.run(bench, ["bench-encode-raw"] + arguments, log: folder.appendingPathComponent("encode.log").path)
        guard usage.status == 0 else {
            throw ValidationErrorText("factory-bench bench-encode-raw \(arguments.joined(separator: " ")) exited with \(usage.status); see \(folder.path)/encode.log")
        }
        return usage
    }

    /// SSIM (ffmpeg's filter, "All": Y, U and V weighted) of an encoded video against the raw frames it was made from.
    func ssim(_ encoded: String, reference video: Video, raw: String) throws -> Double {
        let log = folder.appendingPathComponent("ssim.log").path
        try? FileManager.default.removeItem(atPath: log)
        _ = try ChildRun.run(ffmpeg, ["-nostdin", "-i", encoded] + Self.rawInput(video, raw)
                             + ["-lavfi", "[0:v][1:v]ssim", "-f", "null", "-"], log: log)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.contains("SSIM") && $0.contains("All:") }),
              let value = line.components(separatedBy: "All:").last?.split(separator: " ").first.flatMap({ Double($0) }) else {
            throw ValidationErrorText("ffmpeg printed no SSIM for \(encoded)")
        }
        return value
    }

    /// One item end to end against libx264 alone, and the quality of both encodes.
    func item(_ item: Item, week: String) throws -> ItemFigure {
        let output = folder.appendingPathComponent("item-\(item.id)")
        defer { try? FileManager.default.removeItem(at: output) }
        // An untimed first run (it warms the caches) that also keeps the composed frames for SSIM.
        let dump = folder.appendingPathComponent("composed.yuv").path
        let base = folder.appendingPathComponent("libx264.mp4").path
        defer { try? FileManager.default.removeItem(atPath: dump); try? FileManager.default.removeItem(atPath: base) }
        _ = try runFactory([item.id], output: output, environment: ["FACTORY_FRAME_DUMP": dump])
        guard let video = try videos(in: output, week: week).first(where: { $0.id == item.id }) else {
            throw ValidationErrorText("item \(item.id) made no video")
        }
        _ = try libx264(video, raw: dump, to: base)
        let quality = (ours: try ssim(video.path, reference: video, raw: dump), libx264: try ssim(base, reference: video, raw: dump))
        try? FileManager.default.removeItem(atPath: dump)

        let raw = folder.appendingPathComponent("decoded.yuv").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try decode(video, to: raw)
        var ours: [ChildUsage] = [], alone: [ChildUsage] = [], encoder: [ChildUsage] = []
        for _ in 0..<repeats {
            ours.append(try runFactory([item.id], output: output))
            alone.append(try libx264(video, raw: raw, to: base))
            if !bench.isEmpty { encoder.append(try ourEncoder(video, raw: raw)) }
        }
        return ItemFigure(name: item.id, kind: video.kind, detail: "\(video.render.width)x\(video.render.height), \(video.render.frames) frames",
                          ours: ours, alone: alone, ssim: quality, encoder: encoder)
    }

    /// The whole manifest offline against libx264 alone on all of its videos added up.
    func week(_ manifest: Manifest) throws -> ItemFigure {
        let output = folder.appendingPathComponent("week")
        defer { try? FileManager.default.removeItem(at: output) }
        let raw = folder.appendingPathComponent("decoded.yuv").path, base = folder.appendingPathComponent("libx264.mp4").path
        defer { try? FileManager.default.removeItem(atPath: raw); try? FileManager.default.removeItem(atPath: base) }
        var ours: [ChildUsage] = [], alone: [ChildUsage] = []
        var frames = 0, count = 0
        for _ in 0..<repeats {
            ours.append(try runFactory([], output: output))
            let videos = try videos(in: output, week: manifest.week.description)
            var sum = ChildUsage(seconds: 0, cpu: 0, maxRSSKiB: 0, status: 0)
            for video in videos {
                try decode(video, to: raw)
                let one = try libx264(video, raw: raw, to: base)
                sum.seconds += one.seconds; sum.cpu += one.cpu; sum.maxRSSKiB = max(sum.maxRSSKiB, one.maxRSSKiB)
            }
            alone.append(sum)
            frames = videos.reduce(0) { $0 + $1.render.frames }; count = videos.count
        }
        return ItemFigure(name: "the week", kind: "\(count) videos", detail: "\(frames) frames", ours: ours, alone: alone, ssim: nil)
    }
}

/// One line of the figures: ours and libx264 alone over the repeats, and the SSIM of both.
struct ItemFigure {
    var name: String
    var kind: String
    var detail: String
    var ours: [ChildUsage]
    var alone: [ChildUsage]
    var ssim: (ours: Double, libx264: Double)?
    /// Our encoder alone, with the item's settings, on the same frames (empty for the week).
    var encoder: [ChildUsage] = []

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Each repeat's ratio, ours over libx264 alone measured right after it.
    var ratios: [Double] { zip(ours, alone).map { $0.seconds / $1.seconds } }
    var ratio: Double { Self.median(ratios) }
    /// The factory's own peak over the repeats (a helper's, the Piper voice's, is said apart).
    var peakMB: Int { ours.map(\.ownMB).max() ?? 0 }
    var helperNote: String { ours.max { ($0.memory?.largestHelperMB ?? 0) < ($1.memory?.largestHelperMB ?? 0) }?.helperNote ?? "" }

    func lines(goal: Double) -> [String] {
        let o = (Self.median(ours.map(\.seconds)), Self.median(ours.map(\.cpu)))
        let a = (Self.median(alone.map(\.seconds)), Self.median(alone.map(\.cpu)))
        var lines = [
            "\(name) (\(kind), \(detail)):",
            String(format: "  ours, factory run end to end: %.2f s, %.1f CPU-s (%.2f cores), peak RSS %d MB", o.0, o.1, o.1 / o.0, peakMB) + helperNote,
            String(format: "  libx264 alone (ffmpeg CLI):   %.2f s, %.1f CPU-s (%.2f cores), peak RSS %d MB", a.0, a.1, a.1 / a.0,
                   (alone.map(\.maxRSSKiB).max() ?? 0) / 1024),
        ]
        if !encoder.isEmpty {
            // The floor composing adds to: what the encode alone takes in time and memory.
            let e = (Self.median(encoder.map(\.seconds)), Self.median(encoder.map(\.cpu))), peak = (encoder.map(\.maxRSSKiB).max() ?? 0) / 1024
            lines.append(String(format: "  our encoder alone (its settings, no composing): %.2f s, %.1f CPU-s (%.2f cores), peak RSS %d MB; ours is %.2fx its time, %+d MB",
                                e.0, e.1, e.1 / e.0, peak, o.0 / e.0, peakMB - peak))
        }
        lines += [
            String(format: "  ratio %.2f (each run: %@; goal ≤ %.2f: %@)", ratio,
                   ratios.map { String(format: "%.2f", $0) }.joined(separator: " "), goal, ratio <= goal ? "met" : "not met"),
        ]
        if let ssim {
            let gap = ssim.libx264 - ssim.ours
            lines.append(String(format: "  SSIM against the composed frames: ours %.5f, libx264 alone %.5f (ours lower by %.5f; at most 0.002: %@)",
                                ssim.ours, ssim.libx264, gap, gap <= 0.002 ? "met" : "not met"))
        }
        return lines
    }
}
