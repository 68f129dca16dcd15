import FactoryCore
import FactoryImaging
import Foundation

/// Runware image inference (`POST /v1`, a task array with one `imageInference` task), images
/// fetched from the answer's URL with a size cap and checked before anything decodes them.
public struct RunwareClient: ImageProvider {
    public let name = "runware"
    public var isPaid: Bool { true }
    public let client: LiveClient
    public var timeout = 300.0
    /// Downloads over this many bytes are refused.
    public var maxImageBytes = 25 << 20
    /// Larger sides or areas are refused after reading only the header (decompression bombs).
    public var maxSide = 8192
    public var maxPixels = 40_000_000

    public init(client: LiveClient) { self.client = client }

    /// Runware sizes are multiples of 64 between 128 and 2048.
    static func side(_ value: Int) -> Int { min(2048, max(128, (value + 32) / 64 * 64)) }

    /// The call as the ledger, the cache and `estimate` see it, and the task that is sent.
    func call(_ request: ImageRequest) throws -> (PaidCall, task: [String: Any], width: Int, height: Int, seed: Int64) {
        let price = try client.price(request.model)
        let width = Self.side(request.width), height = Self.side(request.height)
        // Runware seeds are 1…Int64.max.
        let seed = Int64(request.seed % UInt64(Int64.max - 1)) + 1
        var task: [String: Any] = [
            "taskType": "imageInference", "positivePrompt": String(request.positivePrompt.prefix(3000)), "model": request.model,
            "width": width, "height": height, "steps": request.steps, "CFGScale": request.cfgScale, "seed": seed,
            "numberResults": 1, "outputType": "URL", "outputFormat": "JPG", "includeCost": true, "deliveryMethod": "sync",
        ]
        if request.negativePrompt.count >= 2 { task["negativePrompt"] = String(request.negativePrompt.prefix(3000)) }
        let canonical = LiveClient.json(task)
        let call = PaidCall(provider: name, endpoint: "imageInference", model: request.model, canonical: canonical,
                            estimate: price.images(count: 1, width: width, height: height, steps: request.steps))
        return (call, task, width, height, seed)
    }

    public func plannedCall(_ request: ImageRequest) throws -> PaidCall? { try call(request).0 }

    public func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage {
        let (call, wireTask, width, height, seed) = try call(request)
        var task = wireTask
        // The task UUID comes from the request's hash: a re-sent request is recognisably the same one.
        let taskUUID = Self.uuid(from: call.key)
        task["taskUUID"] = taskUUID
        let body = LiveClient.json([task])
        let client = self.client, timeout = self.timeout, estimate = call.estimate
        let result = try await client.perform(call, context: context, send: {
            let reply = try await client.transport.send(
                provider: "runware", method: .POST, url: client.endpoint.base,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                body: body, maxBytes: 4 << 20, timeout: timeout)
            let envelope = try? JSONDecoder().decode(Envelope.self, from: reply.body)
            // One answer can hold data and errors; only this task's entries count.
            if let error = envelope?.errors?.first(where: { $0.taskUUID == nil || $0.taskUUID == taskUUID }), reply.status != 200
                || envelope?.data?.contains(where: { $0.taskUUID == taskUUID }) != true {
                var failure = client.failure(reply)
                if reply.status == 200 {
                    failure = ProviderFailure(StatusClass.kind(status: 400, code: error.code, type: nil, hasRetryAfter: false, provider: "runware"),
                                              provider: "runware", status: 200, code: error.code, message: error.message ?? "task failed")
                    if error.code?.lowercased().contains("timeout") == true { failure.kind = .overloaded }
                }
                throw failure
            }
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let item = envelope?.data?.first(where: { $0.taskUUID == taskUUID }), item.imageURL != nil else {
                throw ProviderFailure(.malformed, provider: "runware", status: 200,
                                      message: "the answer has no image for task \(taskUUID): \(reply.bodyText.prefix(200))")
            }
            return ProviderAnswer(body: reply.body, requestId: item.imageUUID ?? taskUUID, costUSD: item.cost ?? estimate.usd,
                                  units: ["images": 1, "width": Double(width), "height": Double(height)])
        }, finish: { answer in
            let envelope = try JSONDecoder().decode(Envelope.self, from: answer.body)
            guard let text = envelope.data?.first(where: { $0.taskUUID == taskUUID })?.imageURL else {
                throw FactoryError(.provider, "runware answer has no image URL")
            }
            return try await self.download(text)
        })
        let record = GenerationRecord(stage: context.stage, provider: name, model: request.model,
                                      parameters: ["width": "\(width)", "height": "\(height)", "steps": "\(request.steps)",
                                                   "CFGScale": "\(request.cfgScale)", "taskUUID": taskUUID,
                                                   "cache": result.cached ? "hit" : "miss"],
                                      seed: UInt64(seed), requestId: result.requestId, promptHash: Digest.sha256(request.positivePrompt),
                                      units: result.units, costUSD: result.costUSD)
        return GeneratedImage(data: result.payload, record: record)
    }

    /// Fetches an image with a byte cap, then checks its magic bytes and header dimensions.
    func download(_ text: String) async throws -> Data {
        let url = try ProviderEndpoint.checkDownload(text, provider: name)
        let reply: HTTPTransport.Reply
        do {
            reply = try await client.transport.send(provider: name, method: .GET, url: url, headers: [], body: nil,
                                                    maxBytes: maxImageBytes, timeout: 120)
        } catch let failure as ProviderFailure {
            throw FactoryError(.provider, "runware image download failed: \(failure.message)")
        }
        guard reply.status == 200 else {
            throw FactoryError(.provider, "runware image download answered HTTP \(reply.status); the URL may have expired, run with --fresh")
        }
        guard let format = ImageSignature.detect(reply.body) else {
            throw FactoryError(.provider, "runware image is not a JPEG, PNG or WebP (\(reply.body.count) bytes starting "
                               + "\(reply.body.prefix(8).map { String(format: "%02x", $0) }.joined()))")
        }
        guard let size = ImageSignature.dimensions(reply.body) else {
            throw FactoryError(.provider, "runware \(format.rawValue) image has an unreadable header")
        }
        guard size.width <= maxSide, size.height <= maxSide, size.width * size.height <= maxPixels else {
            throw FactoryError(.provider, "runware image is \(size.width)x\(size.height), over the limit of \(maxSide) px a side "
                               + "and \(maxPixels / 1_000_000) Mpx; it was not decoded")
        }
        return reply.body
    }

    /// A version-4-shaped UUID made from a hash.
    static func uuid(from hash: String) -> String {
        var hex = Array(hash.prefix(32))
        hex[12] = "4"
        hex[16] = ["8", "9", "a", "b"][Int(String(hex[16]), radix: 16).map { $0 % 4 } ?? 0]
        let s = String(hex)
        func part(_ a: Int, _ b: Int) -> Substring { s.dropFirst(a).prefix(b - a) }
        return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
    }

    struct Envelope: Decodable {
        struct Item: Decodable {
            var taskUUID: String?
            var imageUUID: String?
            var imageURL: String?
            var cost: Double?
        }
        struct TaskError: Decodable {
            var code: String?
            var message: String?
            var taskUUID: String?
        }
        var data: [Item]?
        var errors: [TaskError]?
    }
}
