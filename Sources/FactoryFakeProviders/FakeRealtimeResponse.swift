import Foundation

/// One Realtime response: what it reads, in which voice, and its server events in OpenAI's order —
/// `rate_limits.updated`, `response.created`, `response.output_item.added`, `response.content_part.added`,
/// audio deltas with transcript deltas between them, `response.output_audio.done`,
/// `response.output_audio_transcript.done`, `response.content_part.done`, `response.output_item.done`,
/// `response.done` (event names and fields: openai-python `types/realtime/response_*_event.py`).
struct FakeRealtimeResponse: Sendable {
    let id = FakeRealtime.id("resp")
    let itemId = FakeRealtime.id("item")
    var model: String
    /// The user text the fake reads aloud.
    var text: String
    var voice: String
    var speed: Double
    var modalities: [String]
    var instructions: String
    var maxOutputTokens: Int?
    /// nil for an out-of-band response (`conversation: "none"`: "conversation_id will be null").
    var conversationId: String?
    var metadata: FakeJSON = .null
    /// Characters of instructions plus input messages: the input text tokens are these / 4, rounded up.
    var contextCharacters = 0
    var fault: FakeFault.Kind?
    var requestHash = ""

    var speaks: Bool { modalities == ["audio"] }

    /// What the model says: the text verbatim, or reworded under a `reworded` fault.
    var transcript: String { fault == .reworded ? FakeRealtimeReword.reword(text) : text }

    /// Streams the events; bills a completed response in full and a cut one for what was sent.
    func stream(session: FakeRealtimeSession) async {
        let state = session.state, wire = session.wire
        await state.enter("openai")
        var run = FakeRealtimeRun(response: self)
        await run.perform(wire: wire, session: session, latencyMS: session.config.latency(for: "openai"))
        if let usage = run.billableUsage {
            await state.bill(FakeCharge(requestHash: requestHash, provider: "openai", endpoint: FakeEndpoint.realtime, model: model,
                                        costUSD: FakeState.round(usage.costUSD), at: ISO8601DateFormatter().string(from: Date()),
                                        requestId: id))
        }
        if conversationId != nil { await session.conversationResponseEnded(transcript: run.finished ? transcript : nil) }
        await state.leave("openai")
    }

    /// The response object of `response.created` (in progress) and `response.done`.
    func json(status: String, output: [FakeJSON], usage: FakeRealtimeUsage?, statusDetails: FakeJSON = .null) -> FakeJSON {
        ["id": .string(id), "object": "realtime.response", "status": .string(status), "status_details": statusDetails,
         "output": .array(output), "conversation_id": conversationId.map(FakeJSON.string) ?? .null,
         "output_modalities": .array(modalities.map(FakeJSON.string)),
         "max_output_tokens": maxOutputTokens.map { .int(Int64($0)) } ?? "inf",
         "audio": ["output": ["format": ["type": "audio/pcm", "rate": 24000], "voice": .string(voice)]],
         "metadata": metadata, "usage": usage?.json ?? .null]
    }

    /// The assistant message item, without audio (`response.done` "carries all output items without the raw audio").
    func item(status: String, said: String?) -> FakeJSON {
        var content: [FakeJSON] = []
        if let said { content = [speaks ? ["type": "output_audio", "transcript": .string(said)] : ["type": "output_text", "text": .string(said)]] }
        return ["id": .string(itemId), "object": "realtime.item", "type": "message", "role": "assistant",
                "status": .string(status), "content": .array(content)]
    }
}

/// A response's usage, as `response.done.response.usage` reports it and the fake bills it
/// (openai-python `realtime_response_usage*.py`; prices in `FakeRealtime`).
struct FakeRealtimeUsage: Sendable, Equatable {
    var inputTextTokens: Int
    var outputTextTokens: Int
    var outputAudioTokens: Int

    var costUSD: Double {
        (Double(inputTextTokens) * FakeRealtime.textInPerMillion + Double(outputTextTokens) * FakeRealtime.textOutPerMillion
            + Double(outputAudioTokens) * FakeRealtime.audioOutPerMillion) / 1_000_000
    }

    var json: FakeJSON {
        let output = outputTextTokens + outputAudioTokens
        return ["total_tokens": .int(Int64(inputTextTokens + output)), "input_tokens": .int(Int64(inputTextTokens)),
                "output_tokens": .int(Int64(output)),
                "input_token_details": ["text_tokens": .int(Int64(inputTextTokens)), "audio_tokens": 0, "image_tokens": 0,
                                        "cached_tokens": 0,
                                        "cached_tokens_details": ["text_tokens": 0, "audio_tokens": 0, "image_tokens": 0]],
                "output_token_details": ["text_tokens": .int(Int64(outputTextTokens)), "audio_tokens": .int(Int64(outputAudioTokens))]]
    }
}
