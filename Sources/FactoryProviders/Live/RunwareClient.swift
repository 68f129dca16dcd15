import FactoryCore
import FactoryImaging
import Foundation

/// Runware image inference (`POST /v1`, a task array with one `imageInference` task), images
/// fetched from the answer's URL with a size cap and checked before anything decodes them.
public struct RunwareClient: ImageProvider {
    public let name = ProviderID.runware.rawValue
    public var isPaid: Bool { true }
    public let client: LiveClient
    public var timeout = 300.0
    /// Downloads over this many bytes are refused.
    public var maxImageBytes = 25 << 20
    /// Larger sides or areas are refused after reading only the header (decompression bombs).
    public var maxSide = 8192
    public var maxPixels = 40_000_000
    /// Tries of one image download (a broken body, a reset, a 5xx from the image host).
    public var downloadAttempts = 5

    public init(client: LiveClient) { self.client = client }

    /// Runware sizes are multiples of 64 between 128 and 2048, narrowed to the family's own range.
    static func side(_ value: Int, spec: ModelSpec? = nil) -> Int {
        let low = max(128, spec?.minSide ?? 128), high = min(2048, spec?.maxSide ?? 2048)
        // Keep a multiple of 64 inside the family's range (256…1440 → 256…1408).
        let top = high / 64 * 64, bottom = (low + 63) / 64 * 64
        return min(top, max(bottom, (value + 32) / 64 * 64))
    }

    /// The call as the ledger, the cache and `estimate` see it, and the task that is sent: only the
    /// fields the model's family takes (a `bfl:` partner model rejects steps, CFGScale and
    /// negativePrompt), priced from the model's row. A model of no known family is refused.
    func call(_ request: ImageRequest) throws -> (PaidCall, task: [String: Any], width: Int, height: Int, seed: Int64) {
        let spec = try client.spec(request.model, role: .image)
        let takes = Set(spec.parameters ?? ["positivePrompt", "width", "height", "seed"])
        let width = Self.side(request.width, spec: spec), height = Self.side(request.height, spec: spec)
        // Runware seeds are 1…Int64.max.
        let seed = Int64(request.seed % UInt64(Int64.max - 1)) + 1
        var task: [String: Any] = [
            "taskType": "imageInference", "positivePrompt": String(request.positivePrompt.prefix(3000)), "model": request.model,
            "width": width, "height": height, "numberResults": 1, "outputType": "URL", "outputFormat": "JPG",
            "includeCost": true, "deliveryMethod": "sync",
        ]
        if takes.contains("seed") { task["seed"] = seed }
        if takes.contains("steps") { task["steps"] = request.steps }
        if takes.contains("CFGScale") { task["CFGScale"] = request.cfgScale }
        if takes.contains("negativePrompt"), request.negativePrompt.count >= 2 {
            task["negativePrompt"] = String(request.negativePrompt.prefix(3000))
        }
        let canonical = LiveClient.json(task)
        let call = PaidCall(provider: .runware, endpoint: "imageInference", model: request.model, canonical: canonical,
                            estimate: spec.images(count: 1, width: width, height: height, steps: takes.contains("steps") ? request.steps : nil))
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
                provider: .runware, method: .POST, url: client.endpoint.base,
                headers: [("authorization", "Bearer \(client.key)"), ("content-type", "application/json")],
                body: body, maxBytes: 4 << 20, timeout: timeout)
            let envelope = try? JSONDecoder().decode(Envelope.self, from: reply.body)
            // One answer can hold data and errors; only this task's entries count.
            if let error = envelope?.errors?.first(where: { $0.taskUUID == nil || $0.taskUUID == taskUUID }), reply.status != 200
                || envelope?.data?.contains(where: { $0.taskUUID == taskUUID }) != true {
                var failure = client.failure(reply)
                if reply.status == 200 {
                    failure = ProviderFailure(StatusClass.kind(status: 400, code: error.code, type: nil, hasRetryAfter: false, provider: .runware),
                                              provider: .runware, status: 200, code: error.code, message: error.message ?? "task failed")
                    if error.code?.lowercased().contains("timeout") == true { failure.kind = .overloaded }
                }
                throw failure
            }
            guard reply.status == 200 else { throw client.failure(reply) }
            guard let item = envelope?.data?.first(where: { $0.taskUUID == taskUUID }), item.imageURL != nil else {
                throw ProviderFailure(.malformed, provider: .runware, status: 200,
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
        var parameters = ["width": "\(width)", "height": "\(height)", "taskUUID": taskUUID]
        if let steps = wireTask["steps"] { parameters["steps"] = "\(steps)" }
        if let scale = wireTask["CFGScale"] { parameters["CFGScale"] = "\(scale)" }
        let record = GenerationRecord(stage: context.stage, provider: identity, model: request.model,
                                      parameters: parameters,
                                      seed: UInt64(seed), requestId: result.requestId, promptHash: Digest.sha256(request.positivePrompt),
                                      units: result.units, costUSD: result.costUSD, cached: result.cached)
        return GeneratedImage(data: result.payload, record: record)
    }

    /// Fetches an image from the provider's image host with a byte cap, then checks its magic
    /// bytes and header dimensions. The download carries no key, so redirects are followed (each
    /// hop checked like the first) and a broken download is tried again with backoff: it is free.
    /// (Runware: "a download carries no key, so following a redirect
    /// and retrying a broken download are safe and free"; Runware/sdk-python `transport/rest.py`.)
    func download(_ text: String) async throws -> Data {
        var url = try ProviderEndpoint.checkDownload(text, provider: .runware)
        var reply: HTTPTransport.Reply?
        var attempt = 1, hops = 0
        while reply == nil {
            do {
                let answer = try await client.transport.send(provider: .runware, method: .GET, url: url, headers: [], body: nil,
                                                             maxBytes: maxImageBytes, timeout: 120)
                if (300...399).contains(answer.status), let location = answer.headers["location"] {
                    hops += 1
                    guard hops <= 5, let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                        throw FactoryError(.provider, "runware image download redirected more than 5 times; run again")
                    }
                    url = try ProviderEndpoint.checkDownload(next.absoluteString, provider: .runware)
                    continue
                }
                if Self.retriedStatus(answer.status), attempt < downloadAttempts {
                    try await pause(attempt)
                    attempt += 1
                    continue
                }
                reply = answer
            } catch let failure as ProviderFailure {
                // Cut mid-body, reset, timed out: nothing is billed for a download, so ask again.
                guard attempt < downloadAttempts else {
                    throw FactoryError(.provider, "runware image download failed \(attempt) times (\(failure.message)); the image "
                                       + "was paid for and its answer is kept: run again to download it without paying again")
                }
                try await pause(attempt)
                attempt += 1
            }
        }
        guard let reply, reply.status == 200 else {
            // The URL is gone (Runware's image URLs expire): only a new generation helps, so the
            // answer leaves the cache and the next run asks again.
            throw RejectedAnswer("runware image download answered HTTP \(reply?.status ?? 0): the image URL has expired or is "
                                 + "gone; run again to make the image afresh")
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

    /// Statuses worth another try of a download: throttling and the host's own failures.
    static func retriedStatus(_ status: Int) -> Bool { status == 408 || status == 429 || (500...599).contains(status) }

    /// Capped exponential backoff with jitter between download attempts.
    func pause(_ attempt: Int) async throws {
        let delay = RetryPolicy.downloads.delay(attempt: attempt, jitter: Double.random(in: 0..<1))
        try await Task.sleep(for: .seconds(delay))
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
