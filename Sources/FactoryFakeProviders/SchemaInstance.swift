import FactoryCore
import Foundation

/// Makes a JSON value that validly instantiates a JSON Schema (the subset structured outputs use:
/// object, array, string, integer, number, boolean, null, enum, const, anyOf/oneOf, $ref to $defs).
struct SchemaInstance {
    private var random: SeededRandom
    private let root: FakeJSON
    /// The wrongCount fault: every array one item short of its `minItems`, else one past its
    /// `maxItems`, else empty (still JSON, no longer the shape asked for).
    var offBounds = false

    init(schema: FakeJSON, seed: UInt64) {
        self.random = SeededRandom(seed: seed)
        self.root = schema
    }

    mutating func make() -> FakeJSON { value(for: root, name: "", depth: 0) }

    private mutating func value(for schema: FakeJSON, name: String, depth: Int) -> FakeJSON {
        if let ref = schema["$ref"]?.string { return value(for: resolve(ref), name: name, depth: depth + 1) }
        if let constant = schema["const"] { return constant }
        if let options = schema["enum"]?.array, !options.isEmpty { return options[Int(random.next() % UInt64(options.count))] }
        if let choices = (schema["anyOf"] ?? schema["oneOf"])?.array, !choices.isEmpty {
            let concrete = choices.first { $0["type"]?.string != "null" } ?? choices[0]
            return value(for: concrete, name: name, depth: depth + 1)
        }
        if let all = schema["allOf"]?.array, let first = all.first { return value(for: first, name: name, depth: depth + 1) }
        var type = schema["type"]?.string
        if let types = schema["type"]?.array { type = types.compactMap(\.string).first { $0 != "null" } ?? "null" }
        if type == nil { type = schema["properties"] != nil ? "object" : (schema["items"] != nil ? "array" : "string") }
        guard depth < 12 else { return type == "object" ? [:] : (type == "array" ? [] : .null) }
        switch type {
        case "object": return object(schema, depth: depth)
        case "array": return array(schema, name: name, depth: depth)
        case "integer": return .int(integer(schema))
        case "number": return .double(number(schema))
        case "boolean": return .bool(random.next() % 2 == 0)
        case "null": return .null
        default: return .string(string(schema, name: name))
        }
    }

    private func resolve(_ ref: String) -> FakeJSON {
        guard ref.hasPrefix("#") else { return [:] }
        var node = root
        for part in ref.dropFirst().split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return [:] }
            node = next
        }
        return node
    }

    private mutating func object(_ schema: FakeJSON, depth: Int) -> FakeJSON {
        var fields: [String: FakeJSON] = [:]
        // Every declared property is filled (strict mode requires them all), required ones included.
        for (key, property) in (schema["properties"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            fields[key] = value(for: property, name: key, depth: depth + 1)
        }
        for key in schema["required"]?.array?.compactMap(\.string) ?? [] where fields[key] == nil {
            fields[key] = .string(WordBank.phrase(&random, words: 3))
        }
        return .object(fields)
    }

    private mutating func array(_ schema: FakeJSON, name: String, depth: Int) -> FakeJSON {
        let low = Int(schema["minItems"]?.int ?? 1)
        let high = Int(schema["maxItems"]?.int ?? Int64(max(low, 4)))
        let lo = max(0, min(low, high)), hi = max(lo, min(high, lo + 7))
        var count = lo + Int(random.next() % UInt64(hi - lo + 1))
        if offBounds {
            let declaredMin = Int(schema["minItems"]?.int ?? 0)
            count = declaredMin > 0 ? declaredMin - 1 : schema["maxItems"]?.int.map { Int($0) + 1 } ?? 0
        }
        let items = schema["items"] ?? ["type": "string"]
        return .array((0..<count).map { _ in value(for: items, name: name, depth: depth + 1) })
    }

    private mutating func integer(_ schema: FakeJSON) -> Int64 {
        var low = schema["minimum"]?.number.map { Int64($0.rounded(.up)) } ?? 1
        var high = schema["maximum"]?.number.map { Int64($0.rounded(.down)) } ?? max(low, 10) + 90
        if let ex = schema["exclusiveMinimum"]?.number { low = max(low, Int64(ex.rounded(.down)) + 1) }
        if let ex = schema["exclusiveMaximum"]?.number { high = min(high, Int64(ex.rounded(.up)) - 1) }
        guard high > low else { return low }
        return low + Int64(random.next() % UInt64(min(high - low, 1 << 40) + 1))
    }

    private mutating func number(_ schema: FakeJSON) -> Double {
        let low = schema["minimum"]?.number ?? schema["exclusiveMinimum"]?.number.map { $0 + 0.01 } ?? 0
        let high = schema["maximum"]?.number ?? schema["exclusiveMaximum"]?.number.map { $0 - 0.01 } ?? low + 100
        guard high > low else { return low }
        return (random.double(low, high) * 100).rounded(.down) / 100
    }

    private mutating func string(_ schema: FakeJSON, name: String) -> String {
        let minLength = Int(schema["minLength"]?.int ?? 0), maxLength = Int(schema["maxLength"]?.int ?? 100_000)
        var text: String
        switch schema["format"]?.string {
        case "date"?: text = "2026-11-\(10 + random.next() % 18)"
        case "date-time"?: text = "2026-11-\(10 + random.next() % 18)T09:30:00Z"
        case "uri"?, "url"?: text = "https://example.com/\(WordBank.word(&random))"
        case "email"?: text = "\(WordBank.word(&random))@example.com"
        case "uuid"?: text = UUID().uuidString.lowercased()
        default:
            let short = ["title", "name", "caption", "label", "headline", "tag", "mood", "colour", "color", "voice"]
                .contains { name.lowercased().contains($0) }
            text = short ? WordBank.title(&random) : WordBank.sentences(&random, count: 1 + Int(random.next() % 2))
        }
        while text.count < minLength { text += " " + WordBank.sentences(&random, count: 1) }
        if text.count > maxLength { text = String(text.prefix(maxLength)) }
        return text
    }
}
