import AsyncHTTPClient
import FactoryTesting
import Foundation
import NIOCore
import NIOHTTP1

/// `factory studio` running on a copy of the review week, and an HTTP client that speaks to it
/// as its page does (the session cookie, the CSRF token, its Origin) or as an attacker would.
final class StudioProcess: @unchecked Sendable {
    // @unchecked Sendable: `cookie` and `csrf` are set once in `open()` before any concurrent use.
    let folder: TemporaryFolder
    let process: Process
    /// `http://127.0.0.1:PORT`
    let origin: String
    /// The printed URL, with its key.
    let entry: String
    let client = HTTPClient(eventLoopGroupProvider: .singleton,
                            configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(60))))
    var cookie = ""
    var csrf = ""
    var output: URL { folder.url.appendingPathComponent("out") }
    var weekFolder: URL { output.appendingPathComponent("2026-W48") }

    /// Starts the studio on a free port over a private copy of the review week (its manifest given
    /// a `publish:` section when `publish` is set) and waits for the URL it prints.
    init(extraManifest: String = "", environment: [String: String] = [:]) async throws {
        folder = try ReviewWeek.copy()
        let manifest = folder.url.appendingPathComponent("week.yaml")
        let source = try String(contentsOf: ReviewWeek.root.appendingPathComponent("week.yaml"), encoding: .utf8)
        try (extraManifest + source).write(to: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("music"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ReviewWeek.root.appendingPathComponent("music/tone.wav"),
                                         to: folder.url.appendingPathComponent("music/tone.wav"))
        let log = folder.url.appendingPathComponent("studio.log")
        process = try TestSupport.startFactory(["studio", "week.yaml", "--output", "out", "--port", "0"], in: folder.url,
                                               environment: environment, log: log)
        var found: String?
        for _ in 0..<300 where found == nil {
            try await Task.sleep(for: .milliseconds(100))
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            found = text.split(separator: "\n").first { $0.hasPrefix("studio for ") }.flatMap { $0.split(separator: " ").last }.map(String.init)
            if !process.isRunning { break }
        }
        guard let found, let url = URL(string: found), let port = url.port else {
            process.terminate()
            throw StudioTestError(description: "the studio printed no URL: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        entry = found
        origin = "http://127.0.0.1:\(port)"
    }

    /// Trades the printed key for the session cookie, then reads the CSRF token from the week.
    func open() async throws {
        let reply = try await request("GET", String(entry.dropFirst(origin.count)), session: false)
        guard reply.status == 303, let set = reply.headers["set-cookie"].first else {
            throw StudioTestError(description: "the key did not buy a cookie: \(reply.status) \(reply.text)")
        }
        cookie = String(set.split(separator: ";")[0])
        let week = try await request("GET", "/api/week")
        csrf = week.json?["csrf"] as? String ?? ""
    }

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    /// A request as the page makes it (session cookie; for POST its Origin and CSRF token), with
    /// `headers` added or replacing those.
    func request(_ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String?] = [:],
                 session: Bool = true) async throws -> Reply {
        var request = HTTPClientRequest(url: origin + path)
        request.method = HTTPMethod(rawValue: method)
        var fields: [String: String?] = [:]
        if session, !cookie.isEmpty { fields["Cookie"] = cookie }
        if method == "POST" {
            fields["Origin"] = origin
            fields["X-CSRF-Token"] = csrf
            fields["Content-Type"] = "application/json"
        }
        fields.merge(headers) { _, new in new }
        for (name, value) in fields { if let value { request.headers.replaceOrAdd(name: name, value: value) } }
        if let json { request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))) }
        let response = try await client.execute(request, timeout: .seconds(120))
        var body = try await response.body.collect(upTo: 256 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(body.readBytes(length: body.readableBytes) ?? []))
    }

    /// Reads `/api/events` until `marker` arrives (true) or `seconds` pass (false), running `trigger`
    /// once the stream is open.
    func awaitEvent(_ marker: String, seconds: Double, trigger: @escaping @Sendable () throws -> Void) async throws -> Bool {
        var request = HTTPClientRequest(url: origin + "/api/events")
        request.headers.add(name: "Cookie", value: cookie)
        let response = try await client.execute(request, timeout: .seconds(Int64(seconds) + 30))
        guard response.status.code == 200 else { return false }
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                var seen = ""
                var triggered = false
                for try await chunk in response.body {
                    seen += String(buffer: chunk)
                    if !triggered { triggered = true; try trigger() }
                    if seen.contains(marker) { return true }
                }
                return false
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return false
            }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Waits for a job to end and returns it.
    func waitForJob(_ id: String, seconds: Double = 300) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let job = try await request("GET", "/api/jobs/\(id)").json ?? [:]
            if let state = job["state"] as? String, state != "running" { return job }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw StudioTestError(description: "job \(id) did not end in \(seconds) s")
    }

    func stop() async {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        for _ in 0..<50 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
        try? await client.shutdown()
    }

    /// Runs `body` with a started, opened studio, stopped on every way out.
    static func with<T>(extraManifest: String = "", environment: [String: String] = [:],
                        _ body: (StudioProcess) async throws -> T) async throws -> T {
        let studio = try await StudioProcess(extraManifest: extraManifest, environment: environment)
        do {
            try await studio.open()
            let value = try await body(studio)
            await studio.stop()
            return value
        } catch {
            await studio.stop()
            throw error
        }
    }
}

struct StudioTestError: Error, CustomStringConvertible { var description: String }
