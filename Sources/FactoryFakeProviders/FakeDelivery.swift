import Foundation
import HTTPTypes
import Hummingbird

/// Turns a reply into a Hummingbird response, applying body faults, and bills the request once
/// all of its body but the last byte has been handed to the connection. A provider charges for
/// the work before its answer reaches the client: a request cut off mid-response may still be
/// billed, which is why OpenAI and Anthropic document idempotency only for retries they make
/// themselves (platform.openai.com/docs/guides/error-codes, docs.anthropic.com/en/api/errors);
/// the fake takes the variant that does not bill a client that hangs up before the end. One that has the whole body finds its bill already recorded (billed
/// after the last byte, a test that read the totals right after its answer raced the bill and
/// sometimes lost it).
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
                    let head = max(0, full.count - 1)
                    while offset < head {
                        let end = min(head, offset + max(size, 1))
                        try await writer.write(ByteBuffer(bytes: full[offset..<end]))
                        offset = end
                        if offset < head { try await Task.sleep(for: .milliseconds(total / pieces)) }
                    }
                } catch {
                    // The client hung up mid-body: not billed, and counted so a test can wait for it.
                    await state.abandon()
                    throw error
                }
                await bill()
                try await writer.write(ByteBuffer(bytes: full.suffix(1)))
                try await writer.finish(nil)
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
                try await Self.billedBeforeLastByte(cut, writer: &writer, bill: bill)
            }
        default:
            body = ResponseBody(contentLength: full.count) { writer in
                try await Self.billedBeforeLastByte(full, writer: &writer, bill: bill)
            }
        }
        return Response(status: status, headers: fields, body: body)
    }

    /// Writes `data` but its last byte, bills, then writes the last byte and ends the body.
    static func billedBeforeLastByte(_ data: Data, writer: inout any ResponseBodyWriter, bill: @Sendable () async -> Void) async throws {
        try await writer.write(ByteBuffer(bytes: data.dropLast()))
        await bill()
        try await writer.write(ByteBuffer(bytes: data.suffix(1)))
        try await writer.finish(nil)
    }
}
