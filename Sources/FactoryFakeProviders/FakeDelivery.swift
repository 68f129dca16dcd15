import Foundation
import HTTPTypes
import Hummingbird

/// Turns a reply into a Hummingbird response, applying body faults, and bills the request only
/// once its body has been handed to the connection in full.
enum FakeDelivery {
    /// Thrown from a body writer to drop the connection mid-body.
    struct Truncated: Error {}

    static func response(_ reply: FakeReply, fault: FakeFault?, call: FakeCall, state: FakeState) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let charge = reply.charge
        let bill: @Sendable () async -> Void = {
            guard let charge else { return }
            await state.bill(FakeCharge(requestHash: call.requestHash, provider: call.provider, endpoint: call.endpoint,
                                        model: charge.model, costUSD: FakeState.round(charge.costUSD),
                                        at: ISO8601DateFormatter().string(from: Date()), requestId: call.requestId))
        }
        let status = HTTPResponse.Status(code: reply.status)
        let full = reply.body
        let body: ResponseBody
        switch fault?.kind {
        case .slowBody?:
            let total = fault?.delayMS ?? 2_000
            let pieces = max(1, min(full.count, 20))
            let size = (full.count + pieces - 1) / max(pieces, 1)
            body = ResponseBody(contentLength: full.count) { writer in
                do {
                    var offset = 0
                    while offset < full.count {
                        let end = min(full.count, offset + max(size, 1))
                        try await writer.write(ByteBuffer(bytes: full[offset..<end]))
                        offset = end
                        if offset < full.count { try await Task.sleep(for: .milliseconds(total / pieces)) }
                    }
                    try await writer.finish(nil)
                } catch {
                    // The client hung up mid-body: not billed, and counted so a test can wait for it.
                    await state.abandon()
                    throw error
                }
                await bill()
            }
        case .truncatedBody?:
            // The provider did the work: billed once the half is out, then the connection drops.
            body = ResponseBody(contentLength: full.count) { writer in
                try await writer.write(ByteBuffer(bytes: full.prefix(full.count / 2)))
                await bill()
                throw Truncated()
            }
        case .malformedJSON?:
            let cut = Data(full.prefix(max(1, full.count / 2)))
            body = ResponseBody(contentLength: cut.count) { writer in
                try await writer.write(ByteBuffer(bytes: cut))
                try await writer.finish(nil)
                await bill()
            }
        default:
            body = ResponseBody(contentLength: full.count) { writer in
                try await writer.write(ByteBuffer(bytes: full))
                try await writer.finish(nil)
                await bill()
            }
        }
        return Response(status: status, headers: fields, body: body)
    }
}
