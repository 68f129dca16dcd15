import Foundation

/// One response's events as they go out, and what it has cost so far.
///
/// Billing (OpenAI bills per Response from its usage, developers.openai.com/api/docs/guides/realtime-costs):
/// a completed response bills its full usage. A response cut short — the socket dropped (`socketDrop`),
/// closed, or the session expired mid-response — bills what was delivered: the whole input, plus the
/// audio and transcript sent before the cut. OpenAI documents no rule for this; the fake's choice lets a
/// client settle a cut response from the audio it received (ceil(seconds × 20) audio tokens).
struct FakeRealtimeRun {
    let response: FakeRealtimeResponse
    /// Whether `response.done` went out with status `completed` or `incomplete`.
    private(set) var finished = false
    /// What to bill; nil until `response.created` went out.
    private(set) var billableUsage: FakeRealtimeUsage?

    init(response: FakeRealtimeResponse) { self.response = response }

    mutating func perform(wire: FakeRealtimeWire, session: FakeRealtimeSession, latencyMS: Int) async {
        let r = response
        let input = FakeRealtime.textTokens(r.contextCharacters)
        var said = r.transcript
        var samples = r.speaks ? SpeechSynth.render(text: said, voice: r.voice, speed: r.speed, audio: session.config.speechAudio) : []
        var statusDetails: FakeJSON = .null
        // `max_output_tokens` caps text plus audio; a cut response is `incomplete` with reason
        // `max_output_tokens` (realtime_response_status.py).
        if let limit = r.maxOutputTokens,
           FakeRealtime.textTokens(said.count) + FakeRealtime.audioTokens(samples: samples.count) > limit {
            let whole = FakeRealtime.textTokens(said.count) + FakeRealtime.audioTokens(samples: samples.count)
            said = String(said.prefix(Int(Double(said.count) * Double(limit) / Double(whole))))
            let audioRoom = max(0, limit - FakeRealtime.textTokens(said.count))
            let samplesPerToken = Int(Double(SpeechSynth.sampleRate) / FakeRealtime.audioTokensPerSecond)
            samples = Array(samples.prefix(audioRoom * samplesPerToken))
            statusDetails = ["type": "incomplete", "reason": "max_output_tokens"]
        }
        // "rate_limits.updated — at the start of each response" (rate_limits_updated_event.py).
        let reserved = r.maxOutputTokens ?? 4096
        guard await wire.send("rate_limits.updated", ["rate_limits": [
            ["name": "requests", "limit": 5000, "remaining": 4999, "reset_seconds": 0.012],
            ["name": "tokens", "limit": 400_000, "remaining": .int(Int64(400_000 - input - reserved)), "reset_seconds": 0.9]]]),
              await wire.send("response.created", ["response": r.json(status: "in_progress", output: [], usage: nil)]) else { return }
        billableUsage = FakeRealtimeUsage(inputTextTokens: input, outputTextTokens: 0, outputAudioTokens: 0)
        if latencyMS > 0 { try? await Task.sleep(for: .milliseconds(latencyMS)) }
        let ids: [String: FakeJSON] = ["response_id": .string(r.id), "item_id": .string(r.itemId), "output_index": 0, "content_index": 0]
        guard await wire.send("response.output_item.added", ["response_id": .string(r.id), "output_index": 0,
                                                             "item": r.item(status: "in_progress", said: nil)]),
              await wire.send("response.content_part.added", ids.merging(["part": r.speaks ? ["type": "audio", "transcript": ""] : ["type": "text", "text": ""]]) { $1 })
        else { return }
        if r.speaks { await session.spoke(voice: r.voice) }
        let pieces = Self.pieces(said)
        let chunks = r.speaks ? max(1, (samples.count + FakeRealtime.deltaSamples - 1) / FakeRealtime.deltaSamples) : 1
        let dropAfter = r.fault == .socketDrop ? (chunks + 1) / 2 : nil
        var samplesSent = 0, charactersSent = 0, piecesSent = 0
        for chunk in 0..<chunks {
            if Task.isCancelled { return }
            if r.speaks {
                let end = min(samples.count, samplesSent + FakeRealtime.deltaSamples)
                let pcm = SpeechSynth.pcm16(Array(samples[samplesSent..<end]))
                guard await wire.send("response.output_audio.delta", ids.merging(["delta": .string(pcm.base64EncodedString())]) { $1 }) else { return }
                samplesSent = end
            }
            // Transcript pieces follow the audio they belong to; their concatenation is the transcript.
            let due = r.speaks ? pieces.count * (chunk + 1) / chunks : pieces.count
            while piecesSent < due {
                let name = r.speaks ? "response.output_audio_transcript.delta" : "response.output_text.delta"
                guard await wire.send(name, ids.merging(["delta": .string(pieces[piecesSent])]) { $1 }) else { return }
                charactersSent += pieces[piecesSent].count
                piecesSent += 1
            }
            billableUsage = FakeRealtimeUsage(inputTextTokens: input, outputTextTokens: FakeRealtime.textTokens(charactersSent),
                                              outputAudioTokens: FakeRealtime.audioTokens(samples: samplesSent))
            if let dropAfter, chunk + 1 >= dropAfter {
                await wire.drop()
                return
            }
            await Task.yield()
        }
        let usage = FakeRealtimeUsage(inputTextTokens: input, outputTextTokens: FakeRealtime.textTokens(said.count),
                                      outputAudioTokens: FakeRealtime.audioTokens(samples: samples.count))
        let status = statusDetails == .null ? "completed" : "incomplete"
        let done: [(String, [String: FakeJSON])] = r.speaks ? [
            ("response.output_audio.done", ids),
            // Sent also when a response is cut (response_audio_transcript_done_event.py).
            ("response.output_audio_transcript.done", ids.merging(["transcript": .string(said)]) { $1 }),
            ("response.content_part.done", ids.merging(["part": ["type": "audio", "transcript": .string(said)]]) { $1 }),
        ] : [
            ("response.output_text.done", ids.merging(["text": .string(said)]) { $1 }),
            ("response.content_part.done", ids.merging(["part": ["type": "text", "text": .string(said)]]) { $1 }),
        ]
        for (name, fields) in done { guard await wire.send(name, fields) else { return } }
        let item = r.item(status: status, said: said)
        guard await wire.send("response.output_item.done", ["response_id": .string(r.id), "output_index": 0, "item": item]) else { return }
        billableUsage = usage
        // `response.done` "carries all output items without the raw audio" (response_done_event.py).
        guard await wire.send("response.done", ["response": r.json(status: status, output: [item], usage: usage,
                                                                  statusDetails: statusDetails)]) else { return }
        finished = true
    }

    /// The transcript cut into word-sized pieces (each word with the spaces after it).
    static func pieces(_ text: String) -> [String] {
        var pieces: [String] = [], current = ""
        for character in text {
            if !character.isWhitespace, let last = current.last, last.isWhitespace {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
