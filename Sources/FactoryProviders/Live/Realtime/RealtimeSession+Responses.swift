import FactoryCore
import Foundation

extension RealtimeSession {
    /// Asks for one out-of-band response and waits for its `response.done`. Throws a
    /// `RealtimeInterruption` when the socket drops, the session expires, an `error` event names
    /// this response, or nothing arrives within `timeout` seconds.
    func respond(_ ask: RealtimeAsk, stage: StageName, maxOutputTokens: Int?, timeout: Double) async throws -> RealtimeResponse {
        guard state == .ready, writer != nil else {
            throw failure ?? RealtimeInterruption(.dropped, "the Realtime session is not open")
        }
        counter += 1
        lastUsed = .now
        let tag = "\(label)-\(counter)", eventId = "evt_factory_\(label)_\(counter)"
        let body = RealtimeClientEvent.responseCreate(eventId: eventId, text: ask.text, instructions: ask.instructions,
                                                      voice: ask.voice, tag: tag, stage: stage, maxOutputTokens: maxOutputTokens)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(timeout))
                    guard !Task.isCancelled else { return }
                    await self?.timeOut(tag, after: timeout)
                }
                pending[tag] = Pending(eventId: eventId, continuation: continuation, timer: timer)
                order.append(tag)
                Task { await self.send(body) }
            }
        } onCancel: {
            Task { await self.cancel(tag) }
        }
    }

    /// The caller went away (the run was stopped): its response is no longer waited for.
    func cancel(_ tag: String) {
        guard let entry = pending.removeValue(forKey: tag) else { return }
        entry.timer?.cancel()
        order.removeAll { $0 == tag }
        if let id = entry.responseId { tags[id] = nil }
        entry.continuation.resume(throwing: CancellationError())
    }

    func timeOut(_ tag: String, after seconds: Double) {
        fail(tag, RealtimeInterruption(.timedOut, String(format: "no response.done within %.0f s", seconds)))
    }

    /// Ends one waiting response with an interruption (its partial audio counted, then discarded).
    func fail(_ tag: String, _ reason: RealtimeInterruption) {
        guard let entry = pending.removeValue(forKey: tag) else { return }
        entry.timer?.cancel()
        order.removeAll { $0 == tag }
        if let id = entry.responseId { tags[id] = nil }
        var reason = reason
        reason.partialBytes = entry.audio.count
        entry.continuation.resume(throwing: reason)
        lastUsed = .now
    }

    /// One server event.
    func receive(_ text: String) async {
        guard let event = RealtimeServerEvent.decode(text) else { return }
        switch event {
        case .sessionCreated(let id):
            sessionId = id
            guard state == .connecting else { return }
            if settings.configure {
                let eventId = "evt_factory_\(label)_update"
                updateEventId = eventId
                await send(RealtimeClientEvent.sessionUpdate(eventId: eventId, voice: settings.voice, speed: settings.speed))
            } else {
                becomeReady()
            }
        case .sessionUpdated:
            if state == .connecting { becomeReady() }
        case .responseCreated(let id, let tag):
            let mine = tag.flatMap { pending[$0] == nil ? nil : $0 } ?? order.first { pending[$0]?.responseId == nil }
            guard let mine else { return }
            pending[mine]?.responseId = id
            order.removeAll { $0 == mine }
            tags[id] = mine
        case .audioDelta(let id, let audio):
            if let tag = tags[id] { pending[tag]?.audio.append(audio) }
        case .transcriptDelta(let id, let delta):
            if let tag = tags[id] { pending[tag]?.transcriptDeltas += delta }
        case .transcriptDone(let id, let transcript):
            if let tag = tags[id] { pending[tag]?.transcript = transcript }
        case .responseDone(let info):
            guard let tag = tags[info.id] ?? info.tag, let entry = pending.removeValue(forKey: tag) else { return }
            entry.timer?.cancel()
            tags[info.id] = nil
            order.removeAll { $0 == tag }
            lastUsed = .now
            entry.continuation.resume(returning: RealtimeResponse(info: info, pcm: entry.audio,
                                                                  transcript: entry.transcript ?? entry.transcriptDeltas))
        case .error(let error):
            await handle(error)
        case .other:
            return
        }
    }

    func becomeReady() {
        state = .ready
        for waiter in readyWaiters { waiter.resume() }
        readyWaiters = []
    }

    /// An `error` event: most leave the session open (`realtime_error_event.py`); `error.event_id`
    /// names the client event that caused it. `session_expired` ends the session.
    func handle(_ error: RealtimeErrorInfo) async {
        let message = Secrets.redact("openai realtime error \(error)")
        if error.code == "session_expired" {
            expired = true
            await ended(RealtimeInterruption(.expired, message))
        } else if state == .connecting || (error.event_id != nil && error.event_id == updateEventId) {
            await ended(RealtimeInterruption(.server(error), "session.update was refused: \(message)"))
        } else if let id = error.event_id, let tag = pending.first(where: { $0.value.eventId == id })?.key {
            fail(tag, RealtimeInterruption(.server(error), message))
        } else if error.type == "server_error" || error.code == "rate_limit_exceeded" {
            // Not tied to one response: every response in flight is asked again.
            for tag in Array(pending.keys) { fail(tag, RealtimeInterruption(.server(error), message)) }
        }
    }
}
