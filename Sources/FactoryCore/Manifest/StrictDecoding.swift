import Foundation

/// Collects problems that do not stop decoding (unknown keys), so `validate` reports them all.
///
/// `@unchecked Sendable`: one collector belongs to one decoding pass on one thread; it is only
/// shared through `userInfo`, which requires `Sendable`.
final class ProblemCollector: @unchecked Sendable {
    struct Entry { var path: [CodingKey]; var key: String; var message: String }
    var entries: [Entry] = []
}

extension CodingUserInfoKey {
    static let problemCollector = CodingUserInfoKey(rawValue: "factory.problems")!
}

/// A string-keyed coding key, for looking at every key a mapping holds.
package struct AnyKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

extension Decoder {
    /// Records every key of this mapping that is not in `allowed` (typos must not pass silently).
    public func rejectUnknownKeys(_ allowed: [String]) throws {
        guard let container = try? container(keyedBy: AnyKey.self) else { return }
        let known = Set(allowed)
        for key in container.allKeys where !known.contains(key.stringValue) {
            let message: String
            if let near = Suggest.closest(to: key.stringValue, in: allowed) {
                message = "unknown key \"\(key.stringValue)\"; did you mean \"\(near)\"?"
            } else {
                message = "unknown key \"\(key.stringValue)\"; remove it (allowed here: \(allowed.sorted().joined(separator: ", ")))"
            }
            if let collector = userInfo[.problemCollector] as? ProblemCollector {
                collector.entries.append(.init(path: codingPath + [key], key: key.stringValue, message: message))
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: message))
            }
        }
    }
}

/// "Did you mean …?" by edit distance.
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let scored = candidates.map { ($0, distance(lower, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(2, word.count / 3) else { return nil }
        return best
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// A closed vocabulary spelled in the manifest (voices, themes, formats …), decoded with a helpful
/// error: `"corral" is not a voice; did you mean "coral"?`.
public protocol ManifestWord: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {
    /// What one of these is called in messages ("voice", "format").
    static var noun: String { get }
}

extension ManifestWord {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let value = Self(rawValue: text) ?? Self(rawValue: text.lowercased()) {
            self = value
            return
        }
        let all = Self.allCases.map(\.rawValue)
        let hint = Suggest.closest(to: text, in: all).map { "did you mean \"\($0)\"?" } ?? "use one of: \(all.joined(separator: ", "))"
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a \(Self.noun); \(hint)")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional value and checks it is within `range`, with a message that says so.
    public func decode<T: Decodable & Comparable>(_ type: T.Type, forKey key: Key, default fallback: T, in range: ClosedRange<T>? = nil,
                                            what: String? = nil) throws -> T {
        let value = try decodeIfPresent(T.self, forKey: key) ?? fallback
        if let range, !range.contains(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self,
                debugDescription: "\(value) is out of range; \(what ?? key.stringValue) must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }
}
