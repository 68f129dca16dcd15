import FactoryCore
import Foundation
import HTTPTypes
import Logging
import WSClient

/// One Realtime WebSocket session with one voice (the voice cannot change once the model has
/// answered with audio: guides/realtime-conversations). The server opens with `session.created`;
/// the client sends `session.update` and is ready at `session.updated`. Out-of-band responses may
/// run in parallel (`response_create_event.py`), so each carries a metadata tag, and its events
/// are routed by response id.
actor RealtimeSession {
    struct Settings: Sendable, CustomStringConvertible {
        /// `wss://…/v1/realtime?model=…` (ws:// for a loopback fake).
        var url: String
        var key: String
        var voice: String
        var speed: Double = 1
        /// False for `doctor`'s probe: wait for `session.created`, configure nothing.
        var configure = true
        var connectTimeout = 20.0

        /// Everything but the key, for messages.
        var description: String { "\(url) voice \(voice) speed \(speed)" }
    }

    enum State: Sendable, Equatable { case connecting, ready, closed }

    struct Pending {
        var eventId: String
        var continuation: CheckedContinuation<RealtimeResponse, any Error>
        var timer: Task<Void, Never>?
        var responseId: String?
        var audio = Data()
        var transcriptDeltas = ""
        var transcript: String?
    }

    static let logger = Logger(label: "factory.realtime", factory: { _ in SwiftLogNoOpLogHandler() })

    nonisolated let settings: Settings
    nonisolated let opened = ContinuousClock.now
    nonisolated let label = String(UUID().uuidString.prefix(8)).lowercased()
    var state = State.connecting
    var sessionId: String?
    /// Why the session closed, once it has.
    var failure: RealtimeInterruption?
    var expired = false
    var lastUsed = ContinuousClock.now
    var writer: WebSocketOutboundWriter?
    var readyWaiters: [CheckedContinuation<Void, any Error>] = []
    var pending: [String: Pending] = [:]
    /// Tags in the order their `response.create` was sent, for servers that echo no metadata.
    var order: [String] = []
    var tags: [String: String] = [:]
    var updateEventId: String?
    var counter = 0
    var task: Task<Void, Never>?

    init(_ settings: Settings) { self.settings = settings }

    var inFlight: Int { pending.count }

    /// Connects and waits until the session is configured (or, for a probe, created).
    func open() async throws {
        task = Task { await self.connect() }
        let timeout = settings.connectTimeout
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(timeout))
            guard !Task.isCancelled else { return }
            await self?.giveUpConnecting(after: timeout)
        }
        defer { timer.cancel() }
        if state == .ready { return }
        if state == .closed { throw failure ?? RealtimeInterruption(.dropped, "the session closed") }
        try await withCheckedThrowingContinuation { readyWaiters.append($0) }
    }

    /// Runs the socket until it closes; every event goes to `receive`.
    nonisolated func connect() async {
        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 24)
        configuration.additionalHeaders = [.authorization: "Bearer \(settings.key)"]
        do {
            let frame = try await WebSocketClient.connect(url: settings.url, configuration: configuration, logger: Self.logger) { inbound, outbound, _ in
                await self.attach(outbound)
                for try await message in inbound.messages(maxSize: 1 << 26) {
                    if case .text(let text) = message { await self.receive(text) }
                }
            }
            let code = frame.map { " (close code \($0.closeCode))" } ?? ""
            await ended(RealtimeInterruption(.dropped, "the Realtime socket closed\(code)"))
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            await ended(RealtimeInterruption(.handshake, "the Realtime WebSocket upgrade was refused"))
        } catch {
            let opened = await writer != nil
            await ended(RealtimeInterruption(opened ? .dropped : .unreachable,
                                             Secrets.redact("the Realtime socket \(opened ? "broke" : "could not connect"): \(error)")))
        }
    }

    func attach(_ outbound: WebSocketOutboundWriter) { writer = outbound }

    func giveUpConnecting(after seconds: Double) async {
        guard state == .connecting else { return }
        await ended(RealtimeInterruption(.timedOut, String(format: "no session.created/session.updated within %.0f s", seconds)))
    }

    /// Sends one client event; a write that fails closes the session.
    func send(_ body: Data) async {
        guard let writer else { return }
        do {
            try await writer.write(.text(String(decoding: body, as: UTF8.self)))
        } catch {
            await ended(RealtimeInterruption(.dropped, "the Realtime socket broke while sending"))
        }
    }

    /// Closes the socket (nothing in flight is waited for).
    func close() async {
        if state != .closed { await ended(RealtimeInterruption(.dropped, "the session was closed")) }
        let task = self.task
        Task {
            try? await Task.sleep(for: .seconds(2))
            task?.cancel()
        }
    }

    /// The socket is gone: every waiter learns why.
    func ended(_ reason: RealtimeInterruption) async {
        guard state != .closed else { return }
        state = .closed
        failure = reason
        for waiter in readyWaiters { waiter.resume(throwing: reason) }
        readyWaiters = []
        for tag in Array(pending.keys) { fail(tag, reason) }
        if let writer { try? await writer.close(.normalClosure, reason: nil) }
    }

    /// Whether a new response may start here: configured, open, not expired, younger than `maxAge`.
    func usable(maxAge: Duration) -> Bool {
        state == .ready && !expired && ContinuousClock.now - opened < maxAge
    }

    func idle(for duration: Duration) -> Bool { pending.isEmpty && ContinuousClock.now - lastUsed >= duration }

    func touch() { lastUsed = .now }
}
