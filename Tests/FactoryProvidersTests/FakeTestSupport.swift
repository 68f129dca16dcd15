import AsyncHTTPClient
import FactoryFakeProviders
import FactoryProviders
import FactoryTesting
import Foundation
import NIOCore
import NIOHTTP1

/// A fake server on a free port plus a raw HTTP client, for the Fake* tests.
struct FakeHarness {
    let server: FakeProviderServer
    let port: Int
    var origin: String { "http://127.0.0.1:\(port)" }

    static func start(_ config: FakeProviderConfig = FakeProviderConfig()) async throws -> FakeHarness {
        let server = FakeProviderServer(config: config)
        let port = try await server.start()
        return FakeHarness(server: server, port: port)
    }

    /// Starts a fake with `config`, runs `body` with its harness, and awaits the fake's stop on
    /// every path (see `FakeProviderServer.withRunning`).
    @discardableResult
    static func with<T>(_ config: FakeProviderConfig = FakeProviderConfig(), isolation: isolated (any Actor)? = #isolation,
                        _ body: (FakeHarness) async throws -> T) async throws -> T {
        try await FakeProviderServer.withRunning(config) { server in
            guard let port = server.port else { throw FakeProviderError("the fake started without a port") }
            return try await body(FakeHarness(server: server, port: port))
        }
    }

    /// One HTTP exchange; the body is collected in full.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: FakeJSON? { FakeJSON.parse(body) }
    }

    func post(_ path: String, json: FakeJSON, headers: [String: String] = [:], timeoutMS: Int64 = 30_000) async throws -> Answer {
        try await send(path, method: .POST, body: json.encoded(), headers: headers, timeoutMS: timeoutMS)
    }

    func get(_ pathOrURL: String) async throws -> Answer {
        try await send(pathOrURL, method: .GET, body: nil, headers: [:], timeoutMS: 30_000)
    }

    func send(_ pathOrURL: String, method: HTTPMethod, body: Data?, headers: [String: String], timeoutMS: Int64) async throws -> Answer {
        var request = HTTPClientRequest(url: pathOrURL.hasPrefix("http") ? pathOrURL : origin + pathOrURL)
        request.method = method
        request.headers.add(name: "content-type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .milliseconds(timeoutMS))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Answer(status: Int(response.status.code), headers: fields, body: Data(buffer.readableBytesView))
    }

    func stop() async { await server.stop() }

    /// How many calls were billed, once at least `expected` are (a charge is recorded just after
    /// its answer is sent, so a test reading right after the answer may be early); gives up after 10 s.
    func billed(_ expected: Int) async -> Int {
        _ = await eventually(timeout: .seconds(10)) { await server.stats().billed >= expected }
        return await server.stats().billed
    }
}

enum Fixtures {
    static let runwareAuth = ["authorization": "Bearer rw-test-key"]
    static let openAIAuth = ["authorization": "Bearer sk-test-key-123456"]
    static let anthropicAuth = ["x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01"]

    static func imageTask(uuid: String = UUID().uuidString.lowercased(), width: Int64 = 512, height: Int64 = 384,
                          format: String = "JPG", outputType: String = "URL", extra: [String: FakeJSON] = [:]) -> FakeJSON {
        var task: [String: FakeJSON] = ["taskType": "imageInference", "taskUUID": .string(uuid),
                                        "positivePrompt": "a fox in a misty meadow", "model": "runware:101@1",
                                        "width": .int(width), "height": .int(height), "outputFormat": .string(format),
                                        "outputType": .string(outputType), "includeCost": true, "seed": 42]
        for (key, value) in extra { task[key] = value }
        return .object(task)
    }

    static let storySchema: FakeJSON = [
        "type": "object",
        "properties": [
            "title": ["type": "string"],
            "mood": ["type": "string", "enum": ["calm", "funny", "brave"]],
            "age": ["type": "integer", "minimum": 3, "maximum": 7],
            "scenes": ["type": "array", "minItems": 3, "maxItems": 3,
                       "items": ["type": "object", "properties": ["text": ["type": "string"], "imagePrompt": ["type": "string"]],
                                 "required": ["text", "imagePrompt"], "additionalProperties": false]],
        ],
        "required": ["title", "mood", "age", "scenes"],
        "additionalProperties": false,
    ]

    /// What a client decodes the schema into: decoding fails if a required field is missing.
    struct Story: Decodable {
        struct Scene: Decodable { var text: String; var imagePrompt: String }
        var title: String
        var mood: String
        var age: Int
        var scenes: [Scene]
    }
}

extension HTTPTransport {
    /// A transport for one test, shut down (awaited) on every path, returned or thrown.
    @discardableResult
    static func scoped<T>(isolation: isolated (any Actor)? = #isolation, _ body: (HTTPTransport) async throws -> T) async throws -> T {
        let transport = HTTPTransport()
        do {
            let value = try await body(transport)
            await transport.shutdown()
            return value
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
