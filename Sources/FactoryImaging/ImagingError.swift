import Foundation

/// The one error type of FactoryImaging: what failed, on which object, and libvips' own words.
public struct ImagingError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public enum Code: String, Sendable { case initialisation, load, operation, save, text, untrusted }
    public let code: Code
    public let message: String
    public let underlying: String?

    public init(_ code: Code, _ message: String, underlying: String? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        guard let underlying, !underlying.isEmpty else { return message }
        return "\(message): \(underlying.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
