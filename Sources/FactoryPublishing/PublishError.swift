import FactoryCore
import Foundation

/// The publishing module's error: a code, a message naming the platform, the item and the fix,
/// and the underlying error. Messages never carry a token (they pass `Secrets.redact`).
public struct PublishError: Error, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// No usable credentials, or the token lacks a scope: fix the set-up (exit 2).
        case credentials
        /// The platform answered with an error that a later publish may not see (5xx, network).
        case transient
        /// The platform refused the request as made (4xx other than auth and limits).
        case refused
        /// Another publish holds the lock (exit 75).
        case locked
        /// Bad manifest or arguments (exit 2).
        case input
    }

    public var code: Code
    public var platform: Platform?
    public var message: String
    public var underlying: (any Error)?

    public init(_ code: Code, platform: Platform? = nil, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.platform = platform
        self.message = Secrets.redact(message)
        self.underlying = underlying
    }

    public var description: String {
        let prefix = platform.map { "\($0.title): " } ?? ""
        return prefix + message
    }
}
