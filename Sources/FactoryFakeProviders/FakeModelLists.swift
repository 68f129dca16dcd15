import Foundation

/// The free model lists: Anthropic's and OpenAI's `GET /v1/models` (and `/v1/models/{id}`), and
/// Runware's `modelSearch` task. None is billed.
enum FakeModelLists {
    /// Anthropic ids served (models overview; dated snapshots too).
    static let anthropic = ["claude-sonnet-5-5", "claude-haiku-5-5", "claude-opus-5-5", "claude-fable-5-1", "claude-sonnet-5",
                            "claude-sonnet-4-6", "claude-haiku-4-5", "claude-haiku-4-5-20251001", "claude-sonnet-4-5-20250929"]
    /// OpenAI ids with the `shutdown_date` the Model object carries (openai-openapi `Model`;
    /// dates from the deprecations page and the text-to-speech guide).
    static let openAI: [(String, String?)] = [
        ("gpt-6-luna", nil), ("gpt-4o-mini", "2027-01-14"), ("gpt-4o", "2027-01-14"), ("gpt-5-mini", "2026-12-11"),
        ("gpt-4o-mini-tts", "2027-01-06"), ("tts-1", "2027-01-06"), ("tts-1-hd", "2027-01-06"),
    ]

    /// `GET /v1/models[/{id}]`: Anthropic's shape when the request carries `anthropic-version`
    /// (SDK `ModelInfo`: id, type, display_name, created_at; a page with has_more, first_id,
    /// last_id), OpenAI's otherwise ({object: "list", data: [{id, object, created, owned_by, shutdown_date}]}).
    static func serve(_ call: FakeCall, id: String?) -> FakeReply {
        if call.headers["anthropic-version"] != nil || call.headers["x-api-key"] != nil {
            if let denied = FakeMessages.authenticate(call) { return denied }
            func info(_ model: String) -> FakeJSON {
                ["id": .string(model), "type": "model", "display_name": .string(model.replacingOccurrences(of: "-", with: " ")),
                 "created_at": "2026-09-28T00:00:00Z"]
            }
            if let id {
                guard anthropic.contains(id) else {
                    return FakeErrors.anthropic(404, type: "not_found_error", message: "model: \(id)", requestId: call.requestId)
                }
                return .json(200, info(id))
            }
            return .json(200, ["data": .array(anthropic.map(info)), "has_more": false,
                               "first_id": .string(anthropic.first ?? ""), "last_id": .string(anthropic.last ?? "")])
        }
        if let denied = FakeChat.authenticate(call) { return denied }
        func model(_ entry: (String, String?)) -> FakeJSON {
            ["id": .string(entry.0), "object": "model", "created": 1_750_000_000, "owned_by": "system",
             "shutdown_date": entry.1.map(FakeJSON.string) ?? .null]
        }
        if let id {
            guard let entry = openAI.first(where: { $0.0 == id }) else {
                return FakeErrors.openAI(404, message: "The model '\(id)' does not exist", type: "invalid_request_error", param: "model",
                                         code: "model_not_found")
            }
            return .json(200, model(entry))
        }
        return .json(200, ["object": "list", "data": .array(openAI.map(model))])
    }

    /// Models the fake's `modelSearch` knows, with their status (`live`, or `deprecated` with `replacedBy`).
    static let runware: [(air: String, name: String, architecture: String, status: String, replacedBy: String?)] = [
        ("civitai:4384@128713", "DreamShaper 8", "sd1x", "live", nil),
        ("runware:101@1", "FLUX.1 [dev]", "flux1d", "live", nil),
        ("runware:100@1", "FLUX.1 [schnell]", "flux1s", "live", nil),
        ("bfl:2@1", "FLUX1.1 [pro]", "flux1.1pro", "live", nil),
        ("civitai:4201@130090", "Realistic Vision 5.0", "sd1x", "deprecated", "civitai:4201@501240"),
    ]

    /// One `modelSearch` result: the models whose AIR or name contains `search`.
    static func runwareSearch(_ task: FakeJSON) -> FakeJSON {
        let search = (task["search"]?.string ?? "").lowercased()
        let limit = Int(task["limit"]?.int ?? 20)
        let found = runware.filter { search.isEmpty || $0.air.lowercased().contains(search) || $0.name.lowercased().contains(search) }
        let results: [FakeJSON] = found.prefix(limit).map { entry in
            var card: [String: FakeJSON] = ["air": .string(entry.air), "name": .string(entry.name), "category": "checkpoint",
                                            "architecture": .string(entry.architecture), "status": .string(entry.status)]
            if let next = entry.replacedBy { card["replacedBy"] = .string(next) }
            return .object(card)
        }
        return ["taskType": "modelSearch", "taskUUID": task["taskUUID"] ?? .null, "totalResults": .int(Int64(found.count)),
                "results": .array(results)]
    }
}
