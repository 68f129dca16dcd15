import FactoryCore
import Foundation

/// `factory doctor`: checks each live provider's key, base URL and model with calls that cost
/// nothing (Anthropic's and OpenAI's `GET /v1/models/{id}`, Runware's `modelSearch` task), the
/// models' retirement dates and the model table's age.
public struct ProviderDoctor: Sendable {
    /// One line of the report: fine, a warning, or a problem (with its fix).
    public struct Finding: Sendable, Equatable {
        public enum Level: String, Sendable { case ok, warning, problem, skipped }
        public var provider: String
        public var level: Level
        public var message: String

        public init(provider: String, level: Level, message: String) {
            self.provider = provider
            self.level = level
            self.message = message
        }

        public init(provider: ProviderID, level: Level, message: String) {
            self.init(provider: provider.rawValue, level: level, message: message)
        }
    }

    public var models: ModelTable = .bundled
    public var today: String = DayStamp.utcToday()
    /// models.json older than this many days gets a warning to re-check the prices.
    public var maxTableAge = 90

    /// The kinds the offline providers would write and paint for (the command's registry).
    public let kinds: KindRegistry

    public init(kinds: KindRegistry) { self.kinds = kinds }

    /// Checks the providers a run with `choices` would use (and the image models of `imageModels`).
    public func check(_ choices: ProviderChoices, imageModels: [String], environment: [String: String]) async -> [Finding] {
        var findings: [Finding] = []
        let resolved: ResolvedProviders
        do {
            resolved = try await ResolvedProviders.resolve(choices, environment: environment, offline: false, models: models, kinds: kinds)
        } catch {
            return [Finding(provider: "setup", level: .problem, message: Secrets.redact("\(error)"))]
        }
        defer { if let transport = resolved.transport { Task { await transport.shutdown() } } }
        for role in Role.allCases where resolved.live[role] == nil {
            findings.append(Finding(provider: role.rawValue, level: .skipped, message: "offline (no key for a live \(role) provider): nothing to check"))
        }
        if let text = resolved.set.text as? AnthropicClient {
            findings += await anthropic(text.client, model: text.model)
        }
        if let text = resolved.set.text as? OpenAIChatClient {
            findings += await openAI(text.client, model: text.model, role: .text)
        }
        // The narrator inside its wrappers (a voice map, the forced alignment of word timings).
        let mapped = (resolved.speech as? VoiceMappedSpeechProvider)?.inner ?? resolved.speech
        let voice = (mapped as? AligningSpeechProvider)?.inner ?? mapped
        if let speech = voice as? OpenAISpeechProvider {
            findings += await openAI(speech.client.client, model: speech.model, role: .speech)
        }
        if let speech = voice as? OpenAIRealtimeSpeechProvider {
            findings += await openAI(speech.client, model: speech.model, role: .speech)
            findings.append(await realtimeSession(speech.client, model: speech.model))
        }
        if let image = resolved.set.image as? RunwareClient {
            findings += await runware(image.client, models: imageModels.isEmpty ? [ModelDefaults.image] : imageModels)
        }
        if let age = models.age(on: today) {
            findings.append(age > maxTableAge
                ? Finding(provider: "models.json", level: .warning,
                          message: "prices and models were checked \(age) days ago (\(models.checked)); re-read each row's source and update it")
                : Finding(provider: "models.json", level: .ok, message: "prices and models checked \(models.checked) (\(age) days ago)"))
        }
        return findings
    }

    /// The table's word on a model: retired (a problem), retiring within 30 days (a warning), or its date.
    func lifecycle(_ provider: ProviderID, _ model: String, role: Role) -> Finding? {
        do {
            let spec = try models.check(provider: provider, model: model, role: role, on: today)
            if let warning = models.retirementWarning(provider: provider, model: model, on: today) {
                return Finding(provider: provider, level: .warning, message: warning)
            }
            if let retires = spec.retires {
                return Finding(provider: provider, level: .ok, message: "\(model) retires on \(retires) (more than 30 days away)")
            }
            return nil
        } catch {
            return Finding(provider: provider, level: .problem, message: "\(error)")
        }
    }

