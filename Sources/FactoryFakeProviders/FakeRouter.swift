import Foundation
import HTTPTypes
import Hummingbird

/// Routes each request to a provider handler, with latency, faults and billing around it.
struct FakeRouter: Sendable {
    let state: FakeState
    let config: FakeProviderConfig
    let origin: @Sendable () -> String
    let platforms: FakePlatforms

    func respond(_ request: Request) async throws -> Response {
        let path = request.uri.path
        if let answer = try await platforms.respond(request, origin: origin()) {
            await state.countRequest()
            return answer
        }
        switch (request.method, path) {
        case (.get, "/_platforms"):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            return Self.plain(200, try encoder.encode(await platforms.posts()), type: "application/json")
        case (.get, "/_stats"):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(await state.stats())
            return Self.plain(200, data, type: "application/json")
        case (.post, "/_reset"):
            await state.reset()
            await platforms.reset()
            return Self.plain(200, Data("{\"reset\":true}".utf8), type: "application/json")
        case (.get, _) where path.hasPrefix("/_images/"):
            await state.countRequest()
            return await FakeImageRoute(state: state).serve(file: String(path.dropFirst("/_images/".count)))
        case (.get, "/v1/models"), (.get, _) where path.hasPrefix("/v1/models/"):
            // The free model lists (Anthropic and OpenAI share the path; the headers tell them apart).
            await state.countRequest()
            let buffer = ByteBuffer()
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let id = path.hasPrefix("/v1/models/") ? String(path.dropFirst("/v1/models/".count)) : nil
            let provider = headers["anthropic-version"] != nil || headers["x-api-key"] != nil ? "anthropic" : "openai"
            let call = FakeCall(provider: provider, endpoint: "models", body: Data(buffer.readableBytesView), headers: headers,
                                requestId: FakeCall.makeRequestId(provider: provider), origin: origin(), requiredKey: config.requiredKeys[provider])
            var reply = FakeModelLists.serve(call, id: id)
            reply.headers += Self.requestIdHeaders(call)
            return FakeDelivery.response(reply, fault: nil, call: call, state: state)
        case (.post, "/v1"):
            return try await generation(request, provider: "runware", endpoint: FakeEndpoint.inference, handler: FakeRunware.handle)
        case (.post, "/v1/audio/speech"):
            return try await generation(request, provider: "openai", endpoint: FakeEndpoint.speech, handler: FakeSpeech.handle)
        case (.post, "/v1/chat/completions"):
            return try await generation(request, provider: "openai", endpoint: FakeEndpoint.chat, handler: FakeChat.handle)
        case (.post, "/v1/messages"):
            return try await generation(request, provider: "anthropic", endpoint: FakeEndpoint.messages, handler: FakeMessages.handle)
        default:
            await state.countRequest()
            return Self.plain(404, Data("{\"error\":\"no such route: \(request.method) \(path)\"}".utf8), type: "application/json")
        }
    }

    /// A generation request, counted in flight (per provider) until its answer is ready.
    private func generation(_ request: Request, provider: String, endpoint: String,
                            handler: @Sendable (FakeCall, FakeState) async -> FakeReply) async throws -> Response {
        await state.enter(provider)
        do {
            let response = try await answer(request, provider: provider, endpoint: endpoint, handler: handler)
            await state.leave(provider)
            return response
        } catch {
            await state.leave(provider)
            throw error
        }
    }

    private func answer(_ request: Request, provider: String, endpoint: String,
                        handler: @Sendable (FakeCall, FakeState) async -> FakeReply) async throws -> Response {
        let buffer = try await request.body.collect(upTo: 64 << 20)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        var call = FakeCall(provider: provider, endpoint: endpoint, body: Data(buffer.readableBytesView), headers: headers,
                            requestId: FakeCall.makeRequestId(provider: provider), origin: origin(),
                            requiredKey: config.requiredKeys[provider])
        call.quotes = config.quotes
        call.answers = config.kinds.descriptors.compactMap(\.fakeAnswer)
        await state.countRequest()
        let fault = await state.takeFault(provider: provider, endpoint: endpoint)
        if let fault, fault.kind.isContentKind { call.contentFault = fault.kind }
        // The configured latency is the answer's whole time: the handler's own work counts towards it.
        let began = ContinuousClock.now
        if let fault, let delay = fault.delayMS, fault.kind != .slowBody, fault.kind != .hang {
            try? await Task.sleep(for: .milliseconds(delay))
        }
        if let fault, fault.kind == .hang {
            await state.hang(milliseconds: fault.delayMS ?? 600_000)
        }
        var reply = await handler(call, state)
        let remaining = Duration.milliseconds(config.latency(for: provider)) - (ContinuousClock.now - began)
        if remaining > .zero { try? await Task.sleep(for: remaining) }
        if let fault, fault.kind.isErrorStatus || fault.kind == .hang {
            let presented = provider == "anthropic" ? headers["x-api-key"] : call.bearer ?? Self.runwarePayloadKey(call)
            let charge = fault.billed == true && reply.status == 200 ? reply.charge : nil
            let kind = fault.kind == .hang ? FakeFault(provider: provider, kind: .serverError) : fault
            reply = FakeErrors.fault(kind, call: call, presentedKey: presented)
            reply.charge = charge
        }
        reply.headers += Self.requestIdHeaders(call)
        return FakeDelivery.response(reply, fault: fault, call: call, state: state)
    }

    static func runwarePayloadKey(_ call: FakeCall) -> String? {
        call.json?.array?.first(where: { $0["taskType"]?.string == "authentication" })?["apiKey"]?.string
    }

    static func requestIdHeaders(_ call: FakeCall) -> [(String, String)] {
        switch call.provider {
        case "anthropic": return [("request-id", call.requestId)]
        default: return [("x-request-id", call.requestId)]
        }
    }

    static func plain(_ status: Int, _ data: Data, type: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = type
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
