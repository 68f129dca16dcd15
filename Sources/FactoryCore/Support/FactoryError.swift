/// The one error type of FactoryCore: a code, a message naming the item and the fix, the cause.
public struct FactoryError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Codable {
        case manifest, unsupported, provider, render, quality, bundle, budget, lock, missingFile
        /// `factory cron` and `factory run --log`: a bad schedule, a crontab or log file that cannot be written.
        case schedule, log
        /// The publication journal (posts and approvals).
        case journal
    }
    public let code: Code
    public let message: String
    public let underlying: String?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying.map { "\($0)" }
    }

    public var description: String {
        guard let underlying, !underlying.isEmpty else { return message }
        return "\(message): \(underlying)"
    }
}
