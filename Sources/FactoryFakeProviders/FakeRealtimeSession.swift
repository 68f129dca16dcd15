import Foundation
import HummingbirdWebSocket

/// One Realtime session: its configuration, the voice once it has spoken, its deadline, and the
/// dispatch of client events (session.update, response.create, conversation.item.create).
///
/// The server opens with `session.created` (developers.openai.com/ko-KR/api/docs/guides/realtime-conversations);
/// responses run as they are asked for, out-of-band ones in parallel (openai-python `response_create_event.py`).
actor FakeRealtimeSession {
    let id = FakeRealtime.id("sess")
    let model: String
    let state: FakeState
    let config: FakeProviderConfig
    let wire: FakeRealtimeWire
    /// When the session ends (`FakeProviderConfig.realtimeSessionSeconds` after it opened).
    let expiresAt: Date
    private let deadline: ContinuousClock.Instant

    // The session's configuration (openai-python `realtime_session_create_request.py`, defaults).
    var outputModalities = ["audio"]
    var voice = "alloy"
    var speed = 1.0
    /// Empty by default, so a response's input tokens are exactly its instructions and text.
    var instructions = ""
    /// nil = "inf".
    var maxOutputTokens: Int?
    /// The voice of the session's first audio: fixed from then on (realtime_audio_config_output.py,
    /// "Voice cannot be changed during the session once the model has responded with audio at least once").
    var spokenVoice: String?
    /// The default conversation's messages (role, text), for in-conversation responses.
    var conversation: [(role: String, text: String)] = []
    /// Whether a response is writing to the default conversation ("Only one response may write to the
    /// default conversation at a time", response_create_event.py).
    var conversationBusy = false
    private(set) var expired = false

    init(model: String, state: FakeState, config: FakeProviderConfig, wire: FakeRealtimeWire) {
        self.model = model
        self.state = state
        self.config = config
        self.wire = wire
        let seconds = max(0.05, config.realtimeSessionSeconds)
        self.expiresAt = Date().addingTimeInterval(seconds)
        self.deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    }

    /// Serves the socket until the client leaves, the session expires, or a fault drops it.
    nonisolated func run(_ inbound: WebSocketInboundStream) async {
        await wire.send("session.created", ["session": await sessionJSON()])
        await withDiscardingTaskGroup { group in
            group.addTask { await self.expireAtDeadline() }
            do {
                for try await message in inbound.messages(maxSize: 16 << 20) {
                    guard case .text(let text) = message else {
                        await wire.send("error", ["error": FakeRealtimeErrors.object(
                            code: "invalid_event", message: "Client events are JSON text frames; a binary frame was sent.",
                            param: nil, eventId: nil)])
                        continue
                    }
                    if let response = await receive(text) {
                        group.addTask { await response.stream(session: self) }
                    }
                    if await !wire.isOpen { break }
                }
            } catch {}
            group.cancelAll()
        }
    }

    /// At the deadline: the `session_expired` error, unprompted (`event_id` null), then the close.
    private func expireAtDeadline() async {
        do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
        await expire(eventId: nil)
    }

    func expire(eventId: String?) async {
        expired = true
        await wire.send("error", ["error": FakeRealtimeErrors.expired(seconds: config.realtimeSessionSeconds, eventId: eventId)])
        await wire.close(reason: "session expired")
    }

    /// Handles one client event; a response to stream is handed back to run in parallel.
    func receive(_ text: String) async -> FakeRealtimeResponse? {
        guard let event = FakeJSON.parse(Data(text.utf8)), event.object != nil else {
            await fail(FakeRealtimeErrors.object(code: "invalid_json", message: "The event is not a JSON object: \(text.prefix(60))",
                                                 param: nil, eventId: nil))
            return nil
        }
        let eventId = event["event_id"]?.string
        if expired || ContinuousClock.now >= deadline {
            await expire(eventId: eventId)
            return nil
        }
        switch event["type"]?.string {
        case "session.update"?:
            await update(event, eventId: eventId)
        case "response.create"?:
            return await createResponse(event, text: text, eventId: eventId)
        case "conversation.item.create"?:
            await createItem(event, eventId: eventId)
        case let other:
            let name = other ?? ""
            await fail(FakeRealtimeErrors.invalid("type", "Invalid value: '\(name)'. The fake Realtime API serves 'session.update', 'response.create' and 'conversation.item.create'.", eventId: eventId))
        }
        return nil
    }

    func fail(_ error: FakeJSON) async { await wire.send("error", ["error": error]) }

    /// The session object of `session.created` / `session.updated` (realtime_session_create_request.py).
    func sessionJSON() -> FakeJSON {
        let pcm: FakeJSON = ["type": "audio/pcm", "rate": 24000]
        return ["type": "realtime", "object": "realtime.session", "id": .string(id), "model": .string(model),
                "output_modalities": .array(outputModalities.map(FakeJSON.string)),
                "instructions": .string(instructions), "tools": [], "tool_choice": "auto",
                "max_output_tokens": maxOutputTokens.map { .int(Int64($0)) } ?? "inf",
                "expires_at": .int(Int64(expiresAt.timeIntervalSince1970)), "tracing": nil, "prompt": nil,
                "audio": ["input": ["format": pcm, "transcription": nil, "noise_reduction": nil,
                                    "turn_detection": ["type": "server_vad", "threshold": 0.5, "prefix_padding_ms": 300,
                                                       "silence_duration_ms": 200, "create_response": true, "interrupt_response": true]],
                          "output": ["format": pcm, "voice": .string(voice), "speed": .double(speed)]]]
    }

    /// A response began to speak with `voice`: the session's voice is fixed from now on.
    func spoke(voice: String) { if spokenVoice == nil { spokenVoice = voice } }

    /// An in-conversation response ended: its transcript joins the conversation.
    func conversationResponseEnded(transcript: String?) {
        conversationBusy = false
        if let transcript { conversation.append((role: "assistant", text: transcript)) }
    }
}
