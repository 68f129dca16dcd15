import Foundation

/// What cluster mode can fail with: a code, a message naming the object and the fix, and the
/// underlying error. Messages never hold the database password (`DatabaseURL.redacted`).
public struct ClusterError: Error, CustomStringConvertible, Sendable {
    public enum Code: String, Sendable {
        /// `--database` is not a PostgreSQL URL we can use.
        case url
        /// The database could not be reached (after retrying with backoff).
        case connection
        /// The database's schema is newer than this binary knows.
        case schema
        /// This worker no longer holds the item's lease: another worker took it over.
        case fenced
        /// A stored answer's bytes are missing from the shared volume.
        case content
        /// A query the database refused.
        case query
    }

    public var code: Code
    public var message: String
    public var underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        guard let underlying else { return message }
        return "\(message): \(Self.describe(underlying))"
    }

    /// PostgreSQL's own message for server errors (`PSQLError` hides it from `description`).
    static func describe(_ error: any Error) -> String {
        Database.serverMessage(error) ?? String(describing: error)
    }
}
