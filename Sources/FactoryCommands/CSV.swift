/// RFC 4180 CSV: a field is quoted when it holds a comma, a double quote, CR or LF (quotes doubled);
/// rows end with LF; the header row comes first.
enum CSV {
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func row(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") }

    static func table(header: [String], rows: [[String]]) -> String {
        ([row(header)] + rows.map(row)).map { $0 + "\n" }.joined()
    }
}
