/// Scoped fakes: the server lives exactly as long as the body, and its `stop()` is awaited on every
/// path (returned or thrown), so no fake outlives the test that started it.
extension FakeProviderServer {
    /// Starts a fake with `config`, runs `body` with it, and awaits its stop before returning.
    @discardableResult
    public static func withRunning<T>(_ config: FakeProviderConfig = FakeProviderConfig(),
                                      isolation: isolated (any Actor)? = #isolation,
                                      _ body: (FakeProviderServer) async throws -> T) async throws -> T {
        let server = FakeProviderServer(config: config)
        _ = try await server.start()
        return try await server.running(isolation: isolation, body)
    }

    /// Runs `body` with this (started) server and awaits its stop before returning or throwing.
    @discardableResult
    public func running<T>(isolation: isolated (any Actor)? = #isolation,
                           _ body: (FakeProviderServer) async throws -> T) async throws -> T {
        do {
            let value = try await body(self)
            await stop()
            return value
        } catch {
            await stop()
            throw error
        }
    }
}
