import Foundation
import Hummingbird

/// `GET /_images/<file>`: generated images, or a bomb / an HTML page when a fault says so.
struct FakeImageRoute: Sendable {
    let state: FakeState

    func serve(file: String) async -> Response {
        let fault = await state.takeFault(provider: "runware", endpoint: FakeEndpoint.image)
        if let delay = fault?.delayMS, fault?.kind != .slowBody, fault?.kind != .hang {
            try? await Task.sleep(for: .milliseconds(delay))
        }
        let reply: FakeReply
        switch fault?.kind {
        case .hugeImage?:
            reply = FakeReply(status: 200, headers: [("content-type", "image/png")], body: await state.images.huge())
        case .redirect?:
            // Relative Location, as a CDN answers; the client resolves it against the image URL.
            reply = FakeReply(status: 302, headers: [("location", "/_images/\(file)"), ("content-length", "0")], body: Data())
        case .notImage?:
            reply = FakeReply(status: 200, headers: [("content-type", "text/html; charset=utf-8")],
                              body: Data("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n".utf8))
        default:
            do {
                guard let data = try await state.images.data(for: file) else {
                    return FakeRouter.plain(404, Data("{\"error\":\"image not found\"}".utf8), type: "application/json")
                }
                reply = FakeReply(status: 200, headers: [("content-type", Self.contentType(file))], body: data)
            } catch {
                return FakeRouter.plain(500, Data("{\"error\":\"cannot render image\"}".utf8), type: "application/json")
            }
        }
        let call = FakeCall(provider: "runware", endpoint: FakeEndpoint.image, body: Data(), headers: [:],
                            requestId: UUID().uuidString.lowercased(), origin: "", requiredKey: nil)
        // Errors for downloads (rateLimit, serverError…) use Runware's shape; downloads are never billed.
        if let fault, fault.kind.isErrorStatus {
            return FakeDelivery.response(FakeErrors.fault(fault, call: call, presentedKey: nil), fault: nil, call: call, state: state)
        }
        if fault?.kind == .hang {
            await state.hang(milliseconds: fault?.delayMS ?? 600_000)
        }
        return FakeDelivery.response(reply, fault: fault, call: call, state: state)
    }

    static func contentType(_ file: String) -> String {
        if file.hasSuffix(".png") { return "image/png" }
        if file.hasSuffix(".webp") { return "image/webp" }
        if file.hasSuffix(".wav") { return "audio/wav" }
        return "image/jpeg"
    }
}
