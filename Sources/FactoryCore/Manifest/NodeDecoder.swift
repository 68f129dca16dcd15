import Foundation
import Yams

/// Decodes a composed YAML node, as Yams's `YAMLDecoder` does, with keys looked up by plain
/// string comparison.
///
/// Why our own: Yams finds a key by building a tagged `Node` for it and comparing it with every
/// key of the mapping (`Node.Mapping.subscript(String)`), and lists keys by re-wrapping each.
/// On a 10,000-item manifest that was more than half of `estimate`'s time (perf, make bench).
/// Scalars are still read by Yams (`ScalarConstructible`), and errors are Yams's own
/// `DecodingError`s with the same wording, so messages and their places are unchanged.
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(_ node: Node, codingPath: [CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.node = node
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    func child(_ node: Node, _ key: CodingKey) -> NodeDecoder {
        NodeDecoder(node, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, mapping: mapping))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw mismatch(Node.Sequence.self) }
        return UnkeyedNodeContainer(decoder: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    /// Yams's wording, which `LoadSession.describe` turns into "expected …; check the value's type".
    func mismatch(_ expected: Any.Type) -> DecodingError {
        let found: Any.Type = switch node {
        case .scalar: Node.Scalar.self
        case .mapping: Node.Mapping.self
        case .sequence: Node.Sequence.self
        case .alias: Node.Alias.self
        }
        return .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expected) but found \(found) instead."))
    }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { node.null == NSNull() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let scalarType = type as? ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else { throw mismatch(Node.Scalar.self) }
        guard let value = scalarType.construct(from: scalar) as? T else { throw mismatch(type) }
        return value
    }
}

/// A mapping's keys as strings, in document order; a repeated key reads as its last value (as in Yams).
private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let pairs: [(key: String, value: Node)]

    init(decoder: NodeDecoder, mapping: Node.Mapping) {
        self.decoder = decoder
        pairs = mapping.compactMap { pair in pair.key.string.map { ($0, pair.value) } }
    }

    var codingPath: [CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        return pairs.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func value(_ key: CodingKey) -> Node? {
        let name = key.stringValue
        return pairs.last { $0.key == name }?.value
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func child(_ key: CodingKey) throws -> NodeDecoder {
        guard let node = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(node, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> Decoder { try child(AnyKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> Decoder { try child(key) }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [Node]
    var currentIndex = 0

    init(decoder: NodeDecoder, items: [Node]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The next element read by `read`; at the end, "value not found" for `wanted`.
    mutating func next<T>(_ wanted: Any.Type, _ read: (NodeDecoder) throws -> T) throws -> T {
        let key = AnyKey(intValue: currentIndex)!
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(wanted, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let value = try read(decoder.child(items[currentIndex], key))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool { try next(Any?.self) { $0.decodeNil() } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next(UnkeyedDecodingContainer.self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> Decoder { try next(Decoder.self) { $0 } }
}
