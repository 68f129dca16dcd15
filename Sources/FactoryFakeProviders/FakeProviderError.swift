/// The one error type of FactoryFakeProviders: a bad fault spec, scenario or start-up failure.
public struct FakeProviderError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let underlying: String?

    public init(_ message: String, underlying: (any Error)? = nil) {
        self.message = message
        self.underlying = underlying.map { "\($0)" }
    }

    public var description: String {
        guard let underlying else { return message }
        return "\(message): \(underlying)"
    }
}
