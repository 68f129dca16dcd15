/// A coding key spelled as a string literal, for the library files' hand-written decoders.
struct LibraryKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) { stringValue = name }
    init(index: Int) { stringValue = String(index); intValue = index }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
}

extension KeyedDecodingContainer where Key == LibraryKey {
    /// A list that must hold at least `minimum` entries, with a message that says what to add.
    func list<T: Decodable>(_ type: T.Type, _ key: String, minimum: Int = 1, what: String) throws -> [T] {
        let values = try decodeIfPresent([T].self, forKey: LibraryKey(key)) ?? []
        guard values.count >= minimum else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [LibraryKey(key)], debugDescription:
                "\(key) has \(values.count) \(what); add at least \(minimum)"))
        }
        return values
    }
}
