import Foundation

/// A content kind's name as a manifest spells it (`kind: poster`). The set is open: Core knows a
/// kind only through the `KindDescriptor` registered under its name (see docs/architecture.md).
public struct Kind: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }
    public init(stringLiteral name: String) { rawValue = name }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
}
