import Foundation

/// Each provider's real error shapes, for validation failures and injected faults.
enum FakeErrors {
    static func runware(_ status: Int, code: String, message: String, parameter: String? = nil,
                        taskType: String? = nil, taskUUID: String? = nil, headers: [(String, String)] = []) -> FakeReply {
        .json(status, ["errors": [runwareItem(code: code, message: message, parameter: parameter, taskType: taskType, taskUUID: taskUUID)]],
              headers: headers)
    }

    static func runwareItem(code: String, message: String, parameter: String? = nil, taskType: String? = nil,
                            taskUUID: String? = nil) -> FakeJSON {
        var item: [String: FakeJSON] = ["code": .string(code), "message": .string(message),
                                        "documentation": "https://runware.ai/docs/en/image-inference/api-reference"]
        if let parameter { item["parameter"] = .string(parameter) }
        if let taskType { item["taskType"] = .string(taskType) }
        if let taskUUID { item["taskUUID"] = .string(taskUUID) }
        return .object(item)
    }

    static func openAI(_ status: Int, message: String, type: String, param: String? = nil, code: String? = nil,
                       headers: [(String, String)] = []) -> FakeReply {
        .json(status, ["error": ["message": .string(message), "type": .string(type),
                                 "param": param.map(FakeJSON.string) ?? .null, "code": code.map(FakeJSON.string) ?? .null]],
              headers: headers)
    }

    static func anthropic(_ status: Int, type: String, message: String, requestId: String,
                          headers: [(String, String)] = []) -> FakeReply {
        .json(status, ["type": "error", "error": ["type": .string(type), "message": .string(message)],
                       "request_id": .string(requestId)], headers: headers)
    }

    /// The reply an error-status fault stands for, in the provider's own shape.
    static func fault(_ fault: FakeFault, call: FakeCall, presentedKey: String?) -> FakeReply {
        var retry: [(String, String)] = []
        if let value = fault.retryAfter { retry.append(("retry-after", value)) }
        if let ms = fault.retryAfterMS { retry.append(("retry-after-ms", String(ms))) }
        let key = presentedKey ?? ""
        switch (call.provider, fault.kind) {
        case ("anthropic", .rateLimit):
            return anthropic(429, type: "rate_limit_error", message: "Number of request tokens has exceeded your per-minute rate limit.", requestId: call.requestId, headers: retry)
        case ("anthropic", .spendCap):
            return anthropic(429, type: "rate_limit_error", message: "You have reached your specified workspace API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.", requestId: call.requestId)
        case ("anthropic", .quota):
            return anthropic(402, type: "billing_error", message: "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.", requestId: call.requestId)
        case ("anthropic", .overloaded):
            return anthropic(529, type: "overloaded_error", message: "Overloaded", requestId: call.requestId, headers: retry)
        case ("anthropic", .serverError):
            return anthropic(500, type: "api_error", message: "Internal server error", requestId: call.requestId, headers: retry)
        case ("anthropic", .authEchoKey):
            return anthropic(401, type: "authentication_error", message: "invalid x-api-key: \(key)", requestId: call.requestId)
        case ("openai", .rateLimit):
            return openAI(429, message: "Rate limit reached for requests. Please try again later.", type: "requests", code: "rate_limit_exceeded", headers: retry)
        case ("openai", .quota), ("openai", .spendCap):
            return openAI(429, message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", code: "insufficient_quota")
        case ("openai", .overloaded):
            return openAI(503, message: "The engine is currently overloaded, please try again later.", type: "server_error", code: "server_is_overloaded", headers: retry)
        case ("openai", .serverError):
            return openAI(500, message: "The server had an error while processing your request. Sorry about that!", type: "server_error", headers: retry)
        case ("openai", .authEchoKey):
            return openAI(401, message: "Incorrect API key provided: \(key). You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", code: "invalid_api_key")
        case (_, .rateLimit):
            return runware(429, code: "rateLimitExceeded", message: "Too many requests. Slow down and retry.", headers: retry)
        case (_, .quota), (_, .spendCap):
            return runware(402, code: "insufficientCredits", message: "Your account balance is insufficient. Top up at https://my.runware.ai/wallet")
        case (_, .overloaded):
            return runware(503, code: "serviceUnavailable", message: "The service is temporarily overloaded.", headers: retry)
        case (_, .authEchoKey):
            return runware(401, code: "invalidApiKey", message: "Invalid API key: \(key). Get one at https://my.runware.ai/signup", parameter: "apiKey", taskType: "authentication")
        default:
            return runware(500, code: "internalServerError", message: "An unexpected error occurred.", headers: retry)
        }
    }
}
