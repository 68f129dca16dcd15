import Foundation

/// The open Realtime sessions of a run: one per voice and speed (both are fixed per session),
/// shared by the chunks of that voice, whose out-of-band responses run in parallel. A session is
/// replaced when it closes, expires or nears the 60-minute limit, and closed when idle.
actor RealtimeSessionPool {
    struct Key: Hashable, Sendable {
        var voice: String
        var speed: Double
    }

    /// Sessions older than this take no new response (the limit is 60 minutes: a response started
    /// just before it would be cut by `session_expired`).
    var maxAge: Duration
    /// An idle session is closed after this long (a run's chunks come in bursts).
    var idleClose: Duration
    private var sessions: [Key: RealtimeSession] = [:]
    private var opening: [Key: Task<RealtimeSession, any Error>] = [:]
    /// Sessions opened so far (tests read it to see a reconnect).
    private(set) var opened = 0

    init(maxAge: Duration = .seconds(55 * 60), idleClose: Duration = .seconds(30)) {
        self.maxAge = maxAge
        self.idleClose = idleClose
    }

    /// A configured session for `settings`' voice and speed: the open one, or a new one.
    func session(_ settings: RealtimeSession.Settings) async throws -> RealtimeSession {
        let key = Key(voice: settings.voice, speed: settings.speed)
        if let session = sessions[key] {
            if await session.usable(maxAge: maxAge) {
                await session.touch()
                return session
            }
            sessions[key] = nil
            retire(session)
        }
        if let task = opening[key] { return try await task.value }
        let task = Task { () throws -> RealtimeSession in
            let session = RealtimeSession(settings)
            try await session.open()
            return session
        }
        opening[key] = task
        defer { opening[key] = nil }
        let session = try await task.value
        opened += 1
        sessions[key] = session
        watchIdle(session, key: key)
        return session
    }

    /// Drops a session that failed; the next ask opens a new one.
    func discard(_ session: RealtimeSession) async {
        for (key, open) in sessions where open === session { sessions[key] = nil }
        await session.close()
    }

    /// Closes every session (the end of a run, or a test).
    func closeAll() async {
        let all = Array(sessions.values)
        sessions = [:]
        for session in all { await session.close() }
    }

    /// Closes a replaced session once its responses in flight have finished.
    private func retire(_ session: RealtimeSession) {
        Task {
            while await session.inFlight > 0 { try? await Task.sleep(for: .milliseconds(200)) }
            await session.close()
        }
    }

    /// Closes the session once it has been idle for `idleClose`.
    private func watchIdle(_ session: RealtimeSession, key: Key) {
        let idle = idleClose
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: idle / 2)
                guard let self else { return }
                if await session.state == .closed { await self.forget(session, key: key); return }
                if await session.idle(for: idle) {
                    await self.forget(session, key: key)
                    await session.close()
                    return
                }
            }
        }
    }

    private func forget(_ session: RealtimeSession, key: Key) {
        if sessions[key] === session { sessions[key] = nil }
    }
}
