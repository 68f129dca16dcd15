import Foundation
import HTTPTypes
import HummingbirdWebSocket
import NIOCore

/// The Realtime handshake: `GET /v1/realtime?model=…` with `Authorization: Bearer <key>`, upgraded
/// to a WebSocket, or refused with an HTTP status and OpenAI's error JSON.
///
/// - Connect: developers.openai.com/api/docs/guides/realtime-websocket.md (URL, query `model`, Bearer key).
/// - A missing or wrong key is refused before the upgrade with HTTP 401 ("OpenAI correctly rejects
///   the upgrade with HTTP 401", github.com/openai/openai-agents-python/issues/3133); the body is the
///   same 401 JSON as every other OpenAI route (`FakeChat.authenticate`).
/// - An error-status fault on `openai/realtime` (e.g. `rateLimit` → 429 with Retry-After) answers the
///   handshake the way the REST routes answer a request (`FakeErrors.fault`).
/// - A model that is not a Realtime model is accepted at the handshake, then refused on the socket:
///   an `error` event, then the server closes (github.com/hurttlocker/o8/issues/2165, secondary:
///   "the WebSocket … fails with invalid_model"; `model_not_found` for ids OpenAI does not have).
struct FakeRealtimeGate: Sendable {
    let state: FakeState
    let config: FakeProviderConfig
    let hub: FakeRealtimeHub

    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    func shouldUpgrade(_ request: HTTPRequest, channel: any Channel) async -> ShouldUpgradeResult<Handler> {
        let target = URLComponents(string: request.path ?? "/")
        var headers: [String: String] = [:]
        for field in request.headerFields { headers[field.name.canonicalName] = field.value }
        let call = FakeCall(provider: "openai", endpoint: FakeEndpoint.realtime, body: Data(), headers: headers,
                            requestId: FakeCall.makeRequestId(provider: "openai"), origin: "",
                            requiredKey: config.requiredKeys["openai"])
        await state.countRequest()
        guard target?.path == "/v1/realtime" else {
            let path = target?.path ?? "?"
            return await refuse(FakeErrors.openAI(404, message: "Invalid URL (GET \(path)): the Realtime WebSocket is /v1/realtime.",
                                                  type: "invalid_request_error"), call: call, channel: channel)
        }
        if let denied = FakeChat.authenticate(call) { return await refuse(denied, call: call, channel: channel) }
        if let fault = await state.takeFault(provider: "openai", endpoint: FakeEndpoint.realtime, accepting: { $0.isErrorStatus }) {
            return await refuse(FakeErrors.fault(fault, call: call, presentedKey: call.bearer), call: call, channel: channel)
        }
        let model = target?.queryItems?.first(where: { $0.name == "model" })?.value
        let state = state, config = config, hub = hub
        var fields = HTTPFields()
        if let name = HTTPField.Name("x-request-id") { fields[name] = call.requestId }
        return .upgrade(fields) { inbound, outbound, _ in
            let wire = FakeRealtimeWire(outbound: outbound, channel: channel)
            await hub.add(wire)
            if let refusal = Self.modelRefusal(model) {
                await wire.send("error", ["error": refusal])
                // A close right behind the 101 can reach a client still switching protocols: swift-nio's
                // client upgrader buffers the frames, and the end of the stream overtakes them (seen with
                // WSClient under load: neither the error nor the close arrived). A short grace avoids it.
                try? await Task.sleep(for: .milliseconds(300))
                await wire.close(reason: "invalid model")
            } else if let model {
                let session = FakeRealtimeSession(model: model, state: state, config: config, wire: wire)
                await session.run(inbound)
            }
            await hub.remove(wire)
        }
    }

    /// The `error` object for a model the Realtime API does not serve, or nil when it does.
    static func modelRefusal(_ model: String?) -> FakeJSON? {
        guard let model, !model.isEmpty else {
            return FakeRealtimeErrors.object(code: "missing_required_parameter",
                                             message: "Missing required parameter: 'model'. Connect to /v1/realtime?model=gpt-realtime-2.1-mini.",
                                             param: "model", eventId: nil)
        }
        if FakeRealtime.models.contains(model) { return nil }
        if FakeRealtime.otherOpenAIModels.contains(model) {
            return FakeRealtimeErrors.object(code: "invalid_model",
                                             message: "Model \"\(model)\" is not supported in realtime mode; use one of \(FakeRealtime.models.sorted().joined(separator: ", ")).",
                                             param: "model", eventId: nil)
        }
        return FakeRealtimeErrors.object(code: "model_not_found",
                                         message: "The model `\(model)` does not exist or you do not have access to it.",
                                         param: "model", eventId: nil)
    }

    /// Answers the handshake with an HTTP error instead of `101 Switching Protocols`.
    ///
    /// Hummingbird's upgrader answers a refused upgrade with a bare 400; to give OpenAI's status and
    /// JSON instead, the reply is written straight to the socket by a handler put first in the
    /// pipeline, which then swallows the 400 and closes the connection.
    private func refuse(_ reply: FakeReply, call: FakeCall, channel: any Channel) async -> ShouldUpgradeResult<Handler> {
        let reason = HTTPResponse.Status(code: reply.status).reasonPhrase
        var head = "HTTP/1.1 \(reply.status) \(reason)\r\n"
        for (name, value) in reply.headers + [("x-request-id", call.requestId)] { head += "\(name): \(value)\r\n" }
        head += "content-length: \(reply.body.count)\r\nconnection: close\r\n\r\n"
        var bytes = ByteBuffer(string: head)
        bytes.writeBytes(reply.body)
        let payload = bytes
        _ = try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(FakeRawReply(bytes: payload), position: .first)
        }.get()
        return .dontUpgrade
    }
}

/// Writes one prepared HTTP reply to the socket as soon as it is added, drops every later write
/// (Hummingbird's own 400 for the refused upgrade), and closes the connection.
final class FakeRawReply: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private let bytes: ByteBuffer

    init(bytes: ByteBuffer) { self.bytes = bytes }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        promise?.succeed(())
    }
}
