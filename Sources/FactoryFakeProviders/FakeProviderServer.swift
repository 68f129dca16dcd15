import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The fake of all three provider APIs on 127.0.0.1: Runware, OpenAI (speech, chat, Realtime) and Anthropic.
public final class FakeProviderServer: Sendable {
    public let config: FakeProviderConfig
    let state: FakeState
    /// TikTok, YouTube and Instagram (Platforms/).
    let platforms: FakePlatforms
    private let runtime = Runtime()
    /// The open Realtime WebSockets (dropped on `stop()`).
    let realtime = FakeRealtimeHub()

    /// Reads the charge log (if any) now; a damaged log makes `start()` fail, not this.
    public init(config: FakeProviderConfig) {
        self.config = config
        self.platforms = FakePlatforms(config: config.platforms)
        let loaded = Result { try FakeState(config: config) }
        self.state = (try? loaded.get()) ?? FakeState(unloaded: config)
        runtime.setLoadError(loaded.failureDescription)
    }

    /// Binds 127.0.0.1 (only), starts serving in the background and returns the bound port.
    @discardableResult
    public func start() async throws -> Int {
        if let error = runtime.loadError { throw FakeProviderError(error) }
        if let port = runtime.port { return port }
        try FactoryImagingStart.run()
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "fake-providers")
        logger.logLevel = .critical
        let router = FakeRouter(state: state, config: config, origin: { [runtime] in runtime.origin }, platforms: platforms)
        // HTTP/1.1 with the WebSocket upgrade for the Realtime API (`GET /v1/realtime`); every other
        // request is answered by the router as before. Frames up to 16 MiB: a server event is never split.
        let gate = FakeRealtimeGate(state: state, config: config, hub: realtime)
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await router.respond(request) },
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 16 << 20, autoPing: .disabled))) { request, channel, _ in
                await gate.shouldUpgrade(request, channel: channel)
            },
            configuration: .init(address: .hostname("127.0.0.1", port: config.port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? -1)
                portContinuation.finish()
            },
            logger: logger)
        let task = Task {
            do { try await app.run() } catch {
                portContinuation.yield(-1)
                portContinuation.finish()
            }
        }
        var bound = -1
        for await port in portStream { bound = port; break }
        guard bound > 0 else {
            task.cancel()
            throw FakeProviderError("cannot listen on 127.0.0.1:\(config.port) (is the port in use?)")
        }
        runtime.started(port: bound, task: task)
        return bound
    }

    /// Stops serving: hanging requests give up, the listener closes.
    public func stop() async {
        await state.stop()
        await realtime.dropAll()
        guard let task = runtime.stopped() else { return }
        task.cancel()
        _ = await task.result
    }

    /// The bound port, once started.
    public var port: Int? { runtime.port }

    /// Base URLs as the official SDKs spell them (empty before `start()`).
    public var baseURLs: [String: String] {
        guard let port = runtime.port else { return [:] }
        return ["runware": "http://127.0.0.1:\(port)/v1", "openai": "http://127.0.0.1:\(port)/v1",
                "anthropic": "http://127.0.0.1:\(port)",
                // The posting platforms (Platforms/FakePlatforms.swift), each under its own prefix.
                "tiktok": "http://127.0.0.1:\(port)/tiktok", "youtube": "http://127.0.0.1:\(port)/youtube",
                "google-oauth": "http://127.0.0.1:\(port)/google-oauth", "instagram": "http://127.0.0.1:\(port)/instagram",
                "instagram-upload": "http://127.0.0.1:\(port)/rupload"]
    }

    /// What the three platforms hold: the same data as `GET /_platforms`.
    public func platformPosts() async -> [FakePlatformPost] { await platforms.posts() }

    /// Upload bodies the platforms have begun to receive so far (a test aims its kills with it).
    public func platformUploadsBegun() async -> Int { await platforms.link.uploadsBegun }

    /// The same data as `GET /_stats`.
    public func stats() async -> FakeStats { await state.stats() }

    /// The same as `POST /_reset`: clears counters, fault uses and stored results (not the log file).
    public func reset() async {
        await state.reset()
        await platforms.reset()
    }
}

extension Result where Failure == any Error {
    var failureDescription: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}

extension FakeProviderServer {
    /// Moves the platforms' metric clock on by `seconds`: posts are read "later" without waiting.
    public func advancePlatformClock(by seconds: TimeInterval) { platforms.metrics.advance(by: seconds) }
}
