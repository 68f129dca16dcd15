import ArgumentParser
import FactoryCore
import FactoryMedia
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory bench`: the poster render against libx264 alone on the same frames, side by side.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Measure rendering against libx264 alone (make bench).")

        @Argument(help: "The manifest holding the poster to render.")
        var manifest = "manifests/sample-week.yaml"

        @Option(help: "Poster item to render (default: the first poster).")
        var item: String?

        @Option(help: "Repetitions; the median is reported.")
        var repeats = 3

        @Option(help: "Which renders to measure: all, poster or chat.")
        var only = "all"

        func run() async throws {
            let me = CommandLine.arguments[0]
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("factory-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            if only != "chat" { try poster(me, folder) }
            if only != "poster" { try chat(me, folder) }
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
            let loaded = try ManifestLoader.load(path: manifest)
            guard let poster = loaded.items.first(where: { $0.kind == .poster && (item == nil || $0.id == item) }) else {
                printError("no poster item in \(manifest)")
                throw ExitCode(2)
            }
            let seconds = try await PosterBench.render(poster, manifest: loaded, to: to,
                                                       providers: ProviderSet(text: OfflineTextProvider(), image: OfflineImageProvider(),
                                                                              speech: OfflineSpeechProvider()))
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }

    /// Hidden: renders the 30-message chat story and prints the seconds it took (for `bench`).
    struct BenchChatRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-chat-render", shouldDisplay: false)
        @Option var to: String

        func run() async throws {
            let conversation = try await ChatBench.conversation(provider: OfflineTextProvider())
            let (seconds, _) = try ChatBench.render(conversation, to: to)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }

    /// Hidden: decodes a video's frames into memory, then times libx264 alone encoding them.
    struct BenchEncode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-encode", shouldDisplay: false)
        @Argument var video: String

        func run() async throws {
            let seconds = try EncoderBaseline.encode(video: video)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}
