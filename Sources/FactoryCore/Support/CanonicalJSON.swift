import Foundation

/// Canonical JSON for request bodies and cache keys: keys sorted, no whitespace, slashes and
/// non-ASCII written as they are. Written by hand because Foundation's JSONSerialization on Linux
/// bridges every dictionary through NSDictionary and took most of a 10,000-item `estimate`.
public enum CanonicalJSON {
    /// Bytes that are already JSON (a schema made once), embedded as they are.
    public struct Raw: @unchecked Sendable {
        public let data: Data
        public init(_ data: Data) { self.data = data }
    }

    /// Dictionaries (`[String: Any]`), arrays, strings, integers, doubles, booleans, `Raw` and `NSNull`.
    public static func data(_ value: Any) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(1024)
        write(value, into: &out)
        return Data(out)
    }

    public static func string(_ value: Any) -> String { String(decoding: data(value), as: UTF8.self) }

    static func write(_ value: Any, into out: inout [UInt8]) {
        switch value {
        case let text as String: writeString(text, into: &out)
        case let flag as Bool: out += Array((flag ? "true" : "false").utf8)
        case let number as Int: out += Array(String(number).utf8)
        case let number as Int64: out += Array(String(number).utf8)
        case let number as UInt64: out += Array(String(number).utf8)
        case let number as Double: out += Array(format(number).utf8)
        case let raw as Raw: out += raw.data
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(object[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let list as [Any]:
            out.append(UInt8(ascii: "["))
            for (i, element) in list.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        default: out += Array("null".utf8)
        }
    }

    /// Integral values without a fraction ("7", not "7.0"); others in Swift's shortest round-trip form.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