    /// Anthropic's `GET /v1/models` (x-api-key, anthropic-version; `limit` up to 1000, `after_id`,
    /// `has_more`/`last_id`: anthropic-sdk-python `resources/models.py`, `pagination.py`). Free.
    func anthropic(_ client: LiveClient, model: String) async -> [Finding] {
        var findings = lifecycle(.anthropic, model, role: .text).map { [$0] } ?? []
        // GET /v1/models lists what the key can use, a page at a time (limit up to 1000, after_id).
        var ids: [String] = []
        var after: String?
        var last: Result<HTTPTransport.Reply, ProviderFailure>
        repeat {
            var url = client.endpoint.appending("v1/models")
            var query = [URLQueryItem(name: "limit", value: "1000")]
            if let after { query.append(URLQueryItem(name: "after_id", value: after)) }
            url = Self.adding(query, to: url)
            last = await get(.anthropic, client, url: url, headers: [("x-api-key", client.key), ("anthropic-version", "2023-06-01")])
            guard case .success(let reply) = last, reply.status == 200,
                  let page = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any] else { break }
            ids += (page["data"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            after = page["has_more"] as? Bool == true ? page["last_id"] as? String : nil
        } while after != nil && ids.count < 10_000
        findings.append(listed(.anthropic, last, ids: ids, client: client, model: model,
                               keyVariable: "ANTHROPIC_API_KEY", baseVariable: "ANTHROPIC_BASE_URL"))
        return findings
    }

    /// OpenAI's `GET /v1/models` ({object: "list", data: [Model]}, openai-openapi `ListModelsResponse`). Free.
    func openAI(_ client: LiveClient, model: String, role: Role) async -> [Finding] {
        var findings = lifecycle(.openai, model, role: role).map { [$0] } ?? []
        let reply = await get(.openai, client, url: client.endpoint.appending("models"), headers: [("authorization", "Bearer \(client.key)")])
        var entries: [[String: Any]] = []
        if case .success(let ok) = reply, ok.status == 200 {
            entries = ((try? JSONSerialization.jsonObject(with: ok.body)) as? [String: Any])?["data"] as? [[String: Any]] ?? []
        }
        var finding = listed(.openai, reply, ids: entries.compactMap { $0["id"] as? String }, client: client, model: model,
                             keyVariable: "OPENAI_API_KEY", baseVariable: "OPENAI_BASE_URL")
        // The Model object's shutdown_date (openai-openapi) is OpenAI's own word on retirement.
        if finding.level == .ok, let shutdown = entries.first(where: { $0["id"] as? String == model })?["shutdown_date"] as? String {
            let day = String(shutdown.prefix(10))
            if day <= today {
                finding = Finding(provider: .openai, level: .problem, message: "\(model) shut down on \(day) (OpenAI's models list); choose another model")
            } else if let left = DayMath.days(from: today, to: day), left <= 30 {
                finding = Finding(provider: .openai, level: .warning, message: "\(model) shuts down on \(day) (in \(left) days, OpenAI's models list)")
            } else {
                finding.message += "; OpenAI lists its shutdown on \(day)"
            }
        }
        findings.append(finding)
        return findings
    }

    /// Opens a Realtime session, waits for `session.created` and closes it: no `session.update`, no
    /// `response.create`, so nothing is generated or billed (the API bills per response,
    /// guides/realtime-costs). Reports whether the key, the URL and the model open a session.
    func realtimeSession(_ client: LiveClient, model: String, timeout: Double = 15) async -> Finding {
        let provider = OpenAIRealtimeSpeechProvider(client: client, model: model)
        let url = OpenAIRealtimeSpeechProvider.realtimeURL(client.endpoint, model: model)
        let session = RealtimeSession(.init(url: url, key: client.key, voice: "", configure: false, connectTimeout: timeout))
        do {
            try await session.open()
            let id = await session.sessionId
            await session.close()
            return Finding(provider: .openai, level: .ok, message: "Realtime session \(id ?? "") opened for \(model) at "
                           + "\(client.endpoint.base.absoluteString) and closed without a response (nothing billed)")
        } catch let interruption as RealtimeInterruption {
            await session.close()
            let failure: ProviderFailure
            switch interruption.kind {
            case .handshake: failure = await provider.refusal()
            case .server(let error): failure = provider.failure(error)
            default: failure = ProviderFailure(.notSent, provider: .openai, message: interruption.message)
            }
            let fix: String
            switch failure.kind {
            case .auth: fix = "set OPENAI_API_KEY to a valid key"
            case .quota: fix = "add credit to the OpenAI account"
            case .rateLimited: fix = "wait and run doctor again"
            case .invalidRequest: fix = "check providers.speech_model (\(model)) and OPENAI_BASE_URL"
            default: fix = "check OPENAI_BASE_URL and the network"
            }
            return Finding(provider: .openai, level: .problem,
                           message: Secrets.redact("no Realtime session for \(model) at \(url): \(failure); \(fix)"))
        } catch {
            await session.close()
            return Finding(provider: .openai, level: .problem, message: Secrets.redact("no Realtime session for \(model) at \(url): \(error)"))
        }
    }

    /// The verdict on a model list: the key and URL are good when it answered, the model when it is listed.
    func listed(_ provider: ProviderID, _ reply: Result<HTTPTransport.Reply, ProviderFailure>, ids: [String], client: LiveClient,
                model: String, keyVariable: String, baseVariable: String) -> Finding {
        var finding = verdict(provider, reply, client: client, model: model, keyVariable: keyVariable, baseVariable: baseVariable)
        guard finding.level == .ok else { return finding }
        // A dateless id is listed as itself or as its dated snapshot (claude-haiku-4-5-20251001).
        if ids.contains(model) || ids.contains(where: { $0.hasPrefix(model + "-") && $0.dropFirst(model.count + 1).allSatisfy(\.isNumber) }) {
            finding.message = "key accepted at \(client.endpoint.base.absoluteString), \(model) listed among its \(ids.count) models"
        } else {
            finding = Finding(provider: provider, level: .problem,
                              message: "key accepted, but \(model) is not among the \(ids.count) models this key can use; "
                                  + "choose a listed model (providers.text_model / providers.speech_model) or check \(baseVariable)")
        }
        return finding
    }

    static func adding(_ query: [URLQueryItem], to url: URL) -> URL {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.queryItems = query
        return parts?.url ?? url
    }

    /// Runware's `modelSearch` task (Runware/sdk-python `ModelSearchParams`/`ModelSearchResult`:
    /// `search`, `limit`; results with `air`, `status`, `replacedBy`). It generates nothing; the page
    /// does not say it is free, so a non-401 error leaves the key good and the model unconfirmed.
    func runware(_ client: LiveClient, models imageModels: [String]) async -> [Finding] {
        var findings: [Finding] = []
        for model in imageModels {
            if let word = lifecycle(.runware, model, role: .image) { findings.append(word) }
            let task: [String: Any] = ["taskType": "modelSearch", "taskUUID": UUID().uuidString.lowercased(), "search": model, "limit": 5]
            let reply: Result<HTTPTransport.Reply, ProviderFailure>
            do {
                reply = .success(try await client.transport.send(
                    provider: .runware, method: .POST, url: client.endpoint.base,
                    headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                    body: LiveClient.json([task]), maxBytes: 1 << 20, timeout: 30))
            } catch let failure as ProviderFailure {
                reply = .failure(failure)
            } catch {
                reply = .failure(ProviderFailure(.notSent, provider: .runware, message: "\(error)"))
            }
            var finding = verdict(.runware, reply, client: client, model: model, keyVariable: "RUNWARE_API_KEY", baseVariable: "RUNWARE_BASE_URL")
            // Runware checks the key before the tasks: any answer other than 401/403 means the key
            // passed; a model search it cannot run leaves the model unconfirmed, not the key.
            if finding.level == .problem, case .success(let other) = reply, ![401, 403].contains(other.status),
               !other.bodyText.contains("invalidApiKey") {
                finding = Finding(provider: .runware, level: .warning,
                                  message: "key accepted, but the model search answered HTTP \(other.status); \(model) could not be confirmed")
            }
            if finding.level == .ok, case .success(let ok) = reply {
                let results = ((try? JSONSerialization.jsonObject(with: ok.body)) as? [String: Any])?["data"] as? [[String: Any]]
                let cards = results?.first?["results"] as? [[String: Any]] ?? []
                if let card = cards.first(where: { $0["air"] as? String == model }) {
                    if let status = card["status"] as? String, status != "live" {
                        let next = (card["replacedBy"] as? String).map { "; Runware names \"\($0)\" as its replacement" } ?? ""
                        finding = Finding(provider: .runware, level: .problem, message: "\(model) is \(status) on Runware\(next)")
                    } else {
                        finding.message += "; \(model) is live"
                    }
                } else {
                    finding = Finding(provider: .runware, level: .warning,
                                      message: "key accepted, but Runware's model search does not list \(model) (a private model, or a typo?)")
                }
            }
            findings.append(finding)
        }
        return findings
    }

    func get(_ provider: ProviderID, _ client: LiveClient, url: URL, headers: [(String, String)]) async -> Result<HTTPTransport.Reply, ProviderFailure> {
        do {
            return .success(try await client.transport.send(provider: provider, method: .GET, url: url, headers: headers, body: nil,
                                                            maxBytes: 1 << 20, timeout: 30))
        } catch let failure as ProviderFailure {
            return .failure(failure)
        } catch {
            return .failure(ProviderFailure(.notSent, provider: provider, message: "\(error)"))
        }
    }

    /// What a reply says about the key, the base URL and the model.
    func verdict(_ provider: ProviderID, _ reply: Result<HTTPTransport.Reply, ProviderFailure>, client: LiveClient, model: String,
                 keyVariable: String, baseVariable: String) -> Finding {
        let base = client.endpoint.base.absoluteString
        switch reply {
        case .failure(let failure):
            return Finding(provider: provider, level: .problem,
                           message: Secrets.redact("cannot reach \(base): \(failure.message); check \(baseVariable) and the network"))
        case .success(let answer):
            switch answer.status {
            case 200:
                return Finding(provider: provider, level: .ok, message: "key accepted at \(base), model \(model) available")
            case 401, 403:
                return Finding(provider: provider, level: .problem,
                               message: "\(base) refused the key (HTTP \(answer.status)): set \(keyVariable) to a valid key")
            case 404:
                let known = models.known(provider: provider, role: .text).joined(separator: ", ")
                return Finding(provider: provider, level: .problem,
                               message: "\(base) does not serve \(model) to this key (HTTP 404); check the model name"
                                   + (known.isEmpty ? "" : " (models.json knows \(known))") + " and \(baseVariable)")
            default:
                return Finding(provider: provider, level: .problem,
                               message: Secrets.redact("\(base) answered HTTP \(answer.status): \(answer.bodyText.prefix(200)); check \(baseVariable)"))
            }
        }
    }
}

