import AsyncHTTPClient
import FactoryCore
import Foundation
import NIOCore
import NIOHTTP1

/// The one HTTP layer under all provider clients (async-http-client): bodies are read with a size
/// cap and an overall deadline, and transport errors are classified by whether the request may
/// have reached the provider.
public final class HTTPTransport: Sendable {
    /// A response with a complete body.
    public struct Reply: Sendable {
        public var status: Int
        /// Header values by lower-cased name (the first value of each).
        public var headers: [String: String]
        public var body: Data
    }

    let client: HTTPClient

    public init() {
        var configuration = HTTPClient.Configuration()
        // Never follow redirects here: an API key must not travel to another host. (Image
        // downloads, which carry no key, follow them one hop at a time, each checked.)
        configuration.redirectConfiguration = .disallow
        // The read timeout is the longest silence allowed; each call's own deadline (`timeout`)
        // is what bounds it, so a long non-streamed answer (up to ten minutes) is not cut early.
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(600))
        // Room for every provider's limit plus downloads, even when they share one host (the fake server).
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends one request. A failure is a `ProviderFailure`: `.notSent` when the connection never
    /// opened, `.uncertain` when the request went out and the answer did not come back whole.
    public func send(provider: ProviderID, method: HTTPMethod, url: URL, headers: [(String, String)], body: Data?,
                     maxBytes: Int, timeout: Double) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let prepared = request
        do {
            return try await withDeadline(seconds: timeout) {
                let response = try await self.client.execute(prepared, timeout: .seconds(Int64(timeout.rounded(.up))))
                var names: [String: String] = [:]
                for header in response.headers where names[header.name.lowercased()] == nil {
                    names[header.name.lowercased()] = header.value
                }
                if let length = names["content-length"].flatMap(Int.init), length > maxBytes {
                    throw TooLarge(bytes: length, cap: maxBytes)
                }
                let buffer = try await response.body.collect(upTo: maxBytes)
                return Reply(status: Int(response.status.code), headers: names, body: Data(buffer.readableBytesView))
            }
        } catch let tooLarge as TooLarge {
            throw ProviderFailure(.uncertain, provider: provider, message: "the answer from \(url.host ?? "") is \(tooLarge.bytes) bytes, over the cap of \(maxBytes)")
        } catch is NIOTooManyBytesError {
            throw ProviderFailure(.uncertain, provider: provider, message: "the answer from \(url.host ?? "") is over the cap of \(maxBytes) bytes")
        } catch is DeadlineExceeded {
            throw ProviderFailure(.uncertain, provider: provider, message: "no complete answer within \(Int(timeout)) s")
        } catch let error as HTTPClientError where error == .connectTimeout {
            throw ProviderFailure(.notSent, provider: provider, message: "cannot connect to \(url.host ?? ""): connect timeout")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw ProviderFailure(.uncertain, provider: provider, message: "no complete answer within \(Int(timeout)) s")
        } catch where String(describing: type(of: error)).contains("NIOConnectionError") {
            throw ProviderFailure(.notSent, provider: provider, message: "cannot connect to \(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")")
        } catch let error as ProviderFailure {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let text = "\(error)"
            if text.contains("Connection refused") || text.contains("connectTimeout") {
                throw ProviderFailure(.notSent, provider: provider, message: "cannot connect to \(url.host ?? ""): \(text)")
            }
            throw ProviderFailure(.uncertain, provider: provider, message: "the connection broke before the answer was complete (\(text))")
        }
    }

    struct TooLarge: Error { var bytes: Int; var cap: Int }
    struct DeadlineExceeded: Error {}

    /// Runs `body`, failing with `DeadlineExceeded` if it takes longer than `seconds` (slow trickling bodies included).
    func withDeadline<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
            return value
        }
    }
}

extension HTTPTransport.Reply {
    /// The provider's request id from whichever header it uses.
    public var requestId: String? { headers["request-id"] ?? headers["x-request-id"] }

    public var retryAfter: Double? {
        RetryAfter.seconds(retryAfterMS: headers["retry-after-ms"], retryAfter: headers["retry-after"])
    }

    public var bodyText: String { Secrets.redact(String(decoding: body.prefix(2000), as: UTF8.self)) }
}
