import FactoryCore
import Foundation

/// `response.create`, checked field by field (openai-python `response_create_event.py`,
/// `realtime_response_create_params.py`), then handed back as a response to stream.
extension FakeRealtimeSession {
    func createResponse(_ event: FakeJSON, text: String, eventId: String?) async -> FakeRealtimeResponse? {
        switch plan(event["response"] ?? [:], eventId: eventId) {
        case .failure(let rejection):
            await fail(rejection.json)
            return nil
        case .success(var response):
            // Faults are drawn per response.create, after it passed validation.
            let fault = await state.takeFault(provider: "openai", endpoint: FakeEndpoint.realtime, accepting: { $0.isRealtimeKind })
            if fault?.kind == .sessionExpired {
                await expire(eventId: eventId)
                return nil
            }
            response.fault = fault?.kind
            response.requestHash = Digest.sha256(Data(text.utf8))
            if response.conversationId != nil { conversationBusy = true }
            return response
        }
    }

    private func plan(_ params: FakeJSON, eventId: String?) -> Result<FakeRealtimeResponse, Rejection> {
        func bad(_ param: String, _ message: String, code: String = "invalid_value") -> Result<FakeRealtimeResponse, Rejection> {
            .failure(Rejection(json: FakeRealtimeErrors.object(code: code, message: message, param: param, eventId: eventId)))
        }
        guard params.object != nil else { return bad("response", "Invalid type for 'response': expected an object.") }
        // "auto" (the default conversation) or "none" (out-of-band).
        let mode = params["conversation"]?.string ?? "auto"
        guard ["auto", "none"].contains(mode) else {
            return bad("response.conversation", "Invalid value: '\(params["conversation"]?.text ?? "")'. Supported values are: 'auto' and 'none'.")
        }
        if mode == "auto", conversationBusy {
            return bad("response", "Conversation already has an active response", code: "conversation_already_has_active_response")
        }
        var messages = conversation
        if let input = params["input"] {
            guard let items = input.array else { return bad("response.input", "Invalid type for 'response.input': expected an array of items.") }
            var given: [(role: String, text: String)] = []
            for (index, item) in items.enumerated() {
                guard item["type"]?.string == "message", let role = item["role"]?.string, ["user", "system", "assistant"].contains(role),
                      let parts = item["content"]?.array else {
                    return bad("response.input[\(index)]", "The fake Realtime API reads message items: {\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"…\"}]}.")
                }
                for (partIndex, part) in parts.enumerated() {
                    guard ["input_text", "text", "output_text"].contains(part["type"]?.string ?? ""), part["text"]?.string != nil else {
                        return bad("response.input[\(index)].content[\(partIndex)]", "Expected a text part {\"type\":\"input_text\",\"text\":\"…\"}.")
                    }
                }
                given.append((role: role, text: parts.compactMap { $0["text"]?.string }.joined(separator: " ")))
            }
            messages = given
        }
        guard let read = messages.last(where: { $0.role == "user" })?.text, !read.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return bad("response.input", "Nothing to read: the fake speaks the text of the last user message; give one in response.input.")
        }
        var response = FakeRealtimeResponse(model: model, text: read, voice: voice, speed: speed,
                                            modalities: outputModalities, instructions: instructions,
                                            maxOutputTokens: maxOutputTokens,
                                            conversationId: mode == "auto" ? "conv_" + id.dropFirst(5) : nil)
        if let value = params["instructions"] {
            guard let text = value.string else { return bad("response.instructions", "Invalid type for 'response.instructions': expected a string.") }
            response.instructions = text
        }
        response.contextCharacters = response.instructions.count + messages.reduce(0) { $0 + $1.text.count }
        if let value = params["output_modalities"] {
            guard let modalities = FakeRealtimeChecks.modalities(value) else {
                return bad("response.output_modalities", "Invalid value: \(value.text). Use [\"audio\"] or [\"text\"]; both at once is not allowed.")
            }
            response.modalities = modalities
        }
        if let value = params["max_output_tokens"] {
            guard let limit = FakeRealtimeChecks.maxOutputTokens(value) else {
                return bad("response.max_output_tokens", "Invalid 'response.max_output_tokens': \(value.text). Expected an integer from 1 to 4096, or \"inf\".")
            }
            response.maxOutputTokens = limit
        }
        let output = params["audio"]?["output"]
        if let format = output?["format"], let problem = FakeRealtimeChecks.format(format) {
            return bad("response.audio.output.format", problem)
        }
        if let value = output?["voice"] {
            guard let name = FakeRealtimeChecks.voice(value) else {
                return bad("response.audio.output.voice", "Invalid value: \(value.text). Supported values are: \(FakeRealtime.voices.map { "'\($0)'" }.joined(separator: ", ")).")
            }
            response.voice = name
        }
        // The voice is fixed once the session has produced audio (realtime_response.py, `voice`).
        if response.modalities == ["audio"], let spoken = spokenVoice, spoken != response.voice {
            return .failure(Rejection(json: FakeRealtimeErrors.object(code: "cannot_update_voice",
                message: "Cannot update a conversation's voice if assistant audio is present.", param: "response.audio.output.voice", eventId: eventId)))
        }
        if let value = params["metadata"] {
            if let problem = FakeRealtimeChecks.metadata(value) { return bad("response.metadata", problem) }
            response.metadata = value
        }
        return .success(response)
    }
}
