import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loopback end of an OAuth redirect (RFC 8252 §7.3): listens on 127.0.0.1 only, takes the one
/// `GET /callback?code=…&state=…` the browser brings back, answers it with a short page and hands
/// the query over. A plain blocking socket on its own thread: one request, then it closes.
public final class LoopbackRedirect: @unchecked Sendable {
    private let socket: Int32
    public let port: Int

    /// Binds 127.0.0.1:`port` (0: any free port).
    public init(port: Int = 0) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PublishError(.input, "cannot open a socket for the OAuth redirect") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 4) == 0 else {
            close(socket)
            throw PublishError(.input, "cannot listen on 127.0.0.1:\(port) for the OAuth redirect (is the port in use?); give another --port")
        }
        var actual = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        self.socket = socket
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit { close(socket) }

    /// `http://127.0.0.1:<port>/callback`.
    public var redirectURL: URL { URL(string: "http://127.0.0.1:\(port)/callback")! }

    /// Waits for the redirect and returns its query items (`code`, `state`, or `error`). Requests
    /// for other paths (a browser's favicon) are answered 404 and waited past.
    public func waitForCallback() async throws -> [String: String] {
        // Cancelled (a timeout, ^C), the socket is shut so the blocked accept returns and the wait ends.
        try await withTaskCancellationHandler {
            try await accepted()
        } onCancel: { [socket] in
            _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    private func accepted() async throws -> [String: String] {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { [self] in
                while true {
                    let client = accept(socket, nil, nil)
                    guard client >= 0 else {
                        continuation.resume(throwing: PublishError(.input, "the OAuth redirect listener stopped"))
                        return
                    }
                    var buffer = [UInt8](repeating: 0, count: 8192)
                    let count = read(client, &buffer, buffer.count)
                    let head = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
                    let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                    guard target.hasPrefix("/callback"), let parts = URLComponents(string: "http://127.0.0.1" + target) else {
                        Self.reply(client, status: "404 Not Found", body: "not here")
                        continue
                    }
                    var query: [String: String] = [:]
                    for item in parts.queryItems ?? [] { query[item.name] = item.value ?? "" }
                    let ok = query["code"] != nil
                    Self.reply(client, status: "200 OK", body: ok ? "ContentFactory has the authorization. You can close this window."
                                                                  : "The platform said: \(query["error_description"] ?? query["error"] ?? "no code")")
                    continuation.resume(returning: query)
                    return
                }
            }
        }
    }

    static func reply(_ client: Int32, status: String, body: String) {
        let html = "<!doctype html><meta charset=utf-8><title>ContentFactory</title><p>\(body)</p>"
        let text = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(html.utf8.count)\r\nConnection: close\r\n\r\n\(html)"
        _ = text.withCString { write(client, $0, strlen($0)) }
        close(client)
    }
}
