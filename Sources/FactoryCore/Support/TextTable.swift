/// Plain-text tables for terminals and cron logs: columns padded to their widest cell (the
/// header's included), two spaces apart, chosen columns aligned right, no trailing spaces.
/// Used by `estimate` and `review`.
package struct TextTable {
    let widths: [Int]
    let rightAligned: Set<Int>

    package init(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        self.widths = widths
        self.rightAligned = rightAligned
    }

    /// One line; the last column is never padded.
    package func line(_ cells: [String]) -> String {
        var text = ""
        for (i, cell) in cells.enumerated() {
            if i > 0 { text += "  " }
            let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
            if i == cells.count - 1 { text += rightAligned.contains(i) ? pad + cell : cell }
            else { text += rightAligned.contains(i) ? pad + cell : cell + pad }
        }
        return text.trimmingTrailingSpaces
    }

    /// A rule of dashes under every column but the last.
    package var rule: String { line(widths.dropLast().map { String(repeating: "-", count: $0) } + [""]) }
}

extension String {
    /// The text without the spaces at its end (padding of a table's last column).
    public var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
