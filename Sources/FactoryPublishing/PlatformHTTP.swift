import AsyncHTTPClient
import FactoryCore
import Foundation
import NIOCore
import NIOHTTP1

/// The HTTP layer under the platform clients (async-http-client). Redirects are never followed
/// (a token must not travel to another host); every reply is read whole, up to a cap.
public final class PlatformHTTP: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        /// Header values by lower-cased name (the first value of each).
        public var headers: [String: String]
        public var body: Data

        /// The body as JSON (an object), or nil.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }

        /// The body as text for messages, with any known secret removed.
        public var text: String { Secrets.redact(String(decoding: body.prefix(2000), as: UTF8.self)) }
    }

    let client: HTTPClient

    public init() {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(120))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends one request and reads the whole reply. A connection that fails, or a reply cut
    /// short, throws `PublishError(.transient)`: the caller's journal says what to ask next time.
    public func send(_ method: HTTPMethod, _ url: URL, headers: [(String, String)] = [], body: Data? = nil,
                     platform: Platform, timeout: Int64 = 300) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(request, timeout: .seconds(timeout))
            var names: [String: String] = [:]
            for header in response.headers where names[header.name.lowercased()] == nil {
                names[header.name.lowercased()] = header.value
            }
            let buffer = try await response.body.collect(upTo: 16 << 20)
            return Reply(status: Int(response.status.code), headers: names, body: Data(buffer.readableBytesView))
        } catch {
            throw PublishError(.transient, platform: platform,
                               "\(method.rawValue) \(Self.printable(url)) failed: \(error)", underlying: error)
        }
    }

    /// A URL for messages: scheme, host and path, never the query (it may carry a token).
    public static func printable(_ url: URL) -> String {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.query = nil
        return parts?.string ?? url.path
    }

    /// `application/x-www-form-urlencoded` from pairs, in order.
    public static func form(_ pairs: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = pairs.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }.joined(separator: "&")
        return Data(text.utf8)
    }
}
