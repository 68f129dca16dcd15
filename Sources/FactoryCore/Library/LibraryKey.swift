/// A coding key spelled as a string literal, for the library files' hand-written decoders.
public struct LibraryKey: CodingKey, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int?

    public init(_ name: String) { stringValue = name }
    public init(index: Int) { stringValue = String(index); intValue = index }
    public init(stringLiteral value: String) { stringValue = value }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { self.init(index: intValue) }
}

extension KeyedDecodingContainer where Key == LibraryKey {
    /// A list that must hold at least `minimum` entries, with a message that says what to add.
    public func list<T: Decodable>(_ type: T.Type, _ key: String, minimum: Int = 1, what: String) throws -> [T] {
        let values = try decodeIfPresent([T].self, forKey: LibraryKey(key)) ?? []
        guard values.count >= minimum else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [LibraryKey(key)], debugDescription:
                "\(key) has \(values.count) \(what); add at least \(minimum)"))
        }
        return values
    }
}
