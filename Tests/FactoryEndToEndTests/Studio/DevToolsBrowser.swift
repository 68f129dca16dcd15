import AsyncHTTPClient
import FactoryTesting
import Foundation
import NIOCore
import WSClient

/// Headless Chromium driven over the DevTools protocol: one page, commands by JSON over its
/// WebSocket, answers matched by id. Enough to load a page, evaluate in it, click and type as a
/// user would (real input events), size the viewport and take screenshots.
final class DevToolsBrowser: @unchecked Sendable {
    // @unchecked Sendable: the process and folder are set in init; the socket state lives in `Channel` (an actor).
    let process: Process
    let folder: TemporaryFolder
    private let channel = Channel()
    private var task: Task<Void, any Error>?

    /// Starts Chromium with a profile in a temporary folder and attaches to its first page.
    init() async throws {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw StudioTestError(description: "no Chromium at \(candidates.joined(separator: ", ")); `make test` installs the Debian package chromium")
        }
        folder = try TemporaryFolder("devtools")
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--mute-audio", "--autoplay-policy=no-user-gesture-required", "--remote-debugging-port=0", "--remote-allow-origins=*",
                             "--user-data-dir=\(folder.path("profile"))", "about:blank"]
        process.environment = TestSupport.browserEnvironment(home: folder.path("home"))
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
        var seen = Data()
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
            let text = String(decoding: seen, as: UTF8.self)
            if let range = text.range(of: "ws://127.0.0.1:") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
            }
        }
        guard let port else {
            process.terminate()
            throw StudioTestError(description: "Chromium gave no DevTools port: \(String(decoding: seen, as: UTF8.self))")
        }
        var page: String?
        for _ in 0..<50 where page == nil {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/json/list"), timeout: .seconds(5))
            let body = try await response.body.collect(upTo: 1 << 20)
            let targets = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [[String: Any]] ?? []
            page = targets.first { $0["type"] as? String == "page" }?["webSocketDebuggerUrl"] as? String
            if page == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard let page else { throw StudioTestError(description: "Chromium has no page target") }
        let channel = channel
        task = Task {
            do {
                try await WebSocketClient.connect(url: page, configuration: .init(maxFrameSize: 64 << 20), logger: .init(label: "devtools")) { inbound, outbound, _ in
                    await channel.attach(outbound)
                    for try await message in inbound.messages(maxSize: 64 << 20) {
                        if case .text(let text) = message { await channel.receive(text) }
                    }
                }
                await channel.close(StudioTestError(description: "Chromium closed the DevTools socket"))
            } catch {
                await channel.close(error)
            }
        }
        try await channel.waitUntilAttached()
    }

    /// Sends one DevTools command and returns its `result`; a protocol error throws.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        let payload = try JSONSerialization.data(withJSONObject: ["method": method, "params": params])
        let answer = try await channel.send(payload)
        return (try JSONSerialization.jsonObject(with: answer)) as? [String: Any] ?? [:]
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its value.
    func evaluate(_ expression: String) async throws -> Any? {
        let result = try await send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw StudioTestError(description: "the page threw: \(exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Polls `condition` (a JS expression) until it is true.
    func waitFor(_ condition: String, seconds: Double = 20, what: String) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? await evaluate("Boolean(\(condition))")) as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw StudioTestError(description: "timed out waiting for \(what) (\(condition))")
    }

    func navigate(_ url: String) async throws {
        try await send("Page.enable")
        try await send("Page.navigate", ["url": url])
        try await waitFor("document.readyState === 'complete'", what: "the page to load")
    }

    /// A real mouse click in the middle of the element `selector` (scrolled into view first).
    func click(_ selector: String) async throws {
        let box = try await evaluate("""
            (() => { const e = document.querySelector(\(Self.quoted(selector))); if (!e) return null;
              e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double]
        guard let box, box.count == 2 else { throw StudioTestError(description: "nothing to click at \(selector)") }
        for type in ["mousePressed", "mouseReleased"] {
            try await send("Input.dispatchMouseEvent", ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    /// Types `text` into the focused element, as key input.
    func type(_ text: String) async throws {
        try await send("Input.insertText", ["text": text])
    }

    func key(_ key: String, code: String, keyCode: Int) async throws {
        for type in ["keyDown", "keyUp"] {
            try await send("Input.dispatchKeyEvent", ["type": type, "key": key, "code": code, "windowsVirtualKeyCode": keyCode])
        }
    }

    func viewport(width: Int, height: Int, mobile: Bool) async throws {
        try await send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
    }

    /// A PNG of the viewport.
    func screenshot(to path: String) async throws {
        let result = try await send("Page.captureScreenshot", ["format": "png"])
        guard let data = (result["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
            throw StudioTestError(description: "no screenshot data")
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    func close() async {
        try? await send("Browser.close")
        task?.cancel()
        for _ in 0..<30 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
    }

    /// `text` as a JS string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// The socket's side: pending commands by id.
    actor Channel {
        private var writer: WebSocketOutboundWriter?
        private var next = 0
        private var pending: [Int: CheckedContinuation<Data, any Error>] = [:]
        private var waiting: [CheckedContinuation<Void, any Error>] = []

        func attach(_ outbound: WebSocketOutboundWriter) {
            writer = outbound
            for waiter in waiting { waiter.resume() }
            waiting = []
        }

        private var closed: (any Error)?

        func waitUntilAttached() async throws {
            if writer != nil { return }
            if let closed { throw closed }
            try await withCheckedThrowingContinuation { waiting.append($0) }
        }

        /// The socket is gone: every command waiting and every later one fails with `error`.
        func close(_ error: any Error) {
            closed = error
            writer = nil
            for waiter in waiting { waiter.resume(throwing: error) }
            waiting = []
            for continuation in pending.values { continuation.resume(throwing: error) }
            pending = [:]
        }

        /// A command unanswered after `seconds` fails (Chromium hung or the page never answered).
        func expire(_ id: Int, after seconds: Double) async {
            try? await Task.sleep(for: .seconds(seconds))
            pending.removeValue(forKey: id)?.resume(throwing: StudioTestError(description: "DevTools command \(id) unanswered after \(Int(seconds)) s"))
        }

        /// Sends `payload` (`{"method", "params"}`) with the next id; returns the answer's `result` as JSON.
        func send(_ payload: Data) async throws -> Data {
            if let closed { throw closed }
            guard let writer else { throw StudioTestError(description: "the DevTools socket is not open") }
            next += 1
            let id = next
            var message = (try JSONSerialization.jsonObject(with: payload)) as? [String: Any] ?? [:]
            message["id"] = id
            let text = String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
            return try await withCheckedThrowingContinuation { continuation in
                pending[id] = continuation
                Task {
                    do { try await writer.write(.text(text)) } catch { self.fail(id, error) }
                }
                Task { await self.expire(id, after: 60) }
            }
        }

        private func fail(_ id: Int, _ error: any Error) {
            pending.removeValue(forKey: id)?.resume(throwing: error)
        }

        func receive(_ text: String) {
            guard let message = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
                  let id = message["id"] as? Int, let continuation = pending.removeValue(forKey: id) else { return }
            if let error = message["error"] as? [String: Any] {
                continuation.resume(throwing: StudioTestError(description: "DevTools error: \(error)"))
            } else {
                let result = (message["result"] as? [String: Any]) ?? [:]
                continuation.resume(returning: (try? JSONSerialization.data(withJSONObject: result)) ?? Data("{}".utf8))
            }
        }
    }
}
