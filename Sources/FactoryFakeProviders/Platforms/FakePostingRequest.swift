import FactoryCore
import Foundation
import HTTPTypes
import Hummingbird

/// One request to a fake posting platform (TikTok, YouTube, Google's OAuth), read whole: what the
/// platform handlers look at, and the replies they build.
struct FakePostingRequest: Sendable {
    let method: HTTPRequest.Method
    /// The path below the platform's prefix, with a leading slash (`/v2/post/publish/video/init/`).
    let path: String
    /// Query parameters (the last value of each name), percent-decoded.
    let query: [String: String]
    /// Lower-cased header name → value.
    let headers: [String: String]
    let body: Data
    /// False when the client's connection closed before the whole body arrived (FakeLink).
    let complete: Bool
    /// `http://127.0.0.1:PORT`, for URLs the fake hands out.
    let origin: String

    static func read(_ request: Request, path: String, origin: String, link: FakeLink, upload: Bool = false,
                     limit: Int = 160 << 20) async throws -> FakePostingRequest {
        let arrived = await link.read(request, limit: limit, upload: upload)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        var query: [String: String] = [:]
        if let text = request.uri.query {
            for item in URLComponents(string: "?" + text)?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        }
        return FakePostingRequest(method: request.method, path: path.hasPrefix("/") ? path : "/" + path, query: query,
                                  headers: headers, body: arrived.data, complete: arrived.complete, origin: origin)
    }

    /// The bearer token of `Authorization`, if any.
    var bearer: String? {
        guard let value = headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    var json: FakeJSON? { FakeJSON.parse(body) }

    /// An `application/x-www-form-urlencoded` body as name → value.
    var form: [String: String] {
        let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if let name = parts.first { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }

    /// `Content-Range: bytes FIRST-LAST/TOTAL` → (first, last, total); `bytes */TOTAL` → (nil, nil, total).
    var contentRange: (first: Int?, last: Int?, total: Int)? {
        guard let value = headers["content-range"], value.hasPrefix("bytes ") else { return nil }
        let spec = value.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2, let total = Int(halves[1]) else { return nil }
        if halves[0] == "*" { return (nil, nil, total) }
        let ends = halves[0].split(separator: "-", maxSplits: 1)
        guard ends.count == 2, let first = Int(ends[0]), let last = Int(ends[1]), first <= last else { return nil }
        return (first, last, total)
    }

    static func reply(_ status: Int, json: FakeJSON, headers: [(String, String)] = []) -> Response {
        reply(status, body: json.encoded(), type: "application/json; charset=UTF-8", headers: headers)
    }

    static func reply(_ status: Int, body: Data = Data(), type: String? = nil, headers: [(String, String)] = []) -> Response {
        var fields = HTTPFields()
        if let type { fields[.contentType] = type }
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A random token of `length` letters and digits after `prefix`.
    static func token(_ prefix: String, length: Int = 32) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return prefix + String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }

    /// PKCE S256 as RFC 7636 spells it (Google): base64url(SHA-256(verifier)) without padding.
    static func base64URLChallenge(_ verifier: String) -> String {
        let bytes = hexBytes(Digest.sha256(verifier))
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// PKCE as TikTok's desktop Login Kit spells it: the hex of SHA-256(verifier)
    /// (developers.tiktok.com/doc/login-kit-desktop: "You must use hex encoding of SHA256").
    static func hexChallenge(_ verifier: String) -> String { Digest.sha256(verifier) }

    private static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            if let byte = UInt8(hex[index..<next], radix: 16) { bytes.append(byte) }
            index = next
        }
        return bytes
    }
}

/// A refusal already shaped as the platform's reply.
struct FakePostingRefusal: Error {
    let response: Response
}
