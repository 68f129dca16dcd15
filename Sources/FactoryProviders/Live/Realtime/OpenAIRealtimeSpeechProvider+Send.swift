import FactoryCore
import Foundation

extension OpenAIRealtimeSpeechProvider {
    /// One attempt as the gateway sees it: a response on the voice's session; when the socket
    /// drops, the session expires or the server errs, a new session and the same response again,
    /// up to `reconnects` sessions (the partial audio discarded, its estimate added to the cost).
    func send(_ ask: RealtimeAsk, price: ModelSpec, stage: StageName) async throws -> ProviderAnswer {
        var cutUSD = 0.0, cut = 0
        var problem: RealtimeInterruption?
        let timeout = 60 + 4 * ask.expectedSeconds
        for attempt in 1...max(1, reconnects) {
            if attempt > 1 { try await Task.sleep(for: .seconds(backoff.delay(attempt: attempt - 1, jitter: Double.random(in: 0..<1)))) }
            let session: RealtimeSession
            do {
                session = try await pool.session(settings(ask))
            } catch let interruption as RealtimeInterruption {
                switch interruption.kind {
                case .handshake: throw await refusal()
                case .unreachable: throw ProviderFailure(.notSent, provider: .openai, message: interruption.message)
                case .server(let error): throw failure(error)
                case .dropped, .expired, .timedOut:
                    problem = interruption
                    continue
                }
            }
            do {
                let response = try await session.respond(ask, stage: stage, maxOutputTokens: ask.maxOutputTokens(price: price), timeout: timeout)
                let seconds = Double(response.pcm.count) / 48_000
                let settled: (usd: Double, units: [String: Double]) = response.info.usage.map { price.actualRealtime($0, audioSeconds: seconds) }
                    ?? (usd: price.realtimeCut(ask, audioSeconds: seconds) + transcriptCost(response.transcript, price: price),
                        units: ["audio_seconds": seconds])
                if response.info.status == "failed" || response.info.status == "cancelled" {
                    // Billed as its usage says, unusable: asked again on a fresh response.
                    cutUSD += settled.usd
                    cut += 1
                    let error = response.info.error ?? RealtimeErrorInfo(type: "server_error", code: response.info.reason,
                                                                         message: "the response ended \(response.info.status)")
                    let interruption = RealtimeInterruption(.server(error), "openai realtime response \(response.info.status): \(error)")
                    guard interruption.reconnects else { throw failure(error) }
                    problem = interruption
                    continue
                }
                let reading = RealtimeReading(transcript: response.transcript, responseId: response.info.id, status: response.info.status,
                                              cut: cut, pcm: response.pcm)
                return ProviderAnswer(body: reading.encoded, requestId: response.info.id, costUSD: settled.usd + cutUSD, units: settled.units)
            } catch let interruption as RealtimeInterruption {
                cutUSD += price.realtimeCut(ask, audioSeconds: Double(interruption.partialBytes) / 48_000)
                cut += 1
                guard interruption.reconnects else {
                    if case .server(let error) = interruption.kind { throw failure(error) }
                    throw ProviderFailure(.uncertain, provider: .openai, message: interruption.message)
                }
                if case .server = interruption.kind {} else { await pool.discard(session) }
                problem = interruption
            }
        }
        let why = problem?.message ?? "no answer"
        // A response cut mid-way may have been billed: the gateway keeps its reservation counted.
        throw ProviderFailure(cut > 0 ? .uncertain : .overloaded, provider: .openai,
                              message: "no complete Realtime response after \(max(1, reconnects)) sessions (\(why))")
    }

    func transcriptCost(_ transcript: String, price: ModelSpec) -> Double {
        Double(LiveClient.tokens(transcript)) * (price.outputPerMillion ?? 0) / 1e6
    }

    /// An `error` event as the gateway's retry rules read it.
    func failure(_ error: RealtimeErrorInfo) -> ProviderFailure {
        let words = [error.code, error.type].compactMap { $0?.lowercased() }
        let kind: ProviderFailure.Kind
        if words.contains("rate_limit_exceeded") || words.contains("rate_limit_error") {
            kind = .rateLimited
        } else if words.contains(where: { $0.contains("quota") || $0.contains("billing") }) {
            kind = .quota
        } else if words.contains("invalid_api_key") || words.contains("authentication_error") {
            kind = .auth
        } else if words.contains("server_error") {
            kind = .overloaded
        } else {
            kind = .invalidRequest
        }
        return ProviderFailure(kind, provider: .openai, code: error.code ?? error.type, message: "realtime: \(error.message ?? "error event")")
    }

    /// The WebSocket client does not say why an upgrade was refused, so the same handshake is
    /// asked over HTTP (no session is configured and no response asked for: free) and its status
    /// read the way `/v1` errors are: 401 → auth, 429 → rate limited (retried), and so on.
    func refusal() async -> ProviderFailure {
        let url = URL(string: Self.realtimeURL(client.endpoint, model: model, scheme: ("https", "http")))
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        do {
            guard let url else { throw FactoryError(.provider, "bad realtime URL") }
            let reply = try await client.transport.send(
                provider: .openai, method: .GET, url: url,
                headers: [("authorization", "Bearer \(client.key)"), ("connection", "Upgrade"), ("upgrade", "websocket"),
                          ("sec-websocket-version", "13"), ("sec-websocket-key", key)],
                body: nil, maxBytes: 1 << 20, timeout: 10)
            if reply.status >= 400 { return client.failure(reply) }
            return ProviderFailure(.notSent, provider: .openai, status: reply.status,
                                   message: "the Realtime WebSocket upgrade was refused, then answered HTTP \(reply.status)")
        } catch let failure as ProviderFailure {
            return ProviderFailure(.notSent, provider: .openai, message: "the Realtime WebSocket upgrade was refused (\(failure.message))")
        } catch {
            return ProviderFailure(.notSent, provider: .openai, message: Secrets.redact("the Realtime WebSocket upgrade was refused (\(error))"))
        }
    }
}
