import Foundation

/// `session.update` and `conversation.item.create`, validated as OpenAI's types describe them;
/// a rejected update changes nothing and the session stays open (realtime_error_event.py).
extension FakeRealtimeSession {
    /// The fields of an update that passed validation, applied all at once.
    struct Changes {
        var outputModalities: [String]?
        var voice: String?
        var speed: Double?
        var instructions: String?
        var maxOutputTokens: Int??
    }

    func update(_ event: FakeJSON, eventId: String?) async {
        switch validate(event["session"], eventId: eventId) {
        case .failure(let error):
            await fail(error.json)
        case .success(let changes):
            if let value = changes.outputModalities { outputModalities = value }
            if let value = changes.voice { voice = value }
            if let value = changes.speed { speed = value }
            if let value = changes.instructions { instructions = value }
            if let value = changes.maxOutputTokens { maxOutputTokens = value }
            await wire.send("session.updated", ["session": sessionJSON()])
        }
    }

    /// A rejected field, as the `error` object to send.
    struct Rejection: Error { let json: FakeJSON }

    func validate(_ session: FakeJSON?, eventId: String?) -> Result<Changes, Rejection> {
        func bad(_ param: String, _ message: String, code: String = "invalid_value") -> Result<Changes, Rejection> {
            .failure(Rejection(json: FakeRealtimeErrors.object(code: code, message: message, param: param, eventId: eventId)))
        }
        guard let session, session.object != nil else {
            return bad("session", "Missing required parameter: 'session'.", code: "missing_required_parameter")
        }
        // `type` is required: "realtime" or "transcription" (realtime_session_create_request.py).
        guard let type = session["type"]?.string else {
            return bad("session.type", "Missing required parameter: 'session.type'. Use \"realtime\".", code: "missing_required_parameter")
        }
        guard type == "realtime" else {
            return bad("session.type", "Invalid value: '\(type)'. A realtime session cannot become '\(type)'; use \"realtime\".")
        }
        if let model = session["model"], model.string != self.model {
            return bad("session.model", "Invalid value: '\(model.string ?? model.text)'. The session's model is '\(self.model)' (set when connecting) and cannot change.")
        }
        var changes = Changes()
        if let value = session["output_modalities"] {
            guard let modalities = FakeRealtimeChecks.modalities(value) else {
                return bad("session.output_modalities", "Invalid value: \(value.text). Use [\"audio\"] (audio and its transcript) or [\"text\"]; both at once is not allowed.")
            }
            changes.outputModalities = modalities
        }
        if let value = session["instructions"] {
            guard let text = value.string else { return bad("session.instructions", "Invalid type for 'session.instructions': expected a string.") }
            changes.instructions = text
        }
        if let value = session["max_output_tokens"] {
            guard let limit = FakeRealtimeChecks.maxOutputTokens(value) else {
                return bad("session.max_output_tokens", "Invalid 'session.max_output_tokens': \(value.text). Expected an integer from 1 to 4096, or \"inf\".")
            }
            changes.maxOutputTokens = .some(limit)
        }
        let output = session["audio"]?["output"]
        if let format = output?["format"], let problem = FakeRealtimeChecks.format(format) {
            return bad("session.audio.output.format", problem)
        }
        if let value = output?["voice"] {
            guard let name = FakeRealtimeChecks.voice(value) else {
                return bad("session.audio.output.voice", "Invalid value: \(value.text). Supported values are: \(FakeRealtime.voices.map { "'\($0)'" }.joined(separator: ", ")), or {\"id\": \"voice_…\"}.")
            }
            // Once audio was produced the voice is fixed: the whole update is refused (error text and
            // code as OpenAI sends them, seen in public client code that handles `cannot_update_voice`).
            if let spoken = spokenVoice, spoken != name {
                return .failure(Rejection(json: FakeRealtimeErrors.object(code: "cannot_update_voice",
                    message: "Cannot update a conversation's voice if assistant audio is present.", param: nil, eventId: eventId)))
            }
            changes.voice = name
        }
        if let value = output?["speed"] {
            // 0.25–1.5, default 1.0 (realtime_audio_config_output.py).
            guard let speed = value.number, (0.25...1.5).contains(speed) else {
                return bad("session.audio.output.speed", "Invalid 'session.audio.output.speed': \(value.text). Expected a number from 0.25 to 1.5.")
            }
            changes.speed = speed
        }
        return .success(changes)
    }

    /// A message for the default conversation (realtime_conversation_item_user_message.py): kept, and
    /// acknowledged with `conversation.item.added` and `conversation.item.done`.
    func createItem(_ event: FakeJSON, eventId: String?) async {
        guard let item = event["item"], item["type"]?.string == "message",
              let role = item["role"]?.string, ["user", "system", "assistant"].contains(role),
              let parts = item["content"]?.array else {
            await fail(FakeRealtimeErrors.invalid("item", "The fake Realtime API accepts message items only: {\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"…\"}]}.", eventId: eventId))
            return
        }
        let text = parts.compactMap { $0["text"]?.string }.joined(separator: " ")
        conversation.append((role: role, text: text))
        var stored = item.object ?? [:]
        stored["id"] = .string(item["id"]?.string ?? FakeRealtime.id("item"))
        stored["object"] = "realtime.item"
        stored["status"] = "completed"
        await wire.send("conversation.item.added", ["previous_item_id": nil, "item": .object(stored)])
        await wire.send("conversation.item.done", ["previous_item_id": nil, "item": .object(stored)])
    }
}
