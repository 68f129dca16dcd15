import Crypto
import Foundation

/// RFC 7636 proof key: a random verifier and its S256 challenge.
public struct PKCE: Sendable {
    public let verifier: String
    public var challenge: String { Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))) }

    public init() {
        var bytes = [UInt8](repeating: 0, count: 48)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        verifier = Self.base64URL(Data(bytes))
    }

    public init(verifier: String) { self.verifier = verifier }

    /// A random `state` for the redirect.
    public static func state() -> String { PKCE().verifier.prefix(24).description }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
