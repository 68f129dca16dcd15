import FactoryCore
import Foundation

extension OpenAIRealtimeSpeechProvider {
    /// Speaks one chunk: ask 1, and asks 2–3 (each its own paid call, stage and cache key) while the
    /// reading differs from the text. Never loops: at most `RealtimeAsk.maxAsks` calls.
    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        let price = try spec(request, item: context.item)
        var spent = 0.0
        var last: (check: TranscriptCheck, transcript: String)?
        for number in 1...RealtimeAsk.maxAsks {
            let ask = RealtimeAsk(model: model, request: request, ask: number)
            let final = number == RealtimeAsk.maxAsks
            let log = AskLog()
            do {
                let result = try await perform(ask, price: price, context: context.with(stage: ask.stage(context.stage)),
                                               accept: final && request.acceptReworded, log: log)
                spent += result.costUSD
                guard let reading = RealtimeReading.decode(result.payload) else {
                    throw FactoryError(.provider, "item \(context.item) stage \(context.stage): the cached Realtime reading is damaged; "
                                       + "run again with --fresh to ask afresh")
                }
                let check = TranscriptCheck(text: request.text, transcript: reading.transcript)
                if check.passed || (request.acceptReworded && (final || reading.header.accepted == true)) {
                    if number > 1, let gateway = context.gateway {
                        // The first ask's key answers with this reading too: a later run asks nothing.
                        let first = RealtimeAsk(model: model, request: request, ask: 1).call(price: price)
                        try await gateway.alias(first.key, to: result, call: first)
                    }
                    return spoken(reading, check: check, result: result, spent: spent, asks: number, request: request, context: context)
                }
                last = (check, reading.transcript)
            } catch is RejectedAnswer {
                spent += await log.cost
                if let check = await log.check { last = (check, await log.transcript) }
            }
        }
        throw reworded(request, context: context, last: last)
    }

    /// One ask through the gateway; `finish` checks the reading and rejects one that differs
    /// (the gateway then moves it to the quarantine; its cost stays in the ledger).
    func perform(_ ask: RealtimeAsk, price: ModelSpec, context: CallContext, accept: Bool, log: AskLog) async throws -> PaidResult {
        let label = "item \(context.item) stage \(context.stage)"
        let stage = context.stage
        return try await client.perform(ask.call(price: price), context: context, send: {
            try await self.send(ask, price: price, stage: stage)
        }, finish: { answer in
            guard var reading = RealtimeReading.decode(answer.body) else {
                throw RejectedAnswer("\(label): the Realtime answer is not a reading; run again to ask afresh")
            }
            let check = TranscriptCheck(text: ask.text, transcript: reading.transcript)
            await log.record(check, transcript: reading.transcript, cost: answer.replayed ? 0 : answer.costUSD)
            if check.passed { return answer.body }
            if accept {
                reading.header.accepted = true
                return reading.encoded
            }
            throw RejectedAnswer("\(label): the reading differs from the text (word error rate \(check.rateText), \(check.errors) of "
                                 + "\(check.words) words, \(check.allowed) allowed): heard \"\(Self.short(reading.transcript))\"")
        })
    }

    /// The chunk's audio and its record: every ask's cost in this run, the verdict and the asks.
    func spoken(_ reading: RealtimeReading, check: TranscriptCheck, result: PaidResult, spent: Double, asks: Int,
                request: SpeechRequest, context: CallContext) -> SpokenAudio {
        let ask = RealtimeAsk(model: model, request: request, ask: 1)
        var parameters = ["voice": request.voice, "format": "pcm", "speed": String(format: "%.2f", ask.speed),
                          "language": request.language, "api": "realtime", "asks": String(asks),
                          "instructions": String(request.instructions.prefix(200))]
        if check.passed {
            parameters["verbatim"] = check.errors == 0 ? "exact" : "within threshold, WER \(check.rateText)"
        } else {
            parameters["verbatim"] = "accepted, WER \(check.rateText)"
            parameters["transcript"] = String(reading.transcript.prefix(500))
        }
        let record = GenerationRecord(
            stage: context.stage, provider: identity, model: model, parameters: parameters, requestId: result.requestId,
            promptHash: Digest.sha256(String(decoding: ask.canonical, as: UTF8.self)), units: result.units, costUSD: spent,
            cached: result.cached && spent == 0)
        return SpokenAudio(pcm: reading.pcm, sampleRate: Self.sampleRate, record: record)
    }

    /// The bounded failure after the last ask: what differed, where the audio is, and the fixes.
    func reworded(_ request: SpeechRequest, context: CallContext, last: (check: TranscriptCheck, transcript: String)?) -> FactoryError {
        let folder = context.gateway.map { ($0.settings.quarantine ?? $0.cache.defaultQuarantine).appendingPathComponent(context.item).path }
        let rate = last.map { "word error rate \($0.check.rateText), \($0.check.errors) of \($0.check.words) words; " } ?? ""
        let allowed = String(format: "%.0f%%", TranscriptCheck.maxWordErrorRate * 100)
        return FactoryError(.provider, Secrets.redact(
            "item \(context.item) stage \(context.stage): \(model) read the chunk differently \(RealtimeAsk.maxAsks) times (\(rate)"
            + "\(allowed) allowed): text \"\(Self.short(request.text))\", heard \"\(Self.short(last?.transcript ?? ""))\". Each reading "
            + "was billed and kept in \(folder ?? "the quarantine folder"). Set `providers.speech_reworded: accept` to keep the last "
            + "reading, edit the text, or run again to ask afresh"))
    }

    static func short(_ text: String, limit: Int = 80) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= limit ? flat : flat.prefix(limit) + "…"
    }
}

/// What `finish` saw of one ask, for the message after the last one (a rejected ask throws).
actor AskLog {
    var check: TranscriptCheck?
    var transcript = ""
    var cost = 0.0

    func record(_ check: TranscriptCheck, transcript: String, cost: Double) {
        self.check = check
        self.transcript = transcript
        self.cost = cost
    }
}
