import Foundation
import HTTPTypes
import Hummingbird

/// One request to the fake Instagram (graph, authorize or upload host), read whole, and the
/// replies it builds: Graph's error envelope and the upload host's `debug_info`.
struct FakeInstagramCall: Sendable {
    let method: HTTPRequest.Method
    /// The path below the prefix, split at `/`, with any leading `vNN.N` version removed.
    let parts: [String]
    /// The version the path named (`v24.0`), if any.
    let version: String?
    /// Query and form fields (the form wins), percent-decoded.
    let fields: [String: String]
    /// Lower-cased header name → value.
    let headers: [String: String]
    let body: Data
    /// False when the client's connection closed before the whole body arrived (FakeLink).
    let complete: Bool
    /// `http://127.0.0.1:PORT`, for URLs the fake hands out.
    let origin: String

    static func read(_ request: Request, path: String, origin: String, link: FakeLink, upload: Bool) async throws -> FakeInstagramCall {
        let arrived = await link.read(request, limit: 512 << 20, upload: upload)
        let body = arrived.data
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        var fields: [String: String] = [:]
        if let query = request.uri.query { fields = decode(query) }
        if headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded") == true {
            fields.merge(decode(String(decoding: body, as: UTF8.self))) { _, form in form }
        }
        var parts = path.split(separator: "/").map(String.init)
        var version: String?
        if let first = parts.first, isVersion(first) { version = first; parts.removeFirst() }
        return FakeInstagramCall(method: request.method, parts: parts, version: version, fields: fields,
                                 headers: headers, body: body, complete: arrived.complete, origin: origin)
    }

    /// `v24.0`, `v19.0`: the fake takes any Graph version.
    static func isVersion(_ text: String) -> Bool {
        guard text.hasPrefix("v") else { return false }
        let numbers = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    private static func decode(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let name = halves.first { out[name] = halves.count > 1 ? halves[1] : "" }
        }
        return out
    }

    /// The access token: `Authorization: Bearer|OAuth <token>` or the `access_token` field
    /// (Graph takes either; the reference pages show the query form, the resumable-upload page the header).
    var accessToken: String? {
        if let value = headers["authorization"] {
            let halves = value.split(separator: " ", maxSplits: 1)
            if halves.count == 2, ["bearer", "oauth"].contains(halves[0].lowercased()) {
                return String(halves[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return fields["access_token"]
    }

    /// The `Authorization: OAuth <token>` the upload host takes (resumable-uploads page, as public code sends it).
    var oauthHeaderToken: String? {
        guard let value = headers["authorization"] else { return nil }
        let halves = value.split(separator: " ", maxSplits: 1)
        guard halves.count == 2, halves[0] == "OAuth" else { return nil }
        return String(halves[1]).trimmingCharacters(in: .whitespaces)
    }

    static func ok(_ json: FakeJSON, status: Int = 200, headers: [(String, String)] = []) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=UTF-8"
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return Response(status: .init(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.encoded())))
    }

    /// Graph's error envelope, as the error-codes page's sample shows it
    /// (developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/error-codes).
    static func graphError(_ status: Int = 400, code: Int, subcode: Int? = nil, _ message: String,
                           userMessage: String? = nil, transient: Bool = false) -> Response {
        var error: [String: FakeJSON] = [
            "message": .string(message), "type": "OAuthException", "code": .int(Int64(code)),
            "is_transient": .bool(transient), "fbtrace_id": .string(FakeInstagram.randomId("A", length: 20)),
        ]
        if let subcode { error["error_subcode"] = .int(Int64(subcode)) }
        if let userMessage {
            error["error_user_msg"] = .string(userMessage)
            error["error_user_title"] = .string(message)
        }
        return ok(.object(["error": .object(error)]), status: status)
    }

    /// The upload host's error shape. Secondary: a public repository's fake of rupload records it
    /// as the live server's answer (`{"debug_info":{"retriable","type","message"}}`); Meta's page does not show one.
    static func uploadError(_ status: Int, type: String, _ message: String, retriable: Bool = false) -> Response {
        ok(["debug_info": ["retriable": .bool(retriable), "type": .string(type), "message": .string(message)]], status: status)
    }
}
