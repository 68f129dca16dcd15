import FactoryFakeProviders
import Foundation
import HTTPTypes
import Logging
import WSClient

/// A Realtime client for the fake's tests: sends client events and waits for server events.
actor RealtimeTestSocket {
    private let outbound: WebSocketOutboundWriter
    /// Every server event received, in order.
    private(set) var events: [FakeJSON] = []
    /// Whether the server closed or dropped the socket.
    private(set) var ended = false
    private var cursor = 0

    init(outbound: WebSocketOutboundWriter) { self.outbound = outbound }

    func receive(_ event: FakeJSON) { events.append(event) }
    func end() { ended = true }

    /// Sends one client event.
    func send(_ event: FakeJSON) async throws { try await outbound.writeTextMessage(event.text) }

    /// The next event of `type` after the last one returned (skipping others); nil after `timeout`
    /// or once the socket ended without one.
    func next(_ type: String, timeout: Duration = .seconds(10)) async -> FakeJSON? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let index = events.indices.dropFirst(cursor).first(where: { events[$0]["type"]?.string == type }) {
                cursor = index + 1
                return events[index]
            }
            if ended { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// Waits until the server closes or drops the socket; false after `timeout`.
    func waitForEnd(timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !ended, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return ended
    }

    /// Events of `type` received so far.
    func all(_ type: String) -> [FakeJSON] { events.filter { $0["type"]?.string == type } }

    /// A socket that outlived its time limit.
    struct TimedOut: Error {}

    /// Connects to the fake's Realtime endpoint and runs `body`; the socket is closed afterwards.
    /// Throws what the client throws (`WebSocketClientError.webSocketUpgradeFailed` for a refused handshake),
    /// or `TimedOut` when the whole exchange takes longer than `limit` (a hung socket fails, not hangs, the test).
    static func session(port: Int, model: String = "gpt-realtime-2.1-mini", key: String? = "sk-test-key-123456",
                        limit: Duration = .seconds(30),
                        _ body: @escaping @Sendable (RealtimeTestSocket) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await connect(port: port, model: model, key: key, body) }
            group.addTask {
                try await Task.sleep(for: limit)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private static func connect(port: Int, model: String, key: String?,
                                _ body: @escaping @Sendable (RealtimeTestSocket) async throws -> Void) async throws {
        var headers = HTTPFields()
        if let key { headers[.authorization] = "Bearer \(key)" }
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/v1/realtime?model=\(model)",
                                          configuration: .init(additionalHeaders: headers),
                                          logger: Logger(label: "realtime-test")) { inbound, outbound, _ in
            let socket = RealtimeTestSocket(outbound: outbound)
            async let reader: Void = {
                do {
                    for try await message in inbound.messages(maxSize: 1 << 24) {
                        if case .text(let text) = message, let event = FakeJSON.parse(Data(text.utf8)) { await socket.receive(event) }
                    }
                } catch {}
                await socket.end()
            }()
            do { try await body(socket) } catch {
                try? await outbound.close(.normalClosure, reason: nil)
                await reader
                throw error
            }
            try? await outbound.close(.normalClosure, reason: nil)
            await reader
        }
    }
}
