import Foundation

/// What `factory history` prints: every published item with its week, version and series, and
/// what it said or showed, one field a line; or the same as JSON.
public enum HistoryReport {
    public static func text(_ entries: [MemoryEntry], from: String?) -> String {
        guard !entries.isEmpty else {
            return "nothing published" + (from.map { " since \($0)" } ?? "") + " in the content memory\n"
        }
        let header = ["WEEK", "ITEM", "V", "SERIES", "FIELD", "TEXT"]
        var rows: [[String]] = []
        var last = ""
        for entry in entries {
            let key = "\(entry.week)/\(entry.item)/\(entry.version)"
            let head = key == last ? ["", "", "", ""] : [entry.week, entry.item, "v\(entry.version)", entry.series]
            last = key
            var text = entry.text
            if let seed = entry.seed { text += " (seed \(seed))" }
            if entry.fixed { text += " [fixed in the manifest]" }
            rows.append(head + [entry.field.rawValue, text])
        }
        let table = TextTable(header: header, rows: rows)
        var out = table.line(header) + "\n"
        for row in rows { out += table.line(row) + "\n" }
        let items = Set(entries.map { "\($0.week)/\($0.item)" }).count
        let versions = Set(entries.map { "\($0.week)/\($0.item)/\($0.version)" }).count
        let weeks = Set(entries.map(\.week)).count
        out += "\(items) items in \(weeks) week\(weeks == 1 ? "" : "s") (\(versions) versions)\n"
        return out
    }

    public static func json(_ entries: [MemoryEntry]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
