import Synchronization
import ArgumentParser
import FactoryImaging
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BenchCommand {
    /// `factory-bench bench-studio --items 500`: `factory studio` on a generated week of finished
    /// bundles (a cluster week's size). Goals: the week opens (the page, its script and style, the
    /// first page of cards and the thumbnails in view) in under 1 s, and the server stays under
    /// 100 MB while serving every page and thumbnail.
    struct BenchStudio: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-studio",
                                                        abstract: "Time the studio opening a big week and measure its memory (make bench).")

        @Option(help: "Items in the generated week.")
        var items = 500

        @Option(help: "Cards the page asks for at once (the page's own window).")
        var window = 60

        func run() async throws {
            let factory = try BenchCommand.factoryBinary()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-bench-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.makeWeek(items: items, in: folder)
            let studio = Process()
            studio.executableURL = URL(fileURLWithPath: factory)
            studio.arguments = ["studio", "week.yaml", "--output", "out", "--port", "0"]
            studio.currentDirectoryURL = folder
            let pipe = Pipe()
            studio.standardOutput = pipe
            studio.standardError = FileHandle.nullDevice
            try studio.run()
            defer { if studio.isRunning { kill(studio.processIdentifier, SIGINT); studio.waitUntilExit() } }
            var printed = ""
            while !printed.contains("studio for ") || !printed.contains("\n") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { throw ValidationError("the studio printed no URL: \(printed)") }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("studio for ") }),
                  let entry = line.split(separator: " ").last.flatMap({ URL(string: String($0)) }), let port = entry.port else {
                throw ValidationError("no URL in: \(printed)")
            }
            let client = StudioClient(origin: "http://127.0.0.1:\(port)")
            try await client.enter(entry)

            // Opening the week: page, script, style, the first window of cards, the thumbnails in view.
            func open() async throws -> (seconds: Double, cards: Int) {
                let started = DispatchTime.now().uptimeNanoseconds
                for path in ["/", "/static/studio.js", "/static/studio.css"] { _ = try await client.get(path) }
                let week = try await client.get("/api/week?offset=0&limit=\(window)")
                let json = (try JSONSerialization.jsonObject(with: week)) as? [String: Any] ?? [:]
                let cards = ((json["days"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
                // A desktop shows the first rows of seven columns: four cards a day are in view.
                let inView = cards.prefix(28).compactMap { $0["thumb"] as? String }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for thumb in inView { group.addTask { _ = try await client.get(thumb) } }
                    try await group.waitForAll()
                }
                return (Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, cards.count)
            }
            let cold = try await open()
            var warm: [Double] = []
            for _ in 0..<5 { warm.append(try await open().seconds) }
            // Then every page and every thumbnail, as scrolling through the whole week would.
            let everything = DispatchTime.now().uptimeNanoseconds
            var offset = 0
            while offset < items {
                let page = try await client.get("/api/week?offset=\(offset)&limit=\(window)")
                let json = (try JSONSerialization.jsonObject(with: page)) as? [String: Any] ?? [:]
                let cards = ((json["days"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
                for card in cards { if let thumb = card["thumb"] as? String { _ = try await client.get(thumb) } }
                offset += window
            }
            let all = Double(DispatchTime.now().uptimeNanoseconds - everything) / 1e9
            let peak = Self.peakMemoryMB(studio.processIdentifier)
            warm.sort()
            print(String(format: "studio, %d items: opens in %.2f s cold (thumbnails made), %.2f s warm (median of 5); goal < 1 s",
                         items, cold.seconds, warm[warm.count / 2]))
            print(String(format: "studio, %d items: every page and thumbnail in %.2f s; server peak %.0f MB (VmHWM); goal < 100 MB",
                         items, all, peak))
        }

        /// The studio's peak resident memory, from /proc.
        static func peakMemoryMB(_ pid: Int32) -> Double {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
        }

        /// A manifest of `items` posters over the week and a finished bundle for each: metadata.json,
        /// caption.txt, a small video file and a 1080×1920 cover.
        static func makeWeek(items: Int, in folder: URL) throws {
            let week = folder.appendingPathComponent("out/2026-W48")
            try FileManager.default.createDirectory(at: week, withIntermediateDirectories: true)
            let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            let dates = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]
            var manifest = "version: 1\nweek: 2026-W48\ntimezone: America/New_York\noutput: out\n"
                + "publish: { platforms: [tiktok, youtube, instagram], at: \"18:00\" }\nitems:\n"
            try Vips.start()
            let cover = try Shapes.canvas(width: 1080, height: 1920, colour: "#3A6EA5")
                .composited(try Shapes.circle(diameter: 700, fill: "#F0B54A"), x: 190, y: 500).jpegData(quality: 85)
            let video = Data(repeating: 7, count: 200_000)
            for i in 0..<items {
                let id = "p\(i)"
                manifest += "  - { id: \(id), kind: poster, day: \(days[i % 7]), series: monday-motivation, quote: \"Small steps \(i).\" }\n"
                let bundle = week.appendingPathComponent(id)
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try cover.write(to: bundle.appendingPathComponent("cover.jpg"))
                try video.write(to: bundle.appendingPathComponent("video.mp4"))
                try "Small steps \(i). #MondayMotivation\n".write(to: bundle.appendingPathComponent("caption.txt"), atomically: true, encoding: .utf8)
                let metadata: [String: Any] = [
                    "schema_version": 1, "item_id": id, "kind": "poster", "week": "2026-W48", "scheduled_date": dates[i % 7],
                    "title": "Small steps \(i)",
                    "files": [["name": "video.mp4", "size": video.count, "sha256": String(format: "%064x", i)],
                              ["name": "cover.jpg", "size": cover.count, "sha256": String(format: "%064x", i + 1_000_000)]],
                    "generation": [], "total_cost_usd": 0.0123, "layout": [:], "manifest_sha256": "bench", "tool_version": "bench",
                    "created_at": "2026-11-22T10:00:00Z",
                    "checks": [["name": "audio:loudness", "passed": true, "detail": "-14.0 LUFS, peak -1.5 dBTP"],
                               ["name": "text:contrast", "passed": true, "detail": "lowest 6.40:1 over 2 text layers"]],
                ]
                try JSONSerialization.data(withJSONObject: metadata).write(to: bundle.appendingPathComponent("metadata.json"))
            }
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("week.yaml"))
        }
    }
}

/// The bench's side of the studio: the key traded for the cookie, then plain GETs.
final class StudioClient: Sendable {
    let origin: String
    private let cookie = LockedText()
    private let session: URLSession

    init(origin: String) {
        self.origin = origin
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 6
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    func enter(_ entry: URL) async throws {
        let (_, response) = try await session.data(for: URLRequest(url: entry))
        guard let http = response as? HTTPURLResponse, let set = http.value(forHTTPHeaderField: "Set-Cookie") else {
            throw ValidationError("the key bought no cookie")
        }
        cookie.set(String(set.split(separator: ";")[0]))
    }

    func get(_ path: String) async throws -> Data {
        guard let url = URL(string: origin + path) else { throw ValidationError("bad path \(path)") }
        var request = URLRequest(url: url)
        request.setValue(cookie.get(), forHTTPHeaderField: "Cookie")
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw ValidationError("GET \(path): \((response as? HTTPURLResponse)?.statusCode ?? 0) \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return data
    }

    /// The 303 that sets the cookie is read, not followed.
    final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }
    }

    final class LockedText: Sendable {
        private let value = Mutex("")
        func set(_ text: String) { value.withLock { $0 = text } }
        func get() -> String { value.withLock { $0 } }
    }
}
